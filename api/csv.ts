// CSV as Excel opens it: UTF-8 with a byte-order mark (or accents come out garbled), CRLF lines,
// every field quoted, and cells that start like a formula neutralised so a sender cannot run one.
const formulaStart = /^[=+\-@\t\r]/;

type Row = (string | number | null | undefined)[];

const cell = (value: string | number | null | undefined) => {
  const text = value === null || value === undefined ? '' : String(value);
  return `"${(formulaStart.test(text) ? `'${text}` : text).replace(/"/g, '""')}"`;
};

const line = (row: Row) => `${row.map(cell).join(',')}\r\n`;

export function toCsv(header: string[], rows: Row[]): string {
  return `\uFEFF${[header, ...rows].map(line).join('')}`;
}

/** The same file as `toCsv`, written a batch of rows at a time: the header first, then each batch as it comes. */
export async function* csvChunks(header: string[], batches: AsyncIterable<Row[]>): AsyncGenerator<string> {
  yield `\uFEFF${line(header)}`;
  for await (const rows of batches) if (rows.length > 0) yield rows.map(line).join('');
}
