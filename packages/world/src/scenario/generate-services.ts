import type { Platform, ServicesScenario, ServicesScenarioInput, SocialProfile } from "./services-schema.ts";
import { PLATFORMS, ServicesScenarioSchema } from "./services-schema.ts";
import { feedEntries, searchResults } from "./generate-extras.ts";
import type { GenerateServicesContext } from "./services-context.ts";

// Plants the social/search/feed/LLM part of a world from the brand: official accounts,
// clear impersonators (support/help suffixes, homoglyphs, brand display name, logo avatar
// with noise, links to phishing domains, "DM us"), fan and parody accounts with disclaimers,
// unrelated namesakes, and accounts that are suspended, rate-limited, WAF-blocked or slow.
// Deterministic for a given rng.

type ProfileInput = Partial<SocialProfile> & Pick<SocialProfile, "platform" | "handle">;

/** Makes a handle legal on a platform (character set and length), as a real squatter must. */
export function fitHandle(platform: Platform, h: string): string {
  const lower = h.toLowerCase();
  switch (platform) {
    case "x":
      return lower.replace(/[^a-z0-9_]/g, "_").slice(0, 15);
    case "instagram":
    case "threads":
    case "tiktok":
      return lower.replace(/[^a-z0-9._]/g, "_").slice(0, 30);
    case "telegram":
      return lower
        .replace(/[^a-z0-9_]/g, "_")
        .padEnd(5, "_")
        .slice(0, 32);
    case "github":
    case "linkedin":
      return lower
        .replace(/[^a-z0-9-]/g, "-")
        .replace(/^-+|-+$/g, "")
        .slice(0, 39);
    case "reddit":
      return lower.replace(/[^a-z0-9_-]/g, "_").slice(0, 20);
    case "mastodon":
      return lower.replace(/[^a-z0-9_]/g, "_").slice(0, 30);
    case "facebook":
      return lower.replace(/[^a-z0-9.]/g, ".").slice(0, 50);
    case "youtube":
      return lower.replace(/[^a-z0-9._-]/g, "-").slice(0, 30);
    case "bluesky":
      return lower.includes(".") && !lower.endsWith(".")
        ? lower.replace(/_/g, "-")
        : `${lower.replace(/[^a-z0-9-]/g, "-")}.bsky.social`;
  }
}

/** The first homoglyph swap that changes the slug: m->rn, l->1, o->0, i->l, e->3. */
export function homoglyph(slug: string): string {
  for (const [a, b] of [
    ["m", "rn"],
    ["l", "1"],
    ["o", "0"],
    ["i", "l"],
    ["e", "3"],
    ["a", "4"],
  ] as const) {
    const i = slug.indexOf(a);
    if (i >= 0) return slug.slice(0, i) + b + slug.slice(i + a.length);
  }
  return slug + slug.slice(-1);
}

