// What the index reads of PostgreSQL's tsquery text.

/** plainto_tsquery's text as the list of its lexemes, or null for anything but a plain conjunction. */
export function conjunctionLexemes(tsquery: string): string[] | null {
  if (tsquery.trim() === '') return [];
  const lexemes: string[] = [];
  for (const part of tsquery.split(' & ')) {
    const quoted = /^'((?:[^'\\]|''|\\.)*)'$/.exec(part);
    if (!quoted) return null;
    lexemes.push(quoted[1].replace(/''/g, "'").replace(/\\(.)/g, '$1'));
  }
  return lexemes;
}
