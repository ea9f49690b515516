// Per-source keyword filters: staff keep only the items about their trade, accent- and case-blind.
import { foldText } from '../../domain/slug';
import { htmlToText } from './sanitize';

/** Empty `include` keeps everything; any `exclude` match drops the item whatever `include` says. */
export function matchesKeywords(item: { title: string; contentHtml: string }, include: string[], exclude: string[]): boolean {
  const text = fold(`${item.title} ${htmlToText(item.contentHtml)}`);
  const found = (keywords: string[]) => keywords.map(fold).some((keyword) => keyword !== '' && text.includes(keyword));
  if (found(exclude)) return false;
  return include.every((keyword) => fold(keyword) === '') || found(include);
}

function fold(text: string): string {
  return foldText(text).replace(/\s+/g, ' ').trim();
}
