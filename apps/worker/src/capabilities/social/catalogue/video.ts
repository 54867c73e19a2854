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
  exists: { status: [200], markers: ["json:__DEFAULT_SCOPE__/webapp.user-detail/userInfo/user/uniqueId"] },
  missing: {
    any_status_markers: [
      "json:__DEFAULT_SCOPE__/webapp.user-detail/statusCode=10221",
      "json:__DEFAULT_SCOPE__/webapp.user-detail/statusCode=10202",
      "text:Couldn't find this account",
    ],
  },
  suspended: ["json:__DEFAULT_SCOPE__/webapp.user-detail/statusMsg=user banned"],
  hosts: ["tiktok.com", "www.tiktok.com", "m.tiktok.com"],
  path_pattern: /^\/@([A-Za-z0-9._]{2,24})\/?$/,
  extract: {
    json: { script: "script#__UNIVERSAL_DATA_FOR_REHYDRATION__" },
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
  exists: {
    status: [200],
    markers: [
      "json:metadata/channelMetadataRenderer/title",
      "json:metadata/channelMetadataRenderer/externalId",
    ],
  },
  missing: { status: [404] },
  suspended: ["text:This account has been terminated"],
  hosts: ["youtube.com", "www.youtube.com", "m.youtube.com"],
  path_pattern: /^\/@([A-Za-z0-9._-]{3,30})(?:\/[a-z]*)?\/?$/,
  extract: {
    json: { assign: "ytInitialData" },
    display_name: "metadata/channelMetadataRenderer/title",
    bio: "metadata/channelMetadataRenderer/description",
    avatar_url: "metadata/channelMetadataRenderer/avatar/thumbnails/0/url",
    followers: [
      "header/c4TabbedHeaderRenderer/subscriberCountText/simpleText|count",
      "header/pageHeaderRenderer/content/pageHeaderViewModel/metadata/contentMetadataViewModel/metadataRows/*/metadataParts/*/text/content|count:subscriber",
    ],
    verified: "header/pageHeaderRenderer/verified|bool",
    links: "metadata/channelMetadataRenderer/ownerUrls|urls",
  },
  fixtures: { claimed: "youtube", unclaimed: "noonewouldeverusethis7" },
};
