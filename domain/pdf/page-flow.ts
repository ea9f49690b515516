// A cursor that walks down the pages of a jsPDF document. Everything is drawn line by line through
// it, and it starts a new page before a line or an image that would not fit: nothing is ever cut.
import type { jsPDF } from 'jspdf';

export type Rgb = readonly [number, number, number];
export type TextStyle = { size: number; weight: 'normal' | 'bold' | 'italic'; color: Rgb };
export type ContentBox = { left: number; right: number; top: number; bottom: number };
export type Column = { lines: string[]; x: number; style: TextStyle };

const mmPerPoint = 25.4 / 72;
const lineHeightFactor = 1.3;

export class PageFlow {
  y: number;

  constructor(
    readonly doc: jsPDF,
    readonly box: ContentBox,
  ) {
    this.y = box.top;
  }

  get width(): number {
    return this.box.right - this.box.left;
  }

  /** The height a page offers, used to keep blocks that are a fraction of it together. */
  get pageHeight(): number {
    return this.box.bottom - this.box.top;
  }

  /** Starts a new page unless `height` fits below the cursor, or the page is still empty. */
  ensure(height: number): void {
    if (this.y + height > this.box.bottom && this.y > this.box.top) {
      this.doc.addPage();
      this.y = this.box.top;
    }
  }

  /** Vertical space; swallowed at a page break so a page never starts with a gap. */
  gap(height: number): void {
    this.y = Math.min(this.y + height, this.box.bottom);
  }

  use(style: TextStyle): void {
    this.doc.setFont('helvetica', style.weight);
    this.doc.setFontSize(style.size);
    this.doc.setTextColor(...style.color);
  }

  lineHeight(style: TextStyle): number {
    return style.size * mmPerPoint * lineHeightFactor;
  }

  split(text: string, style: TextStyle, width: number): string[] {
    this.use(style);
    return this.doc.splitTextToSize(text, width) as string[];
  }

  /** Wrapped text starting at `x`; `align: 'center'` centres it on the content box. */
  paragraph(text: string, style: TextStyle, options: { x?: number; width?: number; align?: 'center' } = {}): void {
    const x = options.x ?? this.box.left;
    const lines = this.split(text, style, options.width ?? this.box.right - x);
    const centre = (this.box.left + this.box.right) / 2;
    for (const line of lines) {
      this.ensure(this.lineHeight(style));
      this.use(style);
      if (options.align === 'center') this.drawLine(line, centre, style, 'center');
      else this.drawLine(line, x, style);
      this.y += this.lineHeight(style);
    }
  }

  /** Columns side by side, line by line: a long answer may run onto the next page, never mid-line. */
  columns(columns: Column[], onLineDrawn?: (top: number, height: number) => void): void {
    const height = Math.max(...columns.map((c) => this.lineHeight(c.style)));
    const count = Math.max(...columns.map((c) => c.lines.length));
    for (let i = 0; i < count; i++) {
      this.ensure(height);
      for (const column of columns) {
        const line = column.lines[i];
        if (line === undefined) continue;
        this.use(column.style);
        this.drawLine(line, column.x, column.style);
      }
      onLineDrawn?.(this.y, height);
      this.y += height;
    }
  }

  /**
   * An image of at most `maxWidth` x `maxHeight`, aspect kept, centred. When it does not fit below
   * the cursor it shrinks down to `minHeight` to use the room left, and only then takes a new page.
   */
  image(
    image: { data: Uint8Array; format: 'JPEG' | 'PNG'; width: number; height: number; alias: string },
    size: { maxWidth: number; maxHeight: number; minHeight: number; reserveBelow: number },
  ): void {
    const fitted = Math.min(size.maxWidth / image.width, size.maxHeight / image.height);
    const room = this.box.bottom - this.y - size.reserveBelow;
    const scale = image.height * fitted <= room || room < size.minHeight ? fitted : room / image.height;
    const width = image.width * scale;
    const height = image.height * scale;
    this.ensure(height + size.reserveBelow);
    const x = this.box.left + (this.width - width) / 2;
    this.doc.addImage(image.data, image.format, x, this.y, width, height, image.alias, 'FAST');
    this.doc.setDrawColor(200, 200, 200);
    this.doc.setLineWidth(0.2);
    this.doc.rect(x, this.y, width, height);
    this.y += height;
  }

  rule(color: Rgb, x1 = this.box.left, x2 = this.box.right): void {
    this.doc.setDrawColor(...color);
    this.doc.setLineWidth(0.2);
    this.doc.line(x1, this.y, x2, this.y);
  }

  private drawLine(line: string, x: number, style: TextStyle, align: 'left' | 'center' = 'left'): void {
    // Text sits in the middle of its line box, so rules and fills drawn at line edges clear it.
    const offset = (this.lineHeight(style) - style.size * mmPerPoint) / 2;
    this.doc.text(line, x, this.y + offset, { baseline: 'top', align });
  }
}

/** Draws on every page once the page count is known ('Página 2 de 5'). */
export function stampPages(doc: jsPDF, draw: (page: number, total: number) => void): void {
  const total = doc.getNumberOfPages();
  for (let page = 1; page <= total; page++) {
    doc.setPage(page);
    draw(page, total);
  }
}

/** `text` cut with '…' to fit `width` in the current font. */
export function fitWidth(doc: jsPDF, text: string, width: number): string {
  if (doc.getTextWidth(text) <= width) return text;
  let end = text.length;
  while (end > 0 && doc.getTextWidth(`${text.slice(0, end).trimEnd()}…`) > width) end--;
  return `${text.slice(0, end).trimEnd()}…`;
}
