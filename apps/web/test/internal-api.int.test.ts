import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { DEFAULT_DOMAIN_WEIGHTS } from "@brandwarden/contract/signals";
import { domainFindings, ownedDomains, settings, socialHandles, users } from "../src/db/schema.ts";
import { auth, dbVariants, startTestWeb, type TestWeb } from "./harness.ts";
import {
  insertDomainFinding,
  insertDomainFindings,
  insertFeedback,
  insertScan,
  insertUser,
} from "./factories.ts";

const ENDPOINTS: Array<[string, string]> = [
  ["GET", "/v1/scoring/weights"],
  ["PUT", "/v1/scoring/weights"],
  ["GET", "/v1/scoring/feedback_samples"],
  ["GET", "/v1/scoring/campaign_stats"],
  ["GET", "/v1/settings/ai_provider"],
  ["PUT", "/v1/settings/ai_provider"],
  ["GET", "/v1/settings/audit_config"],
  ["PUT", "/v1/settings/audit_config"],
  ["GET", `/v1/users/${randomUUID()}/derived_keywords`],
  ["POST", `/v1/users/${randomUUID()}/derived_keywords`],
  ["GET", `/v1/users/${randomUUID()}/brand_context`],
  ["PUT", `/v1/scans/${randomUUID()}/audit`],
  ["GET", `/v1/scans/${randomUUID()}/audit_data`],
];

