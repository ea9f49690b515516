// What Word and Google Docs put on the clipboard, made plain before the editor reads it: their styles,
// fonts, comments and wrappers go; bold and italics stay (the editor reads font-weight and font-style);
// Word's lists, which are paragraphs with a typed marker, become real lists. The server sanitizes what
// is saved anyway (api/article-html.ts): this is about what the editor shows and keeps.

/** Word's list paragraphs: class MsoListParagraph... or a style with mso-list. */
const isWordListItem = (element: Element) => /MsoListParagraph/i.test(element.className) || /mso-list:\s*l\d/i.test(element.getAttribute('style') ?? '');

/** Which of Word's lists ('l0', 'l1'...) a list paragraph belongs to: a bulleted list right above a numbered one is two lists. */
const wordListOf = (element: Element) => /mso-list:\s*(l\d+)/i.exec(element.getAttribute('style') ?? '')?.[1] ?? null;

/** The typed marker of a Word list item ('1.', 'a)', '·', '§', 'o'): ordered when it is a number or a letter. */
function markerOf(item: Element): { ordered: boolean; node: Element | null } {
  const node = item.querySelector('span[style*="mso-list:Ignore" i], span[style*="mso-list: Ignore" i]');
  const text = (node?.textContent ?? '').trim();
  return { ordered: /^(\d+|[a-z]|[ivxlc]+)[.)]/i.test(text), node };
}

function unwrap(element: Element) {
  element.replaceWith(...Array.from(element.childNodes));
}

/** Only what the editor reads from a style: bold and italics. */
function keptStyle(style: string): string {
  const kept = style
    .split(';')
    .map((part) => part.trim())
    .filter((part) => /^font-weight\s*:\s*(bold|bolder|[5-9]00)\b/i.test(part) || /^font-style\s*:\s*italic\b/i.test(part));
  return kept.join('; ');
}

export function cleanPastedHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const { body } = doc;

  // Comments (Word's <!--[if ...]> blocks) and elements that carry no text of the article.
  const walker = doc.createTreeWalker(body, NodeFilter.SHOW_COMMENT);
  const comments: Node[] = [];
  while (walker.nextNode()) comments.push(walker.currentNode);
  comments.forEach((comment) => comment.parentNode?.removeChild(comment));
  body.querySelectorAll('style, script, meta, link, title, xml, template').forEach((element) => element.remove());
  // Office's own tags (<o:p>, <w:...>): their text stays, the tag goes.
  for (const element of Array.from(body.getElementsByTagName('*'))) if (element.tagName.includes(':')) unwrap(element);

  // Google Docs wraps the whole selection in <b style="font-weight:normal" id="docs-internal-guid-...">.
  body.querySelectorAll('b[id^="docs-internal-guid"]').forEach(unwrap);

  // Word's list paragraphs, in runs of one list, become <ul>/<ol> with <li> items (its typed markers dropped).
  for (const first of Array.from(body.querySelectorAll('p'))) {
    if (!first.isConnected || !isWordListItem(first)) continue;
    const { ordered } = markerOf(first);
    const list = doc.createElement(ordered ? 'ol' : 'ul');
    const id = wordListOf(first);
    first.before(list);
    let item: Element | null = first;
    while (item && item.tagName === 'P' && isWordListItem(item) && wordListOf(item) === id) {
      const next: Element | null = item.nextElementSibling;
      markerOf(item).node?.remove();
      const li = doc.createElement('li');
      li.append(...Array.from(item.childNodes));
      list.append(li);
      item.remove();
      item = next;
    }
  }

  // Attributes: only links, images and players keep theirs; styles keep bold and italics only.
  for (const element of Array.from(body.querySelectorAll('*'))) {
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      const keep = (name === 'href' && element.tagName === 'A') || (['src', 'alt', 'title'].includes(name) && ['IMG', 'IFRAME'].includes(element.tagName));
      if (name === 'style') {
        const style = keptStyle(attribute.value);
        if (style) element.setAttribute('style', style);
        else element.removeAttribute('style');
      } else if (!keep) {
        element.removeAttribute(attribute.name);
      }
    }
    // Spans and fonts without a kept style are only wrappers.
    if ((element.tagName === 'SPAN' || element.tagName === 'FONT') && !element.getAttribute('style')) unwrap(element);
  }
  // Word's empty paragraphs (&nbsp; spacers) are not text.
  body.querySelectorAll('p').forEach((p) => {
    if (p.textContent?.replace(/\u00a0/g, ' ').trim() === '' && !p.querySelector('img, iframe')) p.remove();
  });
  return body.innerHTML;
}

/** The tags the editor keeps as they are; content with any other is edited as HTML, so nothing is lost. */
const editorTags = new Set('P BR STRONG B EM I U S STRIKE DEL A H1 H2 H3 H4 H5 H6 UL OL LI BLOCKQUOTE IMG IFRAME CODE PRE HR SPAN'.split(' '));

/** Whether the editor would lose something of this HTML (a table, a figure, a definition list...). */
export function hasTagsEditorDrops(html: string): boolean {
  if (!html.trim()) return false;
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return Array.from(body.querySelectorAll('*')).some((element) => !editorTags.has(element.tagName));
}