export function generateServicesScenario(ctx: GenerateServicesContext): ServicesScenario {
  const { brand, domain, rng } = ctx;
  const slug = brand.toLowerCase().replace(/[^a-z0-9]/g, "") || "brand";
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;
  const int = (lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));
  const date = (y0: number, y1: number) =>
    new Date(Date.UTC(int(y0, y1), int(0, 11), int(1, 28), int(0, 23), int(0, 59))).toISOString();
  const color = `#${[int(20, 60), int(60, 120), int(140, 220)].map((n) => n.toString(16).padStart(2, "0")).join("")}`;
  const logo = (noise = 0) => ({ style: "logo" as const, seed: brand, color, noise, size: 128 });
  const phish = ctx.phishingDomains.length ? ctx.phishingDomains : [`${slug}-verify.com`];
  const profiles: ProfileInput[] = [];
  const add = (p: ProfileInput) => {
    const handle = fitHandle(p.platform, p.handle);
    if (!profiles.some((q) => q.platform === p.platform && q.handle === handle))
      profiles.push({ ...p, handle });
  };

  // The brand's own accounts on every platform.
  for (const platform of PLATFORMS) {
    const handle = ctx.handles?.[platform] ?? (platform === "bluesky" ? domain : slug);
    add({
      platform,
      handle,
      kind: "official",
      display_name: brand,
      bio: `The official ${brand} account. News, product updates and help. Support never asks for your password. ${domain}`,
      avatar: logo(0),
      links: [`https://${domain}/`],
      verified: platform !== "reddit" && platform !== "telegram",
      created_at: date(2011, 2016),
      followers: int(50_000, 900_000),
      following: int(50, 400),
      posts: int(800, 9000),
    });
  }

  // Impersonators: brand display name, logo avatar with noise, "DM us", phishing links.
  const lures = [
    `Official ${brand} Support 24/7. DM us your account number and we will fix your issue fast!`,
    `${brand} customer care. Account locked? Verify your account now at the link below.`,
    `${brand} Help Desk - refunds, card issues, login problems. Send us a DM or WhatsApp.`,
    `${brand} official giveaway! Claim your reward before it expires. Link below.`,
  ];
  const impersonations: Array<[Platform, string, string]> = [
    ["x", `${slug}_care`, `${brand} Support`],
    ["x", homoglyph(slug), brand],
    ["instagram", `${slug}.help`, brand],
    ["instagram", `${slug}_official`, `${brand} Official`],
    ["facebook", `${slug}.support.center`, `${brand} Support Center`],
    ["tiktok", `${slug}.giveaway`, brand],
    ["telegram", `${slug}_support`, `${brand} Support`],
    ["threads", `${slug}.help`, brand],
    ["mastodon", `${slug}_help`, brand],
    ["bluesky", `${slug}-support.bsky.social`, `${brand} Support`],
    ["linkedin", `${slug}-customer-service`, brand],
    ["youtube", `${slug}official`, `${brand} Official`],
    ["github", `${slug}-security`, brand],
    ["reddit", `${slug}_helpdesk`, `${brand} Help`],
  ];
  impersonations.forEach(([platform, handle, name], i) => {
    const site = phish[i % phish.length]!;
    add({
      platform,
      handle,
      kind: "impersonator",
      display_name: name,
      bio: `${lures[i % lures.length]} https://${site}/login`,
      avatar: logo(Math.round((0.06 + rng() * 0.1) * 100) / 100),
      links: [`https://${site}/login`],
      // One paid-badge clone, as happens on X.
      verified: platform === "x" && i === 0,
      created_at: date(2024, 2025),
      followers: int(3, 900),
      following: int(200, 2000),
      posts: int(0, 40),
    });
  });

  // Fans and parodies: brand-ish names but clear disclaimers.
  add({
    platform: "x",
    handle: `${slug}fans`,
    kind: "fan",
    display_name: `${brand} Fans`,
    bio: `Fan account, not affiliated with ${brand}. Sharing news we love.`,
    avatar: { style: "initials", seed: `${slug}fans`, color, noise: 0, size: 128 },
    created_at: date(2017, 2022),
    followers: int(100, 5000),
    following: int(100, 900),
    posts: int(50, 2000),
  });
  add({
    platform: "instagram",
    handle: `${slug}_memes`,
    kind: "parody",
    display_name: `Not ${brand}`,
    bio: `Parody account. Not affiliated with ${brand}. Jokes only.`,
    avatar: { style: "pattern", seed: `${slug}_memes`, color, noise: 0, size: 128 },
    created_at: date(2018, 2023),
    followers: int(500, 20000),
    following: int(10, 300),
    posts: int(100, 900),
  });
  add({
    platform: "reddit",
    handle: `${slug}_fan_club`,
    kind: "fan",
    display_name: `${brand} fan club`,
    bio: `Unofficial fan community. Not affiliated with ${brand}.`,
    created_at: date(2016, 2021),
    followers: int(10, 500),
  });
  add({
    platform: "mastodon",
    handle: `not${slug}`,
    kind: "parody",
    display_name: `Not ${brand} (parody)`,
    bio: `Parody. Not affiliated with ${brand}.`,
    created_at: date(2022, 2024),
    followers: int(10, 800),
  });

  // Unrelated namesakes: share a word with the brand, nothing else.
  const word =
    brand
      .split(/\s+/)[0]!
      .toLowerCase()
      .replace(/[^a-z0-9]/g, "") || slug;
  const trades = ["Plumbing & Heating", "Guitar Studio", "Bakery", "Landscaping", "Robotics Club"];
  for (const platform of ["x", "github", "instagram", "youtube"] as const) {
    const trade = pick(trades);
    add({
      platform,
      handle: `${word}${trade.split(/\s/)[0]!.toLowerCase()}`,
      kind: "namesake",
      display_name: `${word[0]!.toUpperCase()}${word.slice(1)} ${trade}`,
      bio: `Family-run ${trade.toLowerCase()} since ${int(1980, 2015)}. Unrelated to any bank or brand.`,
      avatar: { style: "pattern", seed: `${platform}${word}${trade}`, color: "#888888", noise: 0, size: 128 },
      created_at: date(2012, 2022),
      followers: int(20, 3000),
    });
  }

  // Accounts a prober cannot read: each failure mode at least once.
  const failing: Array<[Platform, string, SocialProfile["state"]]> = [
    ["x", `${slug}_refunds`, "suspended"],
    ["tiktok", `${slug}_rewards`, "suspended"],
    ["instagram", `${slug}_verify`, "ratelimited"],
    ["reddit", `${slug}_support`, "ratelimited"],
    ["facebook", `${slug}.helpdesk`, "waf"],
    ["linkedin", `${slug}-support`, "waf"],
    ["github", `${slug}-help`, "slow"],
    ["bluesky", `${slug}-help.bsky.social`, "slow"],
  ];
  for (const [platform, handle, state] of failing) {
    add({
      platform,
      handle,
      state,
      kind: "impersonator",
      display_name: brand,
      bio: `${brand} support. DM us.`,
      avatar: logo(0.12),
      links: [`https://${pick(phish)}/`],
      created_at: date(2024, 2025),
      followers: int(0, 50),
      delay_ms: state === "slow" ? 2_500 : 0,
      retry_after_s: 60,
    });
  }

  const input: ServicesScenarioInput = {
    brand,
    social: profiles,
    search: searchResults(
      ctx,
      profiles as Array<
        Pick<SocialProfile, "platform" | "handle" | "display_name" | "bio" | "kind" | "state">
      >,
    ),
    feeds: { entries: feedEntries(ctx, brand) },
    llm: {
      api_key: `sk-world-${Math.floor(rng() * 2 ** 48).toString(36)}`,
      model: "world-llm-1",
      scripts: [],
    },
    webhook: { mode: "up", delay_ms: 0 },
  };
  return ServicesScenarioSchema.parse(input);
}
