// Plain text put into HTML (a page's head, a feed item's text made into paragraphs): the five characters
// that could end a text or an attribute value become entities. One test, and one pass only for a text that
// needs it: most texts need none, and a page's head is made for every rendered page.
const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (text: string) => (/[&<>"']/.test(text) ? text.replace(/[&<>"']/g, (char) => htmlEscapes[char]) : text);
