/**
 * Social impersonation takedown cases on the worker against the world's platforms (issue 29):
 * the evidence pack of an impersonating profile (the profile page's response record and the
 * avatar, read back with warcio), the platform's report desk as recipient, and the check: up,
 * then `profile_gone` once the platform suspends or deletes the account, each in its own way
 * (GitHub 404, Mastodon 410, X's "Account suspended" page at HTTP 200).
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TAuditSnapshot } from "@brandwarden/contract/audit";
import {
  TAKEDOWN_WORKER_PATHS,
  ZEvidenceResponse,
  ZTakedownCheckResponse,
  type TEvidenceRequest,
} from "@brandwarden/contract/takedown-worker";
import type { Platform } from "@brandwarden/world/scenario/services-schema";
import type { World } from "@brandwarden/world/world";
import { PLATFORM_DESKS } from "../src/capabilities/provider-facts/abuse-desks.ts";
import type { AuditApi } from "../src/ports/web-api/web-api.port.ts";
import { startTakedownWorld, warcRecords, type TakedownWorld } from "./takedown-world.ts";

type SocialFinding = TAuditSnapshot["social_findings"][number];

let world: World;
let app: TakedownWorld["app"];
let running: TakedownWorld | undefined;
const scanId = randomUUID();
const userId = randomUUID();
const socialFindings: SocialFinding[] = [];
/** The avatars the scan stored, by finding id (what the web app serves at `avatar_ref`). */
const storedAvatars = new Map<string, Buffer>();

const web: AuditApi = {
  async getAuditPage() {
    return {
      scan: { scan_id: scanId, user_id: userId, status: "completed", stage_states: {}, created_at: "2025-06-01T12:00:00.000Z", completed_at: "2025-06-01T12:10:00.000Z", resume_from_stage: null }, // prettier-ignore
      brand: { brand_name: "Acme Bank", social_handles: [{ platform: "x", handle: "acmebank" }], keywords: ["bank"], derived_keywords: [], owned_domains: [{ domain: "acmebank.com", title: null, content_snippet: null }] }, // prettier-ignore
      findings: [],
      social_findings: socialFindings,
    } as unknown as TAuditSnapshot;
  },
  getImage: async (ref) => storedAvatars.get(ref.split("/").pop()!) ?? null,
};

const platformOf = (p: Platform) => world.services!.platforms[p];
const profileUrl = (p: Platform, handle: string) => platformOf(p).url + platformOf(p).def.profilePath(handle);

/** A live impersonator the world's scenario has on `platform`. */
function impersonator(platform: Platform) {
  const p = world.scenario.services.social.find(
    (x) => x.platform === platform && x.kind === "impersonator" && x.state === "existing",
  );
  if (!p) throw new Error(`the world has no live impersonator on ${platform}`);
  return p;
}

/** The social finding the scan stored for a world profile, with the avatar it downloaded. */
async function socialFinding(platform: Platform, handle: string): Promise<SocialFinding> {
  const id = randomUUID();
  const avatar = Buffer.from(
    await (await fetch(`${platformOf(platform).url}/avatars/${handle.toLowerCase()}.png`)).arrayBuffer(),
  );
  storedAvatars.set(id, avatar);
  const f = {
    id,
    scan_id: scanId,
    platform,
    handle,
    status: "found",
    profile_url: profileUrl(platform, handle),
    display_name: "Acme Bank Support",
    bio: "Official support",
    followers: 12,
    links: [],
    score: 88,
    severity: "critical",
    adjusted_score: null,
    signals: { name_similarity: { value: 0.9, weight: 30, points: 27 } },
    ai_verdict: null,
    avatar_ref: `/v1/scans/${scanId}/avatars/${id}`,
    updated_at: "2025-06-01T12:10:00.000Z",
  } as unknown as SocialFinding;
  socialFindings.push(f);
  return f;
}

const evidenceRequest = (f: SocialFinding): TEvidenceRequest => ({
  case_id: randomUUID(),
  user_id: userId,
  scan_id: scanId,
  kind: "social",
  finding_id: f.id,
  domain: null,
  platform: f.platform,
  handle: f.handle,
  profile_url: f.profile_url,
});

