import type { CatalogueEntry } from "./types.ts";

// Mastodon (anonymous `accounts/lookup`; `fields[].verified_at` is rel=me link verification;
// WebFinger `{base}/.well-known/webfinger?resource=acct:{handle}@<host>` is the portable
// alternative) and Bluesky (public AppView getProfile; handles are domain names).

export const mastodon: CatalogueEntry = {
  platform: "mastodon",
  name: "Mastodon",
  profile_url: "{base}/@{handle}",
  probe: {
    url: "{base}/api/v1/accounts/lookup?acct={handle}",
    method: "GET",
    headers: { accept: "application/json" },
  },
  handle: { pattern: /^[a-z0-9_]{1,30}$/, lowercase: true },
  exists: { status: [200], markers: ["json:acct", "json:username"] },
  missing: { status: [404, 410] },
  suspended: ["json:suspended=true"],
  // docs.joinmastodon.org/api/rate-limits: 300 requests per 5 minutes per IP (or per account);
  // X-RateLimit-Reset is an ISO 8601 timestamp.
  limits: {
    anonymous: { requests: 300, window_s: 300 },
    headers: { remaining: "x-ratelimit-remaining", reset: "x-ratelimit-reset", reset_kind: "iso" },
  },
  hosts: ["mastodon.social"],
  path_pattern: /^\/@([A-Za-z0-9_]{1,30})\/?$/,
  extract: {
    json: "body",
    display_name: "display_name",
    bio: "note|html",
    avatar_url: "avatar",
    followers: "followers_count|count",
    account_created: "created_at",
    verified: "fields/*/verified_at|some",
    verified_links: "fields/[verified_at]/value|hrefs",
    links: "fields/*/value|hrefs",
  },
  fixtures: { claimed: "Gargron", unclaimed: "noonewouldeverusethis7" },
};

export const bluesky: CatalogueEntry = {
  platform: "bluesky",
  name: "Bluesky",
  profile_url: "{base}/profile/{handle}",
  probe: {
    url: "{api}/xrpc/app.bsky.actor.getProfile?actor={handle}",
    method: "GET",
    headers: { accept: "application/json" },
  },
  handle: {
    pattern: /^(?=.{3,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/,
    lowercase: true,
    suffix: ".bsky.social",
  },
  exists: { status: [200], markers: ["json:did", "json:handle"] },
  missing: { status: [400], markers: ["json:message=Profile not found", "json:message~Actor not found"] },
  suspended: ["json:error=AccountTakedown", "json:error=AccountDeactivated"],
  // docs.bsky.app/docs/advanced-guides/rate-limits: 3,000 requests per 5 minutes per IP on the
  // public AppView; `ratelimit-*` headers (IETF draft), reset in epoch seconds.
  limits: {
    anonymous: { requests: 3000, window_s: 300 },
    headers: { remaining: "ratelimit-remaining", reset: "ratelimit-reset", reset_kind: "epoch" },
  },
  hosts: ["bsky.app", "www.bsky.app"],
  path_pattern: /^\/profile\/([A-Za-z0-9.-]{3,253})\/?$/,
  extract: {
    json: "body",
    display_name: "displayName",
    bio: "description",
    avatar_url: "avatar",
    followers: "followersCount|count",
    account_created: "createdAt",
    verified: "verification/verifiedStatus|eq:valid",
    verified_links: "handle|domainhandle",
  },
  fixtures: { claimed: "bsky.app", unclaimed: "noonewouldeverusethis7.bsky.social" },
};
