import { beforeAll, describe, expect, it } from "vitest";
import { renderAvatar } from "@brandwarden/world/services/avatar";
import type { SocialProfile } from "@brandwarden/world/scenario/services-schema";
import { avatarHash, hashSimilarity } from "@brandwarden/platform/images/perceptual-hash";
import { cosine, localEmbedding } from "./embeddings.ts";
import { matchProfile, type BrandReference, type CandidateProfile } from "./match.ts";
import { fold } from "./normalize.ts";
import { scoreSocial } from "./score-social.ts";
import { DEFAULT_SOCIAL_WEIGHTS, SOCIAL_SIGNALS } from "./social-signals.ts";
import { BRAND, brandServices } from "../../../test/social-world.ts";

// The matcher on the world's generated profiles (no network): clear impersonators score
// medium or above, fans/parodies and unrelated namesakes stay below.

const sc = brandServices();
const official = sc.social.filter((p) => p.kind === "official");
const NOW = new Date("2026-01-01T00:00:00Z");

const ref: BrandReference = {
  cores: [fold("acmebank")],
  slugs: ["acmebank"],
  ownedDomains: [BRAND.domain],
  lookalikeDomains: new Set(BRAND.lookalikeDomains),
  bioVectors: official.map((p) => localEmbedding(p.bio)),
  avatarHashes: [], // the official logo's hash, below
  officialCreated: {
    byPlatform: Object.fromEntries(official.map((p) => [p.platform, p.created_at])),
    earliest: null,
  },
  officialFollowers: Math.max(...official.map((p) => p.followers)),
};

// Avatar hashes decode asynchronously (libvips): computed once for every generated profile.
const avatarHashes = new Map<SocialProfile, string | null>();
beforeAll(async () => {
  ref.avatarHashes.push((await avatarHash(renderAvatar(official[0]!.avatar, "x:acmebank")))!);
  for (const p of sc.social) avatarHashes.set(p, await avatarHash(renderAvatar(p.avatar, `${p.platform}:${p.handle}`))); // prettier-ignore
});

function candidate(p: SocialProfile): CandidateProfile {
  return {
    platform: p.platform,
    handle: p.handle,
    display_name: p.display_name || null,
    bio: p.bio || null,
    followers: p.followers,
    verified: p.verified,
    account_created: p.created_at,
    links: p.links,
    avatar_hash: avatarHashes.get(p) ?? null,
    bio_vector: p.bio ? localEmbedding(p.bio) : null,
  };
}

const score = (p: SocialProfile) => scoreSocial(matchProfile(candidate(p), ref, NOW).values);

describe("matchProfile + scoreSocial", () => {
  const live = sc.social.filter((p) => p.state === "existing");
  it.each(live.filter((p) => p.kind === "impersonator").map((p) => [p.platform, p.handle, p] as const))(
    "impersonator %s/%s is medium or above",
    (_pl, _h, p) => {
      const s = score(p);
      expect(s.score, JSON.stringify(s.signals)).toBeGreaterThanOrEqual(40);
    },
  );
  it.each(
    live
      .filter((p) => p.kind === "fan" || p.kind === "parody" || p.kind === "namesake")
      .map((p) => [p.kind, p.platform, p.handle, p] as const),
  )("%s %s/%s stays below medium", (_k, _pl, _h, p) => {
    const s = score(p);
    expect(s.score, JSON.stringify(s.signals)).toBeLessThan(40);
  });
  it("the official accounts themselves are mitigated by their own links, age and audience", () => {
    for (const p of official) {
      const m = matchProfile(candidate(p), ref, NOW).values;
      expect(m.links_to_brand).toBe(1);
      expect(m.established_audience).toBe(1);
    }
  });
  it("explains a clear impersonator: avatar, names, lure, lookalike link, homoglyph", () => {
    const p = sc.social.find((q) => q.handle === "acrnebank")!;
    const m = matchProfile(candidate(p), ref, NOW);
    expect(m.values).toMatchObject({
      handle_similarity: 1,
      handle_homoglyph: 1,
      display_name_similarity: 1,
      disclaimer: 0,
    });
    expect(m.values.avatar_similarity).toBeGreaterThan(0.8);
    expect(m.avatar_similarity).toBeGreaterThan(0.9);
    const s = score(p);
    expect(s.severity === "high" || s.severity === "critical").toBe(true);
  });
  it("a fan account's disclaimer is detected", () => {
    const p = sc.social.find((q) => q.kind === "fan" && q.platform === "x")!;
    expect(matchProfile(candidate(p), ref, NOW)).toMatchObject({
      disclaimer: true,
      values: { disclaimer: 1 },
    });
  });
  it("unknown evidence never lowers the score", () => {
    const values = Object.fromEntries(Object.keys(SOCIAL_SIGNALS).map((k) => [k, null])) as never;
    expect(scoreSocial(values).score).toBe(0);
    const some = { ...(values as object), handle_similarity: 1 } as never;
    expect(scoreSocial(some).score).toBe(DEFAULT_SOCIAL_WEIGHTS.handle_similarity);
  });
});

describe("avatar hashes and local embeddings", () => {
  const logo = official[0]!.avatar;
  it("a noisy copy of the logo matches; another picture does not", async () => {
    const a = (await avatarHash(renderAvatar(logo, "one")))!;
    const b = (await avatarHash(renderAvatar({ ...logo, noise: 0.15 }, "two")))!;
    const other = (await avatarHash(renderAvatar({ ...logo, style: "pattern", seed: "someone" }, "three")))!;
    expect(a).toMatch(/^dh:[0-9a-f]{16}\.ah:[0-9a-f]{16}$/);
    expect(hashSimilarity(a, b)).toBeGreaterThan(0.9);
    expect(hashSimilarity(a, other)).toBeLessThan(0.75);
    expect(await avatarHash(Buffer.from("not a png"))).toBeNull();
  });
  it("local embeddings are normalised and rank related text higher", () => {
    const v = localEmbedding("Official Acme Bank support");
    expect(Math.hypot(...v)).toBeCloseTo(1, 6);
    const brand = localEmbedding(official[0]!.bio);
    const lure = localEmbedding("Official Acme Bank Support 24/7. DM us your account number");
    const bakery = localEmbedding("Family-run bakery since 1990, fresh bread daily");
    expect(cosine(brand, lure)).toBeGreaterThan(cosine(brand, bakery));
  });
});
