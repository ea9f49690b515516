// CSV as Excel opens it: UTF-8 with a byte-order mark (or accents come out garbled), CRLF lines,
// every field quoted, and cells that start like a formula neutralised so a sender cannot run one.
const formulaStart = /^[=+\-@\t\r]/;

const cell = (value: string | number | null | undefined) => {
  const text = value === null || value === undefined ? '' : String(value);
  return `"${(formulaStart.test(text) ? `'${text}` : text).replace(/"/g, '""')}"`;
};

export function toCsv(header: string[], rows: (string | number | null | undefined)[][]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
