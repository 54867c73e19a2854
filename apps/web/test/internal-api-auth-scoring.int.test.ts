import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DEFAULT_DOMAIN_WEIGHTS } from "@brandwarden/contract/signals";
import { auth, startTestWeb } from "./harness.ts";
import { insertDomainFindings, insertFeedback, insertScan, insertUser } from "./factories.ts";
import { describeInternalApi } from "./internal-api-suite.ts";

const ENDPOINTS: Array<[string, string]> = [
  ["GET", "/v1/scoring/weights"],
  ["PUT", "/v1/scoring/weights"],
  ["GET", "/v1/scoring/feedback_samples"],
  ["GET", "/v1/scoring/campaign_stats"],
  ["POST", "/v1/scoring/key_history"],
  ["GET", "/v1/settings/ai_provider"],
  ["PUT", "/v1/settings/ai_provider"],
  ["GET", "/v1/settings/audit_config"],
  ["PUT", "/v1/settings/audit_config"],
  ["GET", `/v1/users/${randomUUID()}/derived_keywords`],
  ["POST", `/v1/users/${randomUUID()}/derived_keywords`],
  ["GET", `/v1/users/${randomUUID()}/brand_context`],
  ["PUT", `/v1/scans/${randomUUID()}/audit`],
  ["GET", `/v1/scans/${randomUUID()}/audit_data`],
  ["GET", `/v1/scans/${randomUUID()}/screenshots/${randomUUID()}`],
  ["GET", `/v1/scans/${randomUUID()}/avatars/${randomUUID()}`],
];

