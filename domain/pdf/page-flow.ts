// A cursor that walks down the pages of a jsPDF document. Everything is drawn line by line through
// it, and it starts a new page before a line or an image that would not fit: nothing is ever cut.
// Every text goes through toPdfText (text.ts): Helvetica where it can, the symbol font for the rest.
import type { jsPDF } from 'jspdf';
import { SymbolFont, symbolFontName } from './symbol-font';
import { hasSymbols, pdfRuns, toPdfText, wrapByWidths } from './text';

export type Rgb = readonly [number, number, number];
export type TextStyle = { size: number; weight: 'normal' | 'bold' | 'italic'; color: Rgb };
export type ContentBox = { left: number; right: number; top: number; bottom: number };
export type Column = { lines: string[]; x: number; style: TextStyle };

const mmPerPoint = 25.4 / 72;
const lineHeightFactor = 1.3;

export type TextOptions = { align?: 'left' | 'center' | 'right'; baseline?: 'top' | 'middle' };

export class PageFlow {
  y: number;
  private readonly symbols: SymbolFont;

  /** `symbolFont`: the bytes of DejaVu Sans (symbol-font.ts); null prints the symbols spelled out. */
  constructor(
    readonly doc: jsPDF,
    readonly box: ContentBox,
    symbolFont: Uint8Array | null = null,
  ) {
    this.y = box.top;
    this.symbols = new SymbolFont(doc, symbolFont);
  }

  /** A text as this document prints it (text.ts, toPdfText). */
  text(raw: string): string {
    return toPdfText(raw, (ch) => this.symbols.has(ch));
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

  /** The text (made printable) in lines of at most `width`. */
  split(raw: string, style: TextStyle, width: number): string[] {
    const text = this.text(raw);
    this.use(style);
    if (!hasSymbols(text)) return this.doc.splitTextToSize(text, width) as string[];
    const widths = pdfRuns(text).flatMap((run) => this.charWidths(run.text, style, run.symbol));
    return wrapByWidths(text, widths, width);
  }

  /** The printed width of a line of printable text, in millimetres. */
  textWidth(line: string, style: TextStyle): number {
    return pdfRuns(line).reduce((sum, run) => sum + this.charWidths(run.text, style, run.symbol).reduce((a, b) => a + b, 0), 0);
  }

  /** A line of printable text at (x, y), each stretch in its font; `align` is about x, like jsPDF's. */
  textAt(line: string, x: number, y: number, style: TextStyle, options: TextOptions = {}): void {
    const baseline = options.baseline ?? 'top';
    if (!hasSymbols(line)) {
      this.use(style);
      this.doc.text(line, x, y, { baseline, align: options.align ?? 'left' });
      return;
    }
    const total = this.textWidth(line, style);
    let cursor = options.align === 'center' ? x - total / 2 : options.align === 'right' ? x - total : x;
    for (const run of pdfRuns(line)) {
      this.useFor(style, run.symbol);
      this.doc.text(run.text, cursor, y, { baseline });
      cursor += this.charWidths(run.text, style, run.symbol).reduce((a, b) => a + b, 0);
    }
    this.use(style);
  }

  /** `raw` made printable and cut with '…' to fit `width`. */
  fit(raw: string, style: TextStyle, width: number): string {
    const text = this.text(raw);
    if (this.textWidth(text, style) <= width) return text;
    let end = text.length;
    while (end > 0 && this.textWidth(`${text.slice(0, end).trimEnd()}…`, style) > width) end--;
    return `${text.slice(0, end).trimEnd()}…`;
  }

  /** Each character's width in millimetres, without kerning (jsPDF prints without it). */
  private charWidths(text: string, style: TextStyle, symbol: boolean): number[] {
    this.useFor(style, symbol);
    const size = style.size / this.doc.internal.scaleFactor;
    return (this.doc.getCharWidthsArray(text, { doKerning: false }) as number[]).map((unit) => unit * size);
  }

  private useFor(style: TextStyle, symbol: boolean): void {
    if (!symbol) return this.use(style);
    // One face of DejaVu Sans serves every weight: it is only for the few characters Helvetica lacks.
    this.doc.setFont(symbolFontName, 'normal');
    this.doc.setFontSize(style.size);
    this.doc.setTextColor(...style.color);
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
    this.textAt(line, x, this.y + offset, style, { align });
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