const evidence = async (f: SocialFinding) => {
  const res = await app.inject({ method: "POST", url: TAKEDOWN_WORKER_PATHS.evidence, payload: evidenceRequest(f) }); // prettier-ignore
  expect(res.statusCode, res.body).toBe(200);
  return ZEvidenceResponse.parse(res.json());
};
const check = async (url: string) => {
  const sites = [{ case_id: randomUUID(), kind: "social" as const, domain: null, profile_url: url, baseline: null }]; // prettier-ignore
  const res = await app.inject({ method: "POST", url: TAKEDOWN_WORKER_PATHS.check, payload: { sites } });
  expect(res.statusCode, res.body).toBe(200);
  return ZTakedownCheckResponse.parse(res.json()).results[0]!;
};

beforeAll(async () => {
  running = await startTakedownWorld(web, "takedown-social-test");
  ({ world, app } = running);
}, 120_000);

afterAll(async () => {
  await running?.close();
});

describe("social impersonation cases on the worker", () => {
  it("packs the impersonating profile's page and avatar, and names the platform's report desk", async () => {
    const p = impersonator("github");
    const f = await socialFinding("github", p.handle);
    const body = await evidence(f);
    expect(body.live).toBe(true);
    expect(body.size).toBe(Buffer.from(body.warc_base64, "base64").length);

    const recs = await warcRecords(body.warc_base64);
    expect(recs[0]!.type).toBe("warcinfo");
    expect(recs[0]!.body.toString("utf8")).toContain("capture: live");
    const page = recs.find((r) => r.type === "response" && r.uri === f.profile_url);
    expect(page?.status).toBe(200);
    expect(page!.body.toString("utf8")).toContain(p.handle);
    expect(recs.some((r) => r.type === "request" && r.uri === f.profile_url)).toBe(true);
    const avatar = recs.find((r) => r.type === "resource");
    expect(avatar).toMatchObject({ uri: `urn:brandwarden:avatar:${f.id}`, contentType: "image/png" });
    expect(avatar!.body.equals(storedAvatars.get(f.id)!)).toBe(true);
    const profile = recs.find((r) => r.uri === `urn:brandwarden:profile:${f.id}`);
    expect(JSON.parse(profile!.body.toString("utf8"))).toMatchObject({ platform: "github", handle: p.handle, profile_url: f.profile_url }); // prettier-ignore

    expect(body.recipients).toEqual([
      { role: "platform", organisation: "GitHub", address: PLATFORM_DESKS.github!.address, channel: "form", source: "known-provider" }, // prettier-ignore
    ]);
    expect(body.escalation_contacts).toEqual([]);
  });

  it("names an e-mail desk where the platform takes reports by e-mail (Telegram)", async () => {
    const p = impersonator("telegram");
    const body = await evidence(await socialFinding("telegram", p.handle));
    expect(body.recipients).toEqual([
      { role: "platform", organisation: "Telegram", address: "abuse@telegram.org", channel: "email", source: "known-provider" }, // prettier-ignore
    ]);
  });

  it("packs what the scan saw when the profile is already gone", async () => {
    const p = impersonator("mastodon");
    const f = await socialFinding("mastodon", p.handle);
    world.changes.takeDownAccount("mastodon", p.handle);
    try {
      const body = await evidence(f);
      expect(body.live).toBe(false);
      const recs = await warcRecords(body.warc_base64);
      expect(recs[0]!.body.toString("utf8")).toContain("capture: last-scan");
      expect(recs.find((r) => r.type === "response" && r.uri === f.profile_url)?.status).toBe(410);
      expect(recs.some((r) => r.uri === `urn:brandwarden:avatar:${f.id}`)).toBe(true);
    } finally {
      world.changes.restoreAccount("mastodon", p.handle);
    }
  });

  it.each([
    ["github", "suspend", /HTTP 404/],
    ["mastodon", "suspend", /HTTP 410/],
    ["x", "suspend", /suspended/i],
    ["x", "delete", /x: /],
    ["github", "delete", /HTTP 404/],
  ] as const)(
    "checks a %s profile: up, then profile_gone once the platform %ss it",
    async (platform, how, detail) => {
      const p = impersonator(platform);
      const url = profileUrl(platform, p.handle);
      expect(await check(url)).toMatchObject({ up: true, how: null });
      world.changes.takeDownAccount(platform, p.handle, how);
      try {
        const gone = await check(url);
        expect(gone).toMatchObject({ up: false, how: "profile_gone" });
        expect(gone.detail).toMatch(detail);
      } finally {
        world.changes.restoreAccount(platform, p.handle);
      }
      expect(await check(url)).toMatchObject({ up: true, how: null });
    },
  );
});
