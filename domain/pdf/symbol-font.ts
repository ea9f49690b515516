// The second font of the advance-form PDF: DejaVu Sans, for the characters Helvetica lacks (text.ts).
// It ships in the npm package dejavu-fonts-ttf; domain/ does no I/O, so the server reads the file
// (api/pdf-font.ts) and the browser fetches it (pwa/features/admin/drafts/draft-pdf.ts), and both
// hand its bytes to buildAdvanceFormPdf. The document registers it on the first character that needs
// it, so a form written in Spanish alone never parses or embeds it; jsPDF embeds the glyphs used only.
import type { jsPDF } from 'jspdf';

/** The font file inside its npm package (a module path: require.resolve, or a bundler's import). */
export const symbolFontModule = 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf';

const fileName = 'DejaVuSans.ttf';
export const symbolFontName = 'DejaVuSans';

type GlyphMap = { characterToGlyph(code: number): number };
const isGlyphMap = (value: unknown): value is GlyphMap =>
  typeof value === 'object' && value !== null && typeof (value as Partial<GlyphMap>).characterToGlyph === 'function';

/** jsPDF takes a font as a binary string; made once per byte array (the server keeps one for every PDF). */
const binaryStrings = new WeakMap<Uint8Array, string>();
function binaryString(bytes: Uint8Array): string {
  let text = binaryStrings.get(bytes);
  if (text === undefined) {
    const parts: string[] = [];
    for (let i = 0; i < bytes.length; i += 0x8000) parts.push(String.fromCharCode(...bytes.subarray(i, i + 0x8000)));
    text = parts.join('');
    binaryStrings.set(bytes, text);
  }
  return text;
}

export class SymbolFont {
  /** undefined: not asked yet; null: no bytes given, or they are not a font jsPDF can read. */
  private glyphs: GlyphMap | null | undefined;

  constructor(
    private readonly doc: jsPDF,
    private readonly bytes: Uint8Array | null,
  ) {}

  /** Whether the font has this character (one UTF-16 unit: jsPDF's cmap reading goes no further). */
  has(ch: string): boolean {
    if (ch.length !== 1) return false;
    const glyphs = this.load();
    return glyphs !== null && glyphs.characterToGlyph(ch.charCodeAt(0)) > 0;
  }

  private load(): GlyphMap | null {
    if (this.glyphs !== undefined) return this.glyphs;
    this.glyphs = null;
    if (!this.bytes) return null;
    const { fontName, fontStyle } = this.doc.getFont();
    try {
      this.doc.addFileToVFS(fileName, binaryString(this.bytes));
      this.doc.addFont(fileName, symbolFontName, 'normal', undefined, 'Identity-H');
      this.doc.setFont(symbolFontName, 'normal');
      const metadata: unknown = this.doc.getFont().metadata;
      if (isGlyphMap(metadata)) this.glyphs = metadata;
    } catch {
      // Not a TrueType font: the characters are spelled out instead.
    } finally {
      this.doc.setFont(fontName, fontStyle);
    }
    return this.glyphs;
  }
}
