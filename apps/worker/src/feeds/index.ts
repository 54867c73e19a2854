/** Threat feeds (URLhaus, OpenPhish, PhishTank): parsing, loading with a cache, and matching. */
export { createFeedLoader } from "./loader.ts";
export type {
  FeedLoader,
  FeedLoadResult,
  FeedLoaderOptions,
  FeedReport,
  FeedSource,
  FeedStatus,
} from "./loader.ts";
export { createFeedIndex, feedQueryOf, normaliseUrl } from "./feed-index.ts";
export type { FeedHit, FeedIndex, FeedQuery } from "./feed-index.ts";
export { parseUrlhausCsv } from "./parse-urlhaus.ts";
export { parseOpenPhish } from "./parse-openphish.ts";
export { parsePhishTank } from "./parse-phishtank.ts";
export { FEED_NAMES, FeedFormatError } from "./types.ts";
export type { FeedName, FeedRecord, ParseResult } from "./types.ts";
