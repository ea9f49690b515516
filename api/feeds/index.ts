// Feed reading without a database: what the importer, its scheduler and the fetch route build on.
export { FeedError, feedMessages } from './errors';
export { fetchFeedDocument, fetchImage, type FetchFeedOptions } from './fetch';
export { parseFeedDocument, type FeedItem, type ParsedFeed } from './parse';
export { loadFeed, looksLikeHtml, type LoadFeedOptions, type LoadedFeed } from './load';
export { discoverFeedLink } from './discover';
export { matchesKeywords } from './filters';
export { isPublicAddress, isBlockedHostname, leadsToPrivateNetwork } from './address';