for (const { variant, status } of await dbVariants()) {
  describe(`internal API on ${variant}`, () => {
    let t: TestWeb;
    beforeAll(async () => {
      status?.assertAvailable();
      t = await startTestWeb(variant);
    });
    afterAll(() => t?.close());

    const call = (method: string, url: string, payload?: unknown, headers: Record<string, string> = auth) =>
      t.app.inject({ method: method as "GET", url, payload: payload as object, headers });

    describe("bearer token", () => {
      it.each(ENDPOINTS)(
        "%s %s is 401 without a token, with a wrong one and a truncated one",
        async (method, url) => {
          const variants: Array<Record<string, string>> = [
            {},
            { authorization: "Bearer wrong-token-wrong-token" },
            { authorization: "Bearer test" },
            { authorization: auth.authorization.replace("Bearer", "Basic") },
          ];
          for (const headers of variants) {
            const res = await call(method, url, {}, headers);
            expect(res.statusCode).toBe(401);
            expect(res.json()).toMatchObject({ error: "unauthorized" });
          }
        },
      );

      it("rejects every call, even with a token, when INTERNAL_API_TOKEN is unset (fails closed)", async () => {
        const unset = await startTestWeb("pglite", { INTERNAL_API_TOKEN: "" });
        try {
          for (const [method, url] of ENDPOINTS) {
            const res = await unset.app.inject({
              method: method as "GET",
              url,
              headers: auth,
              payload: {},
            });
            expect(res.statusCode, `${method} ${url}`).toBe(401);
          }
        } finally {
          await unset.close();
        }
      });
    });

    describe("scoring weights", () => {
      it("serves the built-in defaults as version 0 until a set is stored, then applies the version rule", async () => {
        const first = await call("GET", "/v1/scoring/weights");
        expect(first.json()).toEqual({
          version: 0,
          weights: DEFAULT_DOMAIN_WEIGHTS,
          source: "manual",
          sample_size: 0,
        });

        const v1 = await call("PUT", "/v1/scoring/weights", {
          weights: { login_form: 20 },
          sample_size: 12,
        });
        expect(v1.statusCode).toBe(200);
        expect(v1.json()).toEqual({
          version: 1,
          weights: { login_form: 20 },
          source: "learned",
          sample_size: 12,
        });

        const jump = await call("PUT", "/v1/scoring/weights", { weights: { login_form: 21 }, version: 10 });
        expect(jump.json().version).toBe(10);
        const lower = await call("PUT", "/v1/scoring/weights", { weights: { login_form: 22 }, version: 3 });
        expect(lower.json().version).toBe(11);
        const zero = await call("PUT", "/v1/scoring/weights", { weights: { login_form: 23 }, version: 0 });
        expect(zero.json().version).toBe(12);

        const latest = await call("GET", "/v1/scoring/weights");
        expect(latest.json()).toEqual({
          version: 12,
          weights: { login_form: 23 },
          source: "learned",
          sample_size: 0,
        });
      });

      it("keeps versions unique when learners store at the same time", async () => {
        const results = await Promise.all(
          [1, 2, 3, 4].map((i) => call("PUT", "/v1/scoring/weights", { weights: { resolves: i } })),
        );
        const versions = results.map((r) => r.json().version as number);
        expect(new Set(versions).size).toBe(4);
      });

      it("rejects a malformed weight set with 422 and stores nothing", async () => {
        const before = (await call("GET", "/v1/scoring/weights")).json().version;
        for (const body of [{}, { weights: { x: "high" } }, { weights: {}, version: -1 }, { weights: [] }]) {
          const res = await call("PUT", "/v1/scoring/weights", body);
          expect(res.statusCode).toBe(422);
          expect(res.json().error).toBe("invalid");
        }
        expect((await call("GET", "/v1/scoring/weights")).json().version).toBe(before);
      });
    });

    describe("feedback samples and campaign stats", () => {
      it("returns at most 500 feedback samples, newest first", async () => {
        const user = await insertUser(t.db);
        const base = Date.now() - 1_000_000;
        await insertFeedback(
          t.db,
          Array.from({ length: 520 }, (_, i) => ({
            user_id: user.id,
            kind: "domain" as const,
            finding_id: randomUUID(),
            label: i % 2 ? ("confirmed" as const) : ("benign" as const),
            reason: `r${i}`,
            signals: { login_form: 1, parked: null },
            created_at: new Date(base + i * 1000),
          })),
        );
        const res = await call("GET", "/v1/scoring/feedback_samples");
        const { samples } = res.json();
        expect(samples).toHaveLength(500);
        expect(samples[0].reason).toBe("r519");
        expect(samples[499].reason).toBe("r20");
        expect(samples[0]).toMatchObject({
          kind: "domain",
          label: "confirmed",
          signals: { login_form: 1, parked: null },
        });
        const times = samples.map((s: { created_at: string }) => Date.parse(s.created_at));
        expect([...times].sort((a, b) => b - a)).toEqual(times);
      });

      it("clusters campaign members of the last 30 days, at most 2000 findings", async () => {
        const user = await insertUser(t.db);
        const scan = await insertScan(t.db, user.id);
        const old = new Date(Date.now() - 40 * 86_400_000);
        await insertDomainFindings(t.db, [
          ...Array.from({ length: 2100 }, (_, i) => ({
            scan_id: scan.id,
            user_id: user.id,
            domain: `c${i}.example`,
            campaign_id: `camp-${i % 3}`,
            campaign_keys: [`ip:127.0.0.${i % 3}`],
            registration_created: new Date(Date.UTC(2026, 10, 1 + (i % 5))),
          })),
          {
            scan_id: scan.id,
            user_id: user.id,
            domain: "old.example",
            campaign_id: "camp-old",
            created_at: old,
          },
          { scan_id: scan.id, user_id: user.id, domain: "lonely.example", campaign_id: null },
        ]);
        const { clusters } = (await call("GET", "/v1/scoring/campaign_stats")).json();
        const total = clusters.reduce((n: number, c: { size: number }) => n + c.size, 0);
        expect(total).toBe(2000);
        expect(clusters.map((c: { campaign_id: string }) => c.campaign_id).join()).not.toContain("camp-old");
        const c0 = clusters[0];
        expect(c0.size).toBe(c0.domains.length);
        expect(c0.keys.length).toBe(1);
        expect(c0.earliest_registration <= c0.latest_registration).toBe(true);
      });
    });

    describe("settings", () => {
      it("reports an unconfigured AI provider as enabled null and deep-merges updates", async () => {
        await t.db.delete(settings);
        expect((await call("GET", "/v1/settings/ai_provider")).json()).toEqual({
          enabled: null,
          config: {},
        });
        await call("PUT", "/v1/settings/ai_provider", {
          enabled: true,
          config: {
            provider: "openai",
            model: "gpt-x",
            base_url: "http://127.0.0.1:9/v1",
            extra: { a: 1, b: 2 },
          },
        });
        const merged = await call("PUT", "/v1/settings/ai_provider", {
          config: { model: "gpt-y", extra: { b: 3 } },
        });
        expect(merged.statusCode).toBe(200);
        expect(merged.json()).toEqual({
          enabled: true,
          config: {
            provider: "openai",
            model: "gpt-y",
            base_url: "http://127.0.0.1:9/v1",
            extra: { a: 1, b: 3 },
          },
        });
        expect((await call("GET", "/v1/settings/ai_provider")).json()).toEqual(merged.json());
        const bad = await call("PUT", "/v1/settings/ai_provider", { config: { base_url: "not a url" } });
        expect(bad.statusCode).toBe(422);
      });

      it("defaults the audit configuration to medium/-15/15, merges updates and rejects out-of-range values", async () => {
        await t.db.delete(settings);
        expect((await call("GET", "/v1/settings/audit_config")).json()).toEqual({
          threshold: "medium",
          adjustment_min: -15,
          adjustment_max: 15,
        });
        const high = await call("PUT", "/v1/settings/audit_config", { threshold: "high" });
        expect(high.json()).toEqual({ threshold: "high", adjustment_min: -15, adjustment_max: 15 });
        for (const body of [
          { adjustment_min: -80 },
          { adjustment_max: 51 },
          { adjustment_min: 5 },
          { adjustment_max: -1 },
          { threshold: "severe" },
          { adjustment_min: 1.5 },
        ]) {
          const res = await call("PUT", "/v1/settings/audit_config", body);
          expect(res.statusCode, JSON.stringify(body)).toBe(422);
        }
        expect((await call("GET", "/v1/settings/audit_config")).json()).toEqual(high.json());
      });
    });

    describe("derived keywords and brand context", () => {
      it("stores keywords downcased and deduplicated for the current generation", async () => {
        const user = await insertUser(t.db, { keyword_generation: 3 });
        const url = `/v1/users/${user.id}/derived_keywords`;
        expect((await call("GET", url)).json()).toEqual({ keywords: [], generation: 3 });
        const res = await call("POST", url, {
          keywords: ["Wallet", "wallet ", "ACME Pay", "acme pay"],
          generation: 3,
        });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ keywords: ["wallet", "acme pay"], generation: 3 });
        expect((await call("GET", url)).json()).toEqual({
          keywords: ["wallet", "acme pay"],
          generation: 3,
        });
      });

      it("rejects a stale generation with 409 and keeps the stored keywords", async () => {
        const user = await insertUser(t.db, { keyword_generation: 5 });
        const url = `/v1/users/${user.id}/derived_keywords`;
        await call("POST", url, { keywords: ["kept"], generation: 5 });
        const stale = await call("POST", url, { keywords: ["lost"], generation: 4 });
        expect(stale.statusCode).toBe(409);
        expect(stale.json()).toMatchObject({ error: "stale_generation" });
        const future = await call("POST", url, { keywords: ["lost"], generation: 6 });
        expect(future.statusCode).toBe(409);
        expect((await call("GET", url)).json()).toEqual({ keywords: ["kept"], generation: 5 });
      });

      it("treats keywords of an older generation as none once the profile changed", async () => {
        const user = await insertUser(t.db, { keyword_generation: 1 });
        const url = `/v1/users/${user.id}/derived_keywords`;
        await call("POST", url, { keywords: ["old"], generation: 1 });
        await t.db.update(users).set({ keyword_generation: 2 }).where(eq(users.id, user.id));
        expect((await call("GET", url)).json()).toEqual({ keywords: [], generation: 2 });
      });

      it("answers 422 for a bad payload and 404 for an unknown user", async () => {
        const user = await insertUser(t.db);
        const url = `/v1/users/${user.id}/derived_keywords`;
        for (const body of [
          {},
          { keywords: "a", generation: 0 },
          { keywords: ["a"], generation: -1 },
          { keywords: [""], generation: 0 },
        ]) {
          expect((await call("POST", url, body)).statusCode, JSON.stringify(body)).toBe(422);
        }
        const malformed = await t.app.inject({
          method: "POST",
          url,
          headers: { ...auth, "content-type": "application/json" },
          payload: "{not json",
        });
        expect(malformed.statusCode).toBe(422);
        expect(
          (
            await call("POST", `/v1/users/${randomUUID()}/derived_keywords`, {
              keywords: [],
              generation: 0,
            })
          ).statusCode,
        ).toBe(404);
        expect((await call("GET", `/v1/users/not-a-uuid/derived_keywords`)).statusCode).toBe(404);
      });

      it("builds the brand context from the profile, owned domain profiles and derived keywords", async () => {
        const user = await insertUser(t.db, {
          brand_name: "Acme Bank",
          keywords: ["bank", "pay"],
          keyword_generation: 2,
        });
        await t.db.insert(ownedDomains).values([
          {
            user_id: user.id,
            domain: "acmebank.com",
            enrichment_status: "completed",
            profile: {
              domain: "acmebank.com",
              title: "Acme Bank - Online Banking",
              content_snippet: "Welcome to Acme Bank",
              ips: ["127.0.0.5"],
              name_servers: [],
              html_hash: null,
              favicon_hash: null,
              screenshot_hash: null,
              fetched_at: new Date().toISOString(),
            },
          },
          { user_id: user.id, domain: "acme.example" },
        ]);
        await t.db.insert(socialHandles).values({ user_id: user.id, platform: "x", handle: "acmebank" });
        await call("POST", `/v1/users/${user.id}/derived_keywords`, {
          keywords: ["acmepay"],
          generation: 2,
        });
        const res = await call("GET", `/v1/users/${user.id}/brand_context`);
        expect(res.json()).toEqual({
          brand_name: "Acme Bank",
          social_handles: [{ platform: "x", handle: "acmebank" }],
          keywords: ["bank", "pay"],
          derived_keywords: ["acmepay"],
          owned_domains: [
            { domain: "acme.example", title: null, content_snippet: null },
            {
              domain: "acmebank.com",
              title: "Acme Bank - Online Banking",
              content_snippet: "Welcome to Acme Bank",
            },
          ],
        });
        expect((await call("GET", `/v1/users/${randomUUID()}/brand_context`)).statusCode).toBe(404);
      });
    });

    describe("AI audit", () => {
      it("persists verdicts and recomputes adjusted_score and adjusted_severity", async () => {
        await t.db.delete(settings);
        const user = await insertUser(t.db);
        const scan = await insertScan(t.db, user.id);
        const a = await insertDomainFinding(t.db, scan.id, user.id, { score: 55, severity: "medium" });
        const b = await insertDomainFinding(t.db, scan.id, user.id, { score: 95, severity: "critical" });
        const res = await call("PUT", `/v1/scans/${scan.id}/audit`, {
          verdicts: [
            {
              kind: "domain",
              finding_id: a.id,
              verdict: "malicious",
              confidence: 0.9,
              adjustment: 15,
              reasoning: "login clone",
            },
            {
              kind: "domain",
              finding_id: b.id,
              verdict: "malicious",
              confidence: 0.8,
              adjustment: 10,
              reasoning: "clone",
            },
          ],
        });
        expect(res.statusCode).toBe(200);
        expect(res.json().updated).toEqual([
          { kind: "domain", finding_id: a.id, adjusted_score: 70, adjusted_severity: "high" },
          { kind: "domain", finding_id: b.id, adjusted_score: 100, adjusted_severity: "critical" },
        ]);
        const [row] = await t.db.select().from(domainFindings).where(eq(domainFindings.id, a.id));
        expect(row).toMatchObject({
          ai_verdict: "malicious",
          ai_confidence: 0.9,
          adjusted_score: 70,
          adjusted_severity: "high",
          score: 55,
        });
      });

      it("rejects an adjustment outside the configured range with 422 and applies nothing", async () => {
        await call("PUT", "/v1/settings/audit_config", { adjustment_min: -10, adjustment_max: 10 });
        const user = await insertUser(t.db);
        const scan = await insertScan(t.db, user.id);
        const a = await insertDomainFinding(t.db, scan.id, user.id, { score: 50 });
        const res = await call("PUT", `/v1/scans/${scan.id}/audit`, {
          verdicts: [
            {
              kind: "domain",
              finding_id: a.id,
              verdict: "benign",
              confidence: 0.5,
              adjustment: -5,
              reasoning: "ok",
            },
            {
              kind: "domain",
              finding_id: a.id,
              verdict: "malicious",
              confidence: 0.9,
              adjustment: 15,
              reasoning: "x",
            },
          ],
        });
        expect(res.statusCode).toBe(422);
        expect(res.json().details).toEqual([{ index: 1, finding_id: a.id, adjustment: 15 }]);
        const [row] = await t.db.select().from(domainFindings).where(eq(domainFindings.id, a.id));
        expect(row!.adjusted_score).toBeNull();
        expect(row!.ai_verdict).toBeNull();
        await t.db.delete(settings);
      });

      it("answers 404 for a missing scan and 422 for a finding of another scan or a bad body", async () => {
        const user = await insertUser(t.db);
        const scan = await insertScan(t.db, user.id);
        const other = await insertScan(t.db, user.id);
        const f = await insertDomainFinding(t.db, other.id, user.id);
        const verdict = {
          kind: "domain",
          finding_id: f.id,
          verdict: "benign",
          confidence: 0.5,
          adjustment: 0,
          reasoning: "",
        };
        expect(
          (await call("PUT", `/v1/scans/${randomUUID()}/audit`, { verdicts: [verdict] })).statusCode,
        ).toBe(404);
        expect((await call("PUT", `/v1/scans/${scan.id}/audit`, { verdicts: [verdict] })).statusCode).toBe(
          422,
        );
        expect((await call("PUT", `/v1/scans/${scan.id}/audit`, { verdicts: [] })).statusCode).toBe(422);
        expect(
          (await call("PUT", `/v1/scans/${scan.id}/audit`, { verdicts: [{ ...verdict, verdict: "evil" }] }))
            .statusCode,
        ).toBe(422);
      });

      it("returns the audit snapshot with screenshot data, logo URL and logo data URI; 404 when missing", async () => {
        const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
        const blobs = t.container.infra.blobs;
        const logoKey = await blobs.put(png);
        const shotKey = await blobs.put(Buffer.concat([png, Buffer.from([1])]));
        const user = await insertUser(t.db, { logo_key: logoKey, logo_content_type: "image/png" });
        const scan = await insertScan(t.db, user.id, { stage_states: {} });
        await insertDomainFinding(t.db, scan.id, user.id, {
          domain: "acmebank-login.com",
          screenshot_key: shotKey,
          score: 88,
        });
        await insertDomainFinding(t.db, scan.id, user.id, { domain: "acrnebank.com" });
        const res = await call("GET", `/v1/scans/${scan.id}/audit_data`);
        expect(res.statusCode).toBe(200);
        const snap = res.json();
        expect(snap.scan).toMatchObject({ scan_id: scan.id, user_id: user.id, status: "completed" });
        expect(snap.brand.brand_name).toBe("Acme Bank");
        expect(snap.findings.map((f: { domain: string }) => f.domain)).toEqual([
          "acmebank-login.com",
          "acrnebank.com",
        ]);
        expect(snap.findings[0].screenshot_data).toBe(
          `data:image/png;base64,${Buffer.concat([png, Buffer.from([1])]).toString("base64")}`,
        );
        expect(snap.findings[1].screenshot_data).toBeNull();
        expect(snap.social_findings).toEqual([]);
        expect(snap.logo_url).toBe(`https://brandwarden.test/media/logos/${user.id}`);
        expect(snap.logo_data_uri).toBe(`data:image/png;base64,${png.toString("base64")}`);
        expect((await call("GET", `/v1/scans/${randomUUID()}/audit_data`)).statusCode).toBe(404);
        expect((await call("GET", `/v1/scans/nope/audit_data`)).json()).toMatchObject({
          error: "not_found",
        });
      });
    });
  });
}
