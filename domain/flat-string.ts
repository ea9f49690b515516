/**
 * The same text, made one piece in memory. V8 keeps a string built by joining pieces (`+=`, as React's
 * renderToString builds its markup, or JSON.stringify its answer) as a tree of those pieces; reading a
 * character turns the tree into one flat copy in place, and the pieces become garbage. For text kept a
 * long time (the index's summaries, the cards' markup): each tree was tens of strings of 32 bytes of
 * overhead each, and every later use walked it.
 */
export function flatString(text: string): string {
  if (text.length > 0) text.charCodeAt(0);
  return text;
}
