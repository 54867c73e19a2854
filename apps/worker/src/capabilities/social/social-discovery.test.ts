import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TSocialFindingItem } from "@brandwarden/contract/findings";
import { ZSocialFindingsData } from "@brandwarden/contract/events";
import type { TScanStartPayload } from "@brandwarden/contract/scan";
import { severityRank } from "@brandwarden/contract/common";
import { discoverBySearch, searchQueries } from "./search-discovery.ts";
import { runSocialDiscovery, type SocialFindingsKind } from "./social-discovery.ts";
import { BRAND, brandServices, startSocialWorld, type SocialTestWorld } from "../../../test/social-world.ts";

// The whole stage against the world: search + permutations, probing, matching, scoring and the
// two event kinds, validated against the contract.

let world: SocialTestWorld;
beforeAll(async () => {
  world = await startSocialWorld();
});
afterAll(() => world?.stop());

function payload(handles = true): TScanStartPayload {
  return {
    scan_id: "6c1f7f4e-4a8e-4c36-9d0a-1b2c3d4e5f60",
    user_id: "7d2e8a5f-5b9f-4d47-8e1b-2c3d4e5f6071",
    brand_name: BRAND.brand,
    keywords: [],
    owned_domains: [BRAND.domain],
    social_handles: handles
      ? world.profiles
          .filter((p) => p.kind === "official")
          .map((p) => ({ platform: p.platform, handle: p.handle }))
      : [],
    logo_url: null,
    domain_profiles: [],
    resume_from_stage: null,
  };
}

async function run(env: Record<string, string>, p = payload(), signal = new AbortController().signal) {
  const events: Array<{ kind: SocialFindingsKind; findings: TSocialFindingItem[] }> = [];
  const progress: Array<[number, number]> = [];
  const items = await runSocialDiscovery({
    payload: p,
    lookalikeDomains: BRAND.lookalikeDomains,
    signal,
    publish: async (kind, data) => {
      ZSocialFindingsData.parse(data);
      events.push({ kind, findings: data.findings });
    },
    progress: (d, t) => progress.push([d, t]),
    deps: { runtime: world.runtime(env) },
  });
  return { items, events, progress };
}

const kindOf = (i: TSocialFindingItem) =>
  world.profiles.find((p) => p.platform === i.platform && p.handle.toLowerCase() === i.handle)?.kind ??
  "none";

describe("runSocialDiscovery", () => {
  let out: Awaited<ReturnType<typeof run>>;
  beforeAll(async () => {
    out = await run({
      SEARCH_URL: world.services.env.SEARCH_URL!,
      LLM_EMBEDDINGS_URL: world.services.env.LLM_OPENAI_BASE_URL!,
      LLM_EMBEDDINGS_API_KEY: world.services.env.LLM_API_KEY!,
    });
  });

  it("publishes initial then delta, keyed by (platform, handle), valid against the contract", () => {
    expect(out.events.map((e) => e.kind)).toEqual(["social_findings_initial", "social_findings_delta"]);
    const keys = (f: TSocialFindingItem[]) => f.map((i) => `${i.platform}:${i.handle}`).sort();
    expect(keys(out.events[1]!.findings)).toEqual(keys(out.events[0]!.findings));
    expect(new Set(keys(out.items)).size).toBe(out.items.length);
    const last = out.progress.at(-1)!;
    expect(last[0]).toBe(last[1]);
  });

  it("reports every live impersonator at medium or above, with avatar PNG and method", () => {
    const live = world.profiles.filter((p) => p.kind === "impersonator" && p.state === "existing");
    for (const p of live) {
      const i = out.items.find((x) => x.platform === p.platform && x.handle === p.handle.toLowerCase());
      expect(i, `${p.platform}:${p.handle}`).toBeDefined();
      expect(i!.status).toBe("found");
      expect(severityRank(i!.severity!), `${p.handle} ${i!.score}`).toBeGreaterThanOrEqual(
        severityRank("medium"),
      );
      expect(i!.avatar_png).toMatch(/^iVBORw0KGgo/); // base64 of the PNG signature
      expect(i!.similarity_method).toBe("api:text-embedding-3-small");
      expect(i!.signals?.avatar_similarity?.value).toBeGreaterThan(0.5);
    }
  });

  it("keeps fans, parodies and namesakes below medium, and never reports the brand's own accounts", () => {
    for (const i of out.items.filter((x) => ["fan", "parody", "namesake"].includes(kindOf(x))))
      expect(i.score!, `${i.platform}:${i.handle}`).toBeLessThan(40);
    expect(out.items.filter((i) => kindOf(i) === "official")).toEqual([]);
  });

  it("unknowns are reported with their reason, never as missing; suspended and missing are not findings", () => {
    const unknown = out.items.filter((i) => i.status === "unknown");
    expect(unknown.map((i) => i.unknown_reason?.split(":")[0]).sort()).toEqual(
      expect.arrayContaining(["rate_limited", "waf"]),
    );
    expect(out.items.some((i) => i.status === "missing" || i.status === "invalid")).toBe(false);
    expect(out.items.some((i) => i.handle === "acmebank_refund")).toBe(false);
  });

  it("finds homoglyph and affix impersonators by permutation alone (no search, local embedding)", async () => {
    const { items } = await run({ SOCIAL_BUDGET_PER_PLATFORM: "400", SEARCH_URL: "" });
    const found = items.filter((i) => i.status === "found").map((i) => `${i.platform}:${i.handle}`);
    expect(found).toEqual(
      expect.arrayContaining([
        "x:acrnebank",
        "x:acmebank_care",
        "instagram:acmebank_official",
        "mastodon:acmebank_help",
      ]),
    );
    expect(items.find((i) => i.handle === "acrnebank")?.discovered_by).toBe("permutation:homoglyph");
    expect(items.find((i) => i.bio_similarity !== null)?.similarity_method).toBe("local:trigram-256");
    // About 4,800 probes against the world: 8 s alone, up to 30 s beside other files on 2 cores;
    // the limit is a safety net, not a speed check.
  }, 120_000);

  it("stops on cancel", async () => {
    const ac = new AbortController();
    ac.abort();
    await expect(run({}, payload(), ac.signal)).rejects.toThrow();
  });
});

