import type { CatalogueEntry } from "./types.ts";

// TikTok and YouTube. TikTok's page is always 200; its rehydration JSON says `statusCode` 0
// (found) or 10221 (unknown). YouTube's /@handle/about page is 404 for unknown handles; the Data
// API (`{api}/channels?forHandle=`) needs a key, so the page is the keyless probe.

export const tiktok: CatalogueEntry = {
  platform: "tiktok",
  name: "TikTok",
  profile_url: "{base}/@{handle}",
  probe: { url: "{base}/@{handle}", method: "GET" },
  handle: { pattern: /^[a-z0-9._]{2,24}(?<!\.)$/, lowercase: true },
  exists: { status: [200], markers: ['"statusCode":0'] },
  missing: { any_status_markers: ['"statusCode":10221', "Couldn't find this account"] },
  suspended: ['"statusMsg":"user banned"'],
  hosts: ["tiktok.com", "www.tiktok.com", "m.tiktok.com"],
  path_pattern: /^\/@([A-Za-z0-9._]{2,24})\/?$/,
  extract: {
    json: { script: '<script id="__UNIVERSAL_DATA_FOR_REHYDRATION__"[^>]*>(\\{.*?)</script>' },
    display_name: "__DEFAULT_SCOPE__/webapp.user-detail/userInfo/user/nickname",
    bio: "__DEFAULT_SCOPE__/webapp.user-detail/userInfo/user/signature",
    avatar_url: "__DEFAULT_SCOPE__/webapp.user-detail/userInfo/user/avatarLarger",
    followers: "__DEFAULT_SCOPE__/webapp.user-detail/userInfo/stats/followerCount|count",
    verified: "__DEFAULT_SCOPE__/webapp.user-detail/userInfo/user/verified|bool",
    account_created: "__DEFAULT_SCOPE__/webapp.user-detail/userInfo/user/createTime|epoch",
    links: "__DEFAULT_SCOPE__/webapp.user-detail/userInfo/user/bioLink/link|urls",
  },
  fixtures: { claimed: "tiktok", unclaimed: "noonewouldeverusethis7" },
};

export const youtube: CatalogueEntry = {
  platform: "youtube",
  name: "YouTube",
  profile_url: "{base}/@{handle}",
  probe: { url: "{base}/@{handle}/about", method: "GET" },
  handle: { pattern: /^[a-z0-9._-]{3,30}$/, lowercase: true },
  exists: { status: [200], markers: ['"canonicalBaseUrl"'] },
  missing: { status: [404] },
  suspended: ["This account has been terminated"],
  hosts: ["youtube.com", "www.youtube.com", "m.youtube.com"],
  path_pattern: /^\/@([A-Za-z0-9._-]{3,30})(?:\/[a-z]*)?\/?$/,
  extract: {
    json: { script: "var ytInitialData = (\\{.*?\\});</script>" },
    display_name: "metadata/channelMetadataRenderer/title",
    bio: "metadata/channelMetadataRenderer/description",
    avatar_url: "metadata/channelMetadataRenderer/avatar/thumbnails/0/url",
    followers: "header/pageHeaderRenderer/subscriberCountText|count",
    verified: "header/pageHeaderRenderer/verified|bool",
    links: "metadata/channelMetadataRenderer/ownerUrls|urls",
  },
  fixtures: { claimed: "youtube", unclaimed: "noonewouldeverusethis7" },
};