await describeInternalApi("auth-scoring", (api) => {
  const call = api.call;
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
        user_id: null,
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
        user_id: null,
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
        user_id: null,
      });
    });

    it("keeps versions unique when learners store at the same time", async () => {
      const results = await Promise.all(
        [1, 2, 3, 4].map((i) => call("PUT", "/v1/scoring/weights", { weights: { resolves: i } })),
      );
      const versions = results.map((r) => r.json().version as number);
      expect(new Set(versions).size).toBe(4);
    });

    it("keeps a user's own set with ?user_id= (versions per scope); a user without one is scored by the platform's", async () => {
      const [a, b] = [await insertUser(api.t.db), await insertUser(api.t.db)];
      const platform = (await call("GET", "/v1/scoring/weights")).json();
      const own = await call("PUT", `/v1/scoring/weights?user_id=${a.id}`, {
        weights: { login_form: 9 },
        sample_size: 40,
      });
      expect(own.json()).toEqual({
        version: 1,
        weights: { login_form: 9 },
        source: "learned",
        sample_size: 40,
        user_id: a.id,
      });
      // The version rule holds per scope: max(latest + 1, requested, 1) of this user's sets.
      const jump = await call("PUT", `/v1/scoring/weights?user_id=${a.id}`, {
        weights: { login_form: 10 },
        version: 5,
      });
      expect(jump.json().version).toBe(5);
      const next = await call("PUT", `/v1/scoring/weights?user_id=${a.id}`, { weights: { login_form: 11 } });
      expect(next.json()).toMatchObject({ version: 6, user_id: a.id });
      expect((await call("GET", `/v1/scoring/weights?user_id=${a.id}`)).json()).toMatchObject({
        version: 6,
        weights: { login_form: 11 },
        user_id: a.id,
      });
      // Neither the platform's set nor another user's moved.
      expect((await call("GET", "/v1/scoring/weights")).json()).toEqual(platform);
      expect((await call("GET", `/v1/scoring/weights?user_id=${b.id}`)).json()).toEqual(platform);
    });

    it("answers 404 for a user_id that names no user (unknown or malformed) and stores nothing", async () => {
      const before = (await call("GET", "/v1/scoring/weights")).json();
      for (const id of [randomUUID(), "not-a-uuid", ""]) {
        for (const [method, url] of [
          ["GET", "/v1/scoring/weights"],
          ["PUT", "/v1/scoring/weights"],
          ["GET", "/v1/scoring/feedback_samples"],
          ["GET", "/v1/scoring/campaign_stats"],
        ] as const) {
          const res = await call(
            method,
            `${url}?user_id=${id}`,
            method === "PUT" ? { weights: { x: 1 } } : undefined,
          );
          expect(res.statusCode, `${method} ${url} ${id}`).toBe(404);
          expect(res.json().error).toBe("not_found");
        }
      }
      const user = await insertUser(api.t.db);
      const bad = await call("PUT", `/v1/scoring/weights?user_id=${user.id}`, { weights: { x: "high" } });
      expect(bad.statusCode).toBe(422);
      expect((await call("GET", "/v1/scoring/weights")).json()).toEqual(before);
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
      const user = await insertUser(api.t.db);
      const base = Date.now() - 1_000_000;
      await insertFeedback(
        api.t.db,
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
      const res = await call("GET", `/v1/scoring/feedback_samples?user_id=${user.id}`);
      const { samples } = res.json();
      expect(samples).toHaveLength(500);
      expect(samples[0].reason).toBe("r519");
      expect(samples[499].reason).toBe("r20");
      expect(samples[0]).toMatchObject({
        kind: "domain",
        label: "confirmed",
        signals: { login_form: 1, parked: null },
        user_id: user.id,
      });
      const times = samples.map((s: { created_at: string }) => Date.parse(s.created_at));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      // Not trusted: none of these labels is in the platform's sample.
      const shared = (await call("GET", "/v1/scoring/feedback_samples")).json().samples;
      expect(shared.filter((s: { user_id: string }) => s.user_id === user.id)).toEqual([]);
    });

    it("serves the platform's sample from trusted accounts only, at most 100 labels (20 %) of each", async () => {
      const flood = await insertUser(api.t.db, { trusted: true });
      const small = await insertUser(api.t.db, { trusted: true });
      const stranger = await insertUser(api.t.db);
      const base = Date.now() - 1_000_000;
      const labels = (userId: string, n: number, offset: number) =>
        Array.from({ length: n }, (_, i) => ({
          user_id: userId,
          kind: "domain" as const,
          finding_id: randomUUID(),
          label: "benign" as const,
          signals: { login_form: 1 },
          created_at: new Date(base + (offset + i) * 1000),
        }));
      // The trusted flood is the newest: without the cap it would fill the whole sample.
      await insertFeedback(api.t.db, [
        ...labels(small.id, 30, 0),
        ...labels(stranger.id, 50, 100),
        ...labels(flood.id, 600, 200),
      ]);
      const { samples } = (await call("GET", "/v1/scoring/feedback_samples")).json();
      const of = (id: string) => samples.filter((s: { user_id: string }) => s.user_id === id);
      expect(of(flood.id)).toHaveLength(100);
      expect(of(small.id)).toHaveLength(30);
      expect(of(stranger.id)).toHaveLength(0);
      // The flood's newest 100, newest first.
      expect(Date.parse(of(flood.id)[0].created_at)).toBe(base + 799_000);
      const times = samples.map((s: { created_at: string }) => Date.parse(s.created_at));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
    });

    it("clusters campaign members of the last 30 days, at most 2000 findings", async () => {
      const user = await insertUser(api.t.db);
      const scan = await insertScan(api.t.db, user.id);
      const old = new Date(Date.now() - 40 * 86_400_000);
      await insertDomainFindings(api.t.db, [
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
      const { clusters } = (await call("GET", `/v1/scoring/campaign_stats?user_id=${user.id}`)).json();
      const total = clusters.reduce((n: number, c: { size: number }) => n + c.size, 0);
      expect(total).toBe(2000);
      // Another user's scope, and the platform's (no trusted account here), hold none of them.
      const other = await insertUser(api.t.db);
      expect((await call("GET", `/v1/scoring/campaign_stats?user_id=${other.id}`)).json().clusters).toEqual(
        [],
      );
      expect(clusters.map((c: { campaign_id: string }) => c.campaign_id).join()).not.toContain("camp-old");
      const c0 = clusters[0];
      expect(c0.size).toBe(c0.domains.length);
      expect(c0.keys.length).toBe(1);
      expect(c0.earliest_registration <= c0.latest_registration).toBe(true);
    });

    it("counts, per key, the distinct domains of earlier scans that held it, outside the asking scan", async () => {
      const user = await insertUser(api.t.db);
      const [s1, s2] = [await insertScan(api.t.db, user.id), await insertScan(api.t.db, user.id)];
      const tag = randomUUID().slice(0, 8);
      const ip = `198.18.${Number.parseInt(tag.slice(0, 2), 16)}.${Number.parseInt(tag.slice(2, 4), 16)}`;
      const row = (scan_id: string, domain: string, over: Record<string, unknown> = {}) => ({
        scan_id,
        user_id: user.id,
        domain: `${domain}-${tag}.example`,
        dns_a: [ip],
        dns_ns: [`NS2.host-${tag}.example.`, `ns1.host-${tag}.example`],
        dns_mx: [`10 mx.host-${tag}.example.`],
        tls_fingerprint: `SHA256:${tag}`,
        html_hash: `page-${tag}`,
        ...over,
      });
      await insertDomainFindings(api.t.db, [
        row(s1.id, "a"),
        row(s2.id, "a"), // the same domain in two scans counts once
        row(s2.id, "b"),
        row(s2.id, "mine"), // the asking scan's own: left out
        row(s1.id, "ancient", { created_at: new Date(Date.now() - 400 * 86_400_000) }),
      ]);
      const keys = [
        `ip:${ip}`,
        `ns:ns1.host-${tag}.example,ns2.host-${tag}.example`,
        `mx:mx.host-${tag}.example`,
        `cert:sha256:${tag}`,
        `page:page-${tag}`,
        `registrar:namesilo@2025-01-01`,
        `ip:192.0.2.${(Number.parseInt(tag.slice(0, 2), 16) % 250) + 1}-unseen`,
      ];
      const res = await call("POST", "/v1/scoring/key_history", {
        keys,
        exclude_domains: [`mine-${tag}.example`],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().counts).toEqual(Object.fromEntries(keys.map((k, i) => [k, i < 5 ? 2 : 0])));
      const bad = await call("POST", "/v1/scoring/key_history", { keys: "ip:1.2.3.4" });
      expect(bad.statusCode).toBe(422);
    });

    it("names each campaign with its evidence and worst severity, and leaves out the brand's own", async () => {
      const user = await insertUser(api.t.db);
      const scan = await insertScan(api.t.db, user.id);
      const member = (domain: string, campaign_id: string, over: Record<string, unknown> = {}) => ({
        scan_id: scan.id,
        user_id: user.id,
        domain,
        campaign_id,
        campaign_keys: ["ip:127.20.80.9"],
        asn_org: "STARK-INDUSTRIES",
        registration_created: new Date(Date.UTC(2026, 0, 3)),
        ...over,
      });
      await insertDomainFindings(api.t.db, [
        member("named-a.example", "cmp_named000000001", { severity: "medium" }),
        member("named-b.example", "cmp_named000000001", { severity: "low", adjusted_severity: "critical" }),
        member("own-a.example", "def_own00000000001", { campaign_keys: ["brand:ns"] }),
        member("own-b.example", "def_own00000000001", { campaign_keys: ["brand:ns"] }),
      ]);
      const { clusters } = (await call("GET", `/v1/scoring/campaign_stats?user_id=${user.id}`)).json();
      const mine = clusters.filter((c: { campaign_id: string }) => c.campaign_id.startsWith(`${scan.id}/`));
      expect(mine).toEqual([
        {
          campaign_id: `${scan.id}/cmp_named000000001`,
          size: 2,
          domains: ["named-a.example", "named-b.example"],
          keys: ["ip:127.20.80.9"],
          name: "Stark Industries 127.20.80.9 · registered Jan 3 · 2 domains",
          kind: "attack",
          evidence: [
            {
              key: "ip:127.20.80.9",
              members: 2,
              text: "same IP address 127.20.80.9 (Stark Industries): both domains",
            },
          ],
          worst_severity: "critical",
          earliest_registration: "2026-01-03T00:00:00.000Z",
          latest_registration: "2026-01-03T00:00:00.000Z",
        },
      ]);
    });
  });
});
