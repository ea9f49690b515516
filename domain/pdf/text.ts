// What the advance-form PDF can print, character by character. Its text font is Helvetica, one of the
// standard PDF fonts (not embedded), which has the WinAnsi (cp1252) characters only: Spanish and the
// usual punctuation. Anything else a person may type that DejaVu Sans has (arrows, ≥ ≤ ≠, ✓ ✗, Greek,
// Cyrillic...) is printed as itself in DejaVu Sans, embedded in the document with just the glyphs used
// (symbol-font.ts), and only in documents that need it. Without that font (a browser offline that
// never fetched it) such characters are spelled out ('→' as '->'); what no font has becomes '?'.

/** The cp1252 characters above Latin-1's range that the standard fonts do have. */
const winAnsiExtras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Helvetica draws it (a line break counts: the wrapping handles it). */
export const isWinAnsi = (ch: string): boolean => /^[\n\x20-\x7E\xA0-\xFF]$/.test(ch) || winAnsiExtras.has(ch);

/** How the common symbols are spelled out when the font that has them is not at hand. */
const lookalikes: Record<string, string> = {
  '→': '->',
  '←': '<-',
  '⇒': '=>',
  '≥': '>=',
  '≤': '<=',
  '≠': '!=',
  '−': '-',
  '‐': '-',
  '‑': '-',
  '′': "'",
  '″': '"',
  '✓': '+',
  '✔': '+',
  '✗': 'x',
  '✘': 'x',
};

/**
 * Text the PDF can print: composed accents (a phone may send 'a' + U+0301), Windows line ends folded,
 * tabs as spaces, invisible formatting marks and control characters dropped; a character Helvetica
 * lacks stays when `canPrint` says the symbol font has it, else it is spelled out or becomes '?'.
 * Without `canPrint` (the document's properties, which are not printed) everything is brought into WinAnsi.
 */
export function toPdfText(text: string, canPrint: (ch: string) => boolean = () => false): string {
  return text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, ' ')
    .replace(/[\p{Cf}\p{Mn}]/gu, '')
    .replace(/[^\n\P{Cc}]/gu, '')
    .replace(/[^\n\x20-\x7E\xA0-\xFF]/gu, (ch) => (winAnsiExtras.has(ch) || canPrint(ch) ? ch : (lookalikes[ch] ?? '?')));
}

/** A stretch of a line printed in one font: Helvetica, or the symbol font for what Helvetica lacks. */
export type PdfRun = { text: string; symbol: boolean };

/** A line of text from toPdfText, cut where it changes font. */
export function pdfRuns(line: string): PdfRun[] {
  const runs: PdfRun[] = [];
  for (const ch of line) {
    const symbol = !isWinAnsi(ch);
    const last = runs[runs.length - 1];
    if (last && last.symbol === symbol) last.text += ch;
    else runs.push({ text: ch, symbol });
  }
  return runs;
}

/** Whether a line needs the symbol font at all. */
export const hasSymbols = (line: string): boolean => [...line].some((ch) => !isWinAnsi(ch));

/**
 * Lines of at most `maxWidth`, given each character's width: broken after the last space that fits,
 * or inside a word longer than a line; '\n' always breaks. (Used for text with symbols, which jsPDF's
 * own splitter cannot measure across two fonts.)
 */
export function wrapByWidths(text: string, widths: readonly number[], maxWidth: number): string[] {
  const lines: string[] = [];
  let start = 0;
  let width = 0;
  let lastSpace = -1;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\n') {
      lines.push(text.slice(start, i));
      start = i + 1;
      width = 0;
      lastSpace = -1;
      continue;
    }
    if (ch !== ' ' && i > start && width + widths[i] > maxWidth) {
      const breakAt = lastSpace >= start ? lastSpace : i;
      lines.push(text.slice(start, breakAt).trimEnd());
      start = breakAt === i ? i : breakAt + 1;
      width = 0;
      for (let j = start; j < i; j++) width += widths[j];
      lastSpace = -1;
    }
    if (ch === ' ') lastSpace = i;
    width += widths[i];
  }
  lines.push(text.slice(start));
  return lines;
}
