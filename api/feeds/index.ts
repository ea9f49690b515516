// Feed reading without a database: what the importer, its scheduler and the fetch route build on.
export { FeedError, feedMessages } from './errors';
export { fetchFeedDocument, fetchImage, type FetchFeedOptions } from './fetch';
// The parser itself (./parse) is not here: it loads feedsmith, which loadFeed loads on first use.
export type { FeedItem, ParsedFeed } from './parse';
export { loadFeed, looksLikeHtml, type LoadFeedOptions, type LoadedFeed } from './load';
export { discoverFeedLink } from './discover';
export { matchesKeywords } from './filters';
export { isPublicAddress, isBlockedHostname, leadsToPrivateNetwork } from './address';
