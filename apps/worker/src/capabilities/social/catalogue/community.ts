import type { CatalogueEntry } from "./types.ts";

// GitHub (REST API), Reddit (about.json), LinkedIn (page; HTTP 999 is its answer to clients it
// will not serve logged out: a login wall, never a verdict) and Telegram (t.me page: 200 either
// way, `tgme_page_title` only when real).

export const github: CatalogueEntry = {
  platform: "github",
  name: "GitHub",
  profile_url: "{base}/{handle}",
  probe: {
    url: "{api}/users/{handle}",
    method: "GET",
    headers: { accept: "application/vnd.github+json", "x-github-api-version": "2022-11-28" },
  },
  handle: { pattern: /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){0,38}$/, lowercase: true },
  exists: { status: [200], markers: ["json:login"] },
  missing: { status: [404] },
  blocked: { markers: ["json:message~API rate limit exceeded"] },
  // docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api: 60 an hour per IP
  // logged out, 5,000 with a token; x-ratelimit-reset is epoch seconds.
  limits: {
    anonymous: { requests: 60, window_s: 3600 },
    authenticated: { requests: 5000, window_s: 3600 },
    headers: { remaining: "x-ratelimit-remaining", reset: "x-ratelimit-reset", reset_kind: "epoch" },
  },
  hosts: ["github.com", "www.github.com"],
  path_pattern: /^\/([A-Za-z0-9-]{1,39})\/?$/,
  reserved: [
    "about",
    "features",
    "pricing",
    "login",
    "join",
    "explore",
    "topics",
    "orgs",
    "users",
    "settings",
    "search",
    "marketplace",
    "sponsors",
  ],
  extract: {
    json: "body",
    display_name: "name",
    bio: "bio",
    avatar_url: "avatar_url",
    followers: "followers|count",
    account_created: "created_at",
    links: ["blog|urls"],
  },
  fixtures: { claimed: "github", unclaimed: "noonewouldeverusethis7" },
};

export const reddit: CatalogueEntry = {
  platform: "reddit",
  name: "Reddit",
  profile_url: "{base}/user/{handle}",
  probe: { url: "{base}/user/{handle}/about.json", method: "GET", headers: { accept: "application/json" } },
  handle: { pattern: /^[a-z0-9_-]{3,20}$/, lowercase: true },
  exists: { status: [200], markers: ["json:data/name"] },
  missing: { status: [404] },
  suspended: ["json:data/is_suspended=true"],
  // support.reddithelp.com "Data API Wiki": 100 queries a minute with OAuth, 10 without, both
  // averaged over a 10-minute window; x-ratelimit-remaining / -used / -reset (seconds left).
  limits: {
    anonymous: { requests: 100, window_s: 600 },
    authenticated: { requests: 1000, window_s: 600 },
    headers: { remaining: "x-ratelimit-remaining", reset: "x-ratelimit-reset", reset_kind: "seconds" },
  },
  hosts: ["reddit.com", "www.reddit.com", "old.reddit.com", "new.reddit.com"],
  path_pattern: /^\/(?:u|user)\/([A-Za-z0-9_-]{3,20})\/?$/,
  extract: {
    json: "body",
    display_name: "data/subreddit/title",
    bio: "data/subreddit/public_description",
    avatar_url: ["data/icon_img", "data/subreddit/icon_img"],
    followers: "data/subreddit/subscribers|count",
    verified: "data/verified|bool",
    account_created: "data/created_utc|epoch",
  },
  fixtures: { claimed: "blue", unclaimed: "noonewouldever_7q" },
};

export const linkedin: CatalogueEntry = {
  platform: "linkedin",
  name: "LinkedIn",
  profile_url: "{base}/in/{handle}",
  probe: { url: "{base}/in/{handle}", method: "GET" },
  handle: { pattern: /^[a-z0-9-]{3,100}$/, lowercase: true },
  exists: { status: [200], markers: ["meta:og:type=profile", "ld:@type=Person", "ld:@type=Organization"] },
  missing: { status: [404] },
  login_wall: { status: [999], detail: "linkedin 999" },
  hosts: ["linkedin.com", "www.linkedin.com"],
  path_pattern: /^\/(?:in|company)\/([A-Za-z0-9-]{3,100})\/?$/,
  extract: {
    display_name: ["ld:name", "meta:og:title|before: - "],
    bio: ["ld:description", "meta:og:description"],
    avatar_url: ["ld:image/contentUrl", "ld:image", "ld:logo", "meta:og:image"],
    followers: [
      "ld:interactionStatistic/userInteractionCount|count",
      "ld:interactionStatistic/[name=Follows]/userInteractionCount|count",
      String.raw`text:(\d[\d ,.'’\u00a0\u2009\u202f]*(?:\s?[KkMm]\b)?)\s*followers|count`,
    ],
    links: ["ld:sameAs|urls", "ld:url|urls"],
  },
  fixtures: { claimed: "williamhgates", unclaimed: "noonewouldeverusethis7" },
};

export const telegram: CatalogueEntry = {
  platform: "telegram",
  name: "Telegram",
  profile_url: "{base}/{handle}",
  probe: { url: "{base}/{handle}", method: "GET" },
  handle: { pattern: /^[a-z][a-z0-9_]{4,31}$/, lowercase: true },
  exists: { status: [200], markers: ["css:.tgme_page_title"] },
  missing: { any_status_markers: ["meta:robots=noindex, nofollow"] },
  hosts: ["t.me", "telegram.me", "www.t.me"],
  path_pattern: /^\/([A-Za-z][A-Za-z0-9_]{4,31})\/?$/,
  reserved: ["joinchat", "addstickers", "share", "proxy", "iv", "contact", "login", "s"],
  extract: {
    display_name: ["css:.tgme_page_title", "meta:og:title"],
    bio: ["css:.tgme_page_description", "meta:og:description"],
    avatar_url: ["css:img.tgme_page_photo_image@src", "meta:og:image"],
    // "12 345 subscribers", "1 234 members, 56 online"; a person's page shows "@handle" there.
    followers: String.raw`text:(\d[\d ,.'’\u00a0\u2009\u202f]*(?:\s?[KkMm]\b)?)\s*(?:subscribers|members|monthly users)|count`,
    verified: "css:.verified-icon@class|bool",
  },
  fixtures: { claimed: "telegram", unclaimed: "noonewouldeverusethis7" },
};
