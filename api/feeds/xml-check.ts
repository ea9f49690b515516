// feedsmith's XML parser forgives unclosed elements, so a truncated download would import half a feed.
// This is not a validator: it only proves every element is closed in order and there is one root.

const markup =
  /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<!DOCTYPE(?:[^>[]|\[[\s\S]*?\])*>|<\/\s*([^\s>]+)\s*>|<([^\s/>!?]+)(?:[^>"']|"[^"]*"|'[^']*')*?(\/?)>/gy;

export function isBalancedXml(text: string): boolean {
  const open: string[] = [];
  let roots = 0;
  let index = text.indexOf('<');
  if (index < 0 || text.slice(0, index).trim() !== '') return false;
  while (index >= 0) {
    markup.lastIndex = index;
    const match = markup.exec(text);
    if (!match) return false; // a "<" that opens nothing we know, or a comment or CDATA never closed
    const [, closing, opening, selfClosing] = match;
    if (closing) {
      if (open.pop() !== closing) return false;
    } else if (opening) {
      if (open.length === 0 && ++roots > 1) return false;
      if (!selfClosing) open.push(opening);
    }
    const next = text.indexOf('<', markup.lastIndex);
    // Outside the root only markup and blanks may appear.
    const between = text.slice(markup.lastIndex, next < 0 ? text.length : next);
    if (open.length === 0 && between.trim() !== '') return false;
    index = next;
  }
  return open.length === 0 && roots === 1;
}