describe("discoverBySearch", () => {
  it("keeps only profile URLs of catalogued platforms", async () => {
    const rt = world.runtime();
    const out = await discoverBySearch({
      http: rt.http,
      bases: rt.config.bases,
      searchUrl: world.services.env.SEARCH_URL!,
      brave: null,
      queries: searchQueries(["Acme Bank"]),
    });
    expect(out.errors).toEqual([]);
    const keys = out.hits.map((h) => `${h.platform}:${h.handle}`);
    expect(keys).toEqual(
      expect.arrayContaining([
        "facebook:acmebank.support.center",
        "bluesky:acmebank-support.bsky.social",
        "x:acrnebank",
      ]),
    );
    expect(keys.some((k) => k.includes("wikipedia") || k.includes("recipe"))).toBe(false);
  });
});

describe("platforms that cannot be checked logged-out, and the brand's own accounts", () => {
  let w: SocialTestWorld;
  const OWN_BLUESKY = "help.acmebank.com";
  beforeAll(async () => {
    // A Bluesky account whose handle is under the owned domain (a domain handle, proven by DNS).
    // Search finds it (the world's search answers with the generated results plus this one).
    const search = [...brandServices().search, { social: { platform: "bluesky" as const, handle: OWN_BLUESKY }, title: "Acme Bank Help on Bluesky", content: "Acme Bank help desk", match: [] }];
    w = await startSocialWorld(
      [{ platform: "bluesky", handle: OWN_BLUESKY, kind: "official", display_name: "Acme Bank Help", bio: "Acme Bank help desk. DM us for support.", verified: true, followers: 12 }],
      // LinkedIn answers every logged-out profile request 999, Instagram redirects it to its login.
      { search, social_login_walls: ["linkedin", "instagram"] },
    );
  }); // prettier-ignore
  afterAll(() => w?.stop());

  async function runWalled() {
    const events: Array<{ kind: SocialFindingsKind; findings: TSocialFindingItem[]; coverage?: unknown[] }> =
      [];
    const logs: string[] = [];
    const items = await runSocialDiscovery({
      payload: { ...payload(false), scan_id: "8e3f9b6a-6c0a-4e58-9f2c-3d4e5f607182" },
      lookalikeDomains: BRAND.lookalikeDomains,
      signal: new AbortController().signal,
      publish: async (kind, data) => {
        ZSocialFindingsData.parse(data);
        events.push({ kind, ...data });
      },
      progress: () => undefined,
      deps: {
        runtime: w.runtime({ SEARCH_URL: w.services.env.SEARCH_URL!, SOCIAL_BUDGET_PER_PLATFORM: "40" }),
        log: (_level, message) => void logs.push(message),
      },
    });
    return { items, events, logs };
  }

  it("reports a walled platform once as 'could not be checked', with why, instead of one unknown per probe", async () => {
    const { items, events, logs } = await runWalled();
    const coverage = ZSocialFindingsData.parse(events[0]).coverage ?? [];
    const byPlatform = new Map(coverage.map((c) => [c.platform, c]));
    expect(byPlatform.get("linkedin")).toMatchObject({ reason: "login_wall", detail: expect.stringMatching(/linkedin 999/) }); // prettier-ignore
    expect(byPlatform.get("linkedin")!.probes).toBeGreaterThan(10);
    expect(byPlatform.get("instagram")).toMatchObject({ reason: "login_wall", detail: expect.stringMatching(/login redirect/) }); // prettier-ignore
    // No per-probe rows for them; other platforms keep their findings and isolated unknowns.
    expect(items.filter((i) => i.platform === "linkedin" || i.platform === "instagram")).toEqual([]);
    expect(items.some((i) => i.platform === "x" && i.status === "found")).toBe(true);
    expect(coverage.some((c) => c.platform === "x")).toBe(false);
    expect(logs.some((l) => /linkedin could not be checked/.test(l))).toBe(true);
    // Coverage travels once, with the first initial batch.
    expect(events.filter((e) => e.coverage).map((e) => e.kind)).toEqual(["social_findings_initial"]);
  });

  it("shows an account with a verified link back to an owned domain as owned, not scored", async () => {
    const { items } = await runWalled();
    const own = items.find((i) => i.platform === "bluesky" && i.handle === OWN_BLUESKY);
    expect(own, "the domain-handle account is reported").toBeDefined();
    expect(own!.owned_evidence).toMatch(/owned domain acmebank\.com/);
    expect(own!.score ?? null).toBeNull();
    expect(own!.severity ?? null).toBeNull();
    // The official Mastodon account links to acmebank.com in a field Mastodon verified (rel=me back).
    const masto = items.find((i) => i.platform === "mastodon" && i.handle === "acmebank");
    expect(masto?.owned_evidence).toMatch(/platform-verified link to https:\/\/acmebank\.com\//);
    expect(masto?.score ?? null).toBeNull();
    // Impersonators are still scored.
    expect(items.some((i) => !i.owned_evidence && (i.score ?? 0) >= 40)).toBe(true);
  });
});
