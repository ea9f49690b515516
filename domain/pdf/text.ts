// jsPDF's standard fonts draw WinAnsi (cp1252) only: anything else comes out as garbage, so answers
// typed on any device are brought into that set before they reach the page.

/** The cp1252 characters above Latin-1's range that the standard fonts do have. */
const winAnsiExtras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

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
  '\t': ' ',
};

/**
 * Text safe to draw with Helvetica: composed accents (a phone may send 'a' + U+0301), Windows line
 * ends folded, invisible formatting marks dropped, a few common symbols spelled out, the rest as '?'.
 */
export function toPdfText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/[\p{Cf}\p{Mn}]/gu, '')
    .replace(/[^\n\x20-\x7E\xA0-\xFF]/gu, (ch) => lookalikes[ch] ?? (winAnsiExtras.has(ch) ? ch : /\p{Cc}/u.test(ch) ? '' : '?'));
}
