// What Word and Google Docs put on the clipboard, made plain before the editor reads it: their styles,
// fonts, comments and wrappers go; bold and italics stay (the editor reads font-weight and font-style);
// Word's lists, which are paragraphs with a typed marker, become real lists, nested as they were. The
// editor holds no tables: a table's rows become paragraphs, its cells' words kept apart. An image stays
// only when the site can show it (https) and it has a description (its alt), as the toolbar's form asks;
// what was left out is reported, for the editor to say so. The server sanitizes what is saved anyway
// (api/article-html.ts): this is about what the editor shows and keeps.
import { isArticleImage } from '../../../../domain';

/** What a paste lost, for the editor to tell: images without a description (their addresses, to describe and insert), images the site cannot show, tables made paragraphs. */
export type PastedDrops = { undescribedImages: string[]; unusableImages: number; tables: number };

export const nothingDropped = (drops: PastedDrops) => drops.undescribedImages.length === 0 && drops.unusableImages === 0 && drops.tables === 0;

/** Word's list paragraphs: class MsoListParagraph... or a style with mso-list. */
const isWordListItem = (element: Element) => /MsoListParagraph/i.test(element.className) || /mso-list:\s*l\d/i.test(element.getAttribute('style') ?? '');

/** Which of Word's lists ('l0', 'l1'...) a list paragraph belongs to: a bulleted list right above a numbered one is two lists. */
const wordListOf = (element: Element) => /mso-list:\s*(l\d+)/i.exec(element.getAttribute('style') ?? '')?.[1] ?? null;

/** How deep a Word list paragraph sits ('mso-list:l0 level2' is an item of a list inside the first level's item). */
const wordLevelOf = (element: Element) => Number(/mso-list:\s*l\d+\s+level(\d+)/i.exec(element.getAttribute('style') ?? '')?.[1] ?? 1);

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

/** Elements that hold blocks of text; inside a table's cell they are only its words. */
const cellBlocks = 'p, div, h1, h2, h3, h4, h5, h6, ul, ol, li, blockquote, pre, dl, dt, dd';

/** A table as paragraphs: its caption, then one per row, with its cells' contents separated by ' | '. */
function tableAsParagraphs(doc: Document, table: HTMLTableElement): HTMLParagraphElement[] {
  const paragraphs: HTMLParagraphElement[] = [];
  const paragraphOf = (...parts: (Node | string)[]) => {
    const p = doc.createElement('p');
    p.append(...parts);
    paragraphs.push(p);
  };
  const flat = (cell: Element) => {
    for (const block of Array.from(cell.querySelectorAll(cellBlocks))) {
      block.before(' ');
      block.after(' ');
      unwrap(block);
    }
    cell.querySelectorAll('br').forEach((br) => br.replaceWith(' '));
    return Array.from(cell.childNodes);
  };
  if (table.caption?.textContent?.trim()) paragraphOf(...flat(table.caption));
  for (const row of Array.from(table.rows)) {
    const cells = Array.from(row.cells).filter((cell) => cell.textContent?.replace(/\u00a0/g, ' ').trim() || cell.querySelector('img'));
    if (cells.length > 0) paragraphOf(...cells.flatMap((cell, index) => [...(index > 0 ? [' | '] : []), ...flat(cell)]));
  }
  return paragraphs;
}

/** The pasted HTML as the editor should read it, and what was left out of it. */
export function cleanPastedHtml(html: string): { html: string; drops: PastedDrops } {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const { body } = doc;
  const drops: PastedDrops = { undescribedImages: [], unusableImages: 0, tables: 0 };

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

  // Word's list paragraphs, in runs of one list, become <ul>/<ol> with <li> items (its typed markers
  // dropped); an item of a deeper level goes in a list of its own inside the item above it.
  for (const first of Array.from(body.querySelectorAll('p'))) {
    if (!first.isConnected || !isWordListItem(first)) continue;
    const id = wordListOf(first);
    const top = doc.createElement(markerOf(first).ordered ? 'ol' : 'ul');
    first.before(top);
    const open = [{ level: wordLevelOf(first), list: top }];
    let item: Element | null = first;
    while (item && item.tagName === 'P' && isWordListItem(item) && wordListOf(item) === id) {
      const next: Element | null = item.nextElementSibling;
      const level = wordLevelOf(item);
      const { ordered, node } = markerOf(item);
      node?.remove();
      while (open.length > 1 && level < open[open.length - 1].level) open.pop();
      const parent = open[open.length - 1].list.lastElementChild;
      if (level > open[open.length - 1].level && parent) {
        const list = doc.createElement(ordered ? 'ol' : 'ul');
        parent.append(list);
        open.push({ level, list });
      }
      const li = doc.createElement('li');
      li.append(...Array.from(item.childNodes));
      open[open.length - 1].list.append(li);
      item.remove();
      item = next;
    }
  }
  // A list written straight inside another (Google Docs' nested lists) belongs to the item above it.
  for (const list of Array.from(body.querySelectorAll(':is(ul, ol) > :is(ul, ol)'))) {
    const above = list.previousElementSibling;
    if (above?.tagName === 'LI') above.append(list);
  }

  // Tables (from a web page, Excel or Word), innermost first: their rows become paragraphs.
  for (const table of Array.from(body.querySelectorAll('table')).reverse()) {
    if (!table.parentElement?.closest('table')) drops.tables++;
    table.replaceWith(...tableAsParagraphs(doc, table));
  }

  // Images the site can show (https, or of its own media library), with a description. What is copied
  // from an article in the editor itself (ProseMirror marks its slices) pastes as it was: an imported
  // article's image without a description is moved, not lost.
  const fromEditor = body.querySelector('[data-pm-slice]') !== null;
  for (const image of fromEditor ? [] : Array.from(body.querySelectorAll('img'))) {
    const src = image.getAttribute('src')?.trim() ?? '';
    if (!isArticleImage(src)) drops.unusableImages++;
    else if (!image.getAttribute('alt')?.trim()) drops.undescribedImages.push(src);
    else continue;
    image.remove();
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
  return { html: body.innerHTML, drops };
}

/** The tags the editor keeps as they are; content with any other is edited as HTML, so nothing is lost. */
const editorTags = new Set('P BR STRONG B EM I U S STRIKE DEL A H1 H2 H3 H4 H5 H6 UL OL LI BLOCKQUOTE IMG IFRAME CODE PRE HR SPAN'.split(' '));

/** Whether the editor would lose something of this HTML (a table, a figure, a definition list...). */
export function hasTagsEditorDrops(html: string): boolean {
  if (!html.trim()) return false;
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return Array.from(body.querySelectorAll('*')).some((element) => !editorTags.has(element.tagName));
}
