// The summaries visitors' pages are rendered from, parsed once per version of an article (the news
// index makes a new record for each) and shared by every render that shows it, instead of each render
// parsing its page's twelve again from the answer's JSON (and the server's card cache making each
// card's key again: pwa/features/news/NewsCard.tsx; docs/search-and-page-cache.md). Frozen, so that no
// render can change what another shows, each carrying the JSON it came from (`keptJson`: the page's data
// for the browser then takes that text instead of serializing the summary again; the index's own string,
// not a copy). At most `limit` (about 1 KB each), emptied when full.
import { keptJson, type NewsSummary } from '../domain';

export function parsedSummaries(limit = 2_000) {
  const parsed = new Map<object, NewsSummary>();
  /** The summary of an index record (its JSON), parsed the first time it is asked for. */
  return (record: { json: string }): NewsSummary => {
    let summary = parsed.get(record);
    if (!summary) {
      if (parsed.size >= limit) parsed.clear();
      summary = JSON.parse(record.json) as NewsSummary;
      Object.defineProperty(summary, keptJson, { value: record.json });
      parsed.set(record, (summary = frozen(summary)));
    }
    return summary;
  };
}

/** `value` and everything in it made read-only (parsed JSON: plain objects and arrays). */
function frozen<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) frozen(inner);
    Object.freeze(value);
  }
  return value;
}
