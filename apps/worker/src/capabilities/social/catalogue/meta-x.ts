import type { CatalogueEntry } from "./types.ts";

// X and Meta's three platforms: soft-404 sites (HTTP 200 for unknown accounts) where only
// conditions on the parsed page decide. Instagram's web API is preferred over its page
// (maigret's choice); it wants the web app's id header. Logged out, X serves most clients a
// JavaScript shell and Meta redirects to its login: both read as unknown(login_wall).

const JSON_SCRIPT = 'script[type="application/json"]';

export const x: CatalogueEntry = {
  platform: "x",
  name: "X",
  profile_url: "{base}/{handle}",
  // The page carries a JSON-LD ProfilePage for real accounts; the availability API
  // (`{api}/i/users/username_available.json`) answers taken/available but holds no profile.
  probe: { url: "{base}/{handle}", method: "GET" },
  handle: { pattern: /^[a-z0-9_]{1,15}$/, lowercase: true },
  exists: { status: [200], markers: ["ld:@type=ProfilePage", "css:[data-testid=UserName]"] },
  missing: { any_status_markers: ["text:This account doesn't exist"] },
  suspended: ["text:Account suspended"],
  hosts: ["x.com", "www.x.com", "twitter.com", "www.twitter.com", "mobile.twitter.com"],
  path_pattern: /^\/([A-Za-z0-9_]{1,15})\/?$/,
  reserved: [
    "home",
    "explore",
    "search",
    "i",
    "settings",
    "login",
    "signup",
    "messages",
    "notifications",
    "tos",
    "privacy",
  ],
  // X's JSON-LD ProfilePage (schema.org Person), falling back to the og: meta of the page.
  extract: {
    display_name: ["ld:mainEntity/givenName", "ld:mainEntity/name", "meta:og:title|before: (@"],
    bio: ["ld:mainEntity/description", "css:[data-testid=UserDescription]", "meta:og:description"],
    avatar_url: ["ld:mainEntity/image/contentUrl", "ld:mainEntity/image/url", "meta:og:image"],
    followers: [
      "ld:mainEntity/interactionStatistic/[name=Follows]/userInteractionCount|count",
      "ld:mainEntity/interactionStatistic/[interactionType=https://schema.org/FollowAction]/userInteractionCount|count",
      "css:a[href$=/verified_followers]|count",
    ],
    account_created: "ld:dateCreated",
    links: ["ld:relatedLink|urls", "css:a[data-testid=UserUrl]@href|urls"],
    verified: "css:[data-testid=icon-verified]@data-testid|bool",
  },
  fixtures: { claimed: "x", unclaimed: "nobody_here_7q" },
};

export const instagram: CatalogueEntry = {
  platform: "instagram",
  name: "Instagram",
  profile_url: "{base}/{handle}/",
  probe: {
    url: "{base}/api/v1/users/web_profile_info/?username={handle}",
    method: "GET",
    headers: { "x-ig-app-id": "936619743392459", accept: "application/json" },
  },
  handle: { pattern: /^(?!\.)(?!.*\.\.)[a-z0-9._]{1,30}(?<!\.)$/, lowercase: true },
  exists: { status: [200], markers: ["json:data/user/username"] },
  missing: { status: [404] },
  blocked: { markers: ["json:require_login=true", "json:message~Please wait a few minutes"] },
  hosts: ["instagram.com", "www.instagram.com"],
  path_pattern: /^\/([A-Za-z0-9._]{1,30})\/?$/,
  reserved: ["p", "reel", "reels", "explore", "accounts", "stories", "direct", "about", "legal"],
  extract: {
    json: "body",
    display_name: "data/user/full_name",
    bio: "data/user/biography",
    avatar_url: ["data/user/profile_pic_url_hd", "data/user/profile_pic_url"],
    followers: "data/user/edge_followed_by/count|count",
    verified: "data/user/is_verified|bool",
    links: ["data/user/bio_links|urls", "data/user/external_url|urls"],
  },
  fixtures: { claimed: "instagram", unclaimed: "noonewouldeverusethis7" },
};

export const facebook: CatalogueEntry = {
  platform: "facebook",
  name: "Facebook",
  profile_url: "{base}/{handle}",
  probe: { url: "{base}/{handle}", method: "GET" },
  handle: { pattern: /^[a-z0-9.]{5,50}$/, lowercase: true },
  exists: { status: [200], markers: ["json:__isProfile", "meta:og:type=profile"] },
  missing: { any_status_markers: ["text:This content isn't available right now", "title:Facebook"] },
  hosts: ["facebook.com", "www.facebook.com", "m.facebook.com", "fb.com"],
  path_pattern: /^\/([A-Za-z0-9.]{5,50})\/?$/,
  reserved: ["login", "watch", "groups", "marketplace", "pages", "events", "help", "policies", "profile.php"],
  extract: {
    json: { script: JSON_SCRIPT, has: "__isProfile" },
    display_name: ["name", "meta:og:title"],
    bio: "profile_intro_card/bio/text",
    avatar_url: "meta:og:image",
    followers: "profile_social_context/content/0/text/text|count",
    verified: "is_verified|bool",
    links: "profile_intro_card/links|urls",
  },
  fixtures: { claimed: "facebook", unclaimed: "noonewouldeverusethis7" },
};

export const threads: CatalogueEntry = {
  platform: "threads",
  name: "Threads",
  profile_url: "{base}/@{handle}",
  probe: { url: "{base}/@{handle}", method: "GET", headers: { "sec-fetch-mode": "navigate" } },
  handle: { pattern: /^(?!\.)(?!.*\.\.)[a-z0-9._]{1,30}(?<!\.)$/, lowercase: true },
  // Logged out, threads.com sends an unknown profile to its login page (sherlock's data.json
  // reads "<title>Threads • Log in</title>" after the redirect), which is also how it walls
  // logged-out visitors: the redirect proves nothing, so it is unknown(login_wall), never missing.
  exists: { status: [200], markers: ["meta:og:type=profile"] },
  missing: {},
  hosts: ["threads.com", "www.threads.com", "threads.net", "www.threads.net"],
  path_pattern: /^\/@([A-Za-z0-9._]{1,30})\/?$/,
  extract: {
    json: { script: JSON_SCRIPT, has: "user" },
    display_name: ["user/full_name", "meta:og:title|before: (@"],
    bio: "user/biography",
    avatar_url: ["user/profile_pic_url", "meta:og:image"],
    followers: ["user/follower_count|count", "meta:og:description|count"],
    verified: "user/is_verified|bool",
    links: "user/bio_links|urls",
  },
  fixtures: { claimed: "zuck", unclaimed: "noonewouldeverusethis7" },
};
