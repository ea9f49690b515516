// Feed reading without a database: what the importer, its scheduler and the fetch route build on.
export { FeedError, feedMessages, type FeedErrorKind } from './errors';
export {
  fetchFeedDocument,
  fetchImage,
  defaultUserAgent,
  type FetchFeedOptions,
  type FetchedFeedDocument,
  type FetchedImage,
  type ResolvedAddress,
} from './fetch';
export { parseFeedDocument, excerptLength, type FeedFormat, type FeedItem, type ParsedFeed, type ParseFeedOptions } from './parse';
export { loadFeed, looksLikeHtml, type LoadFeedOptions, type LoadedFeed } from './load';
export { discoverFeedLink } from './discover';
export { matchesKeywords } from './filters';
export { htmlToText } from './sanitize';
export { isPublicAddress, isBlockedHostname, leadsToPrivateNetwork } from './address';
