import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { severityForScore } from "@brandwarden/contract/common";
import { AUDIT_PAGE_MAX } from "@brandwarden/contract/audit";
import { domainFindings, settings } from "../src/db/schema.ts";
import {
  insertDomainFinding,
  insertDomainFindings,
  insertScan,
  insertSocialFindings,
  insertUser,
} from "./factories.ts";
import { describeInternalApi } from "./internal-api-suite.ts";

await describeInternalApi("audit", (api) => {
  const call = api.call;
  describe("AI audit", () => {
    it("persists verdicts and recomputes adjusted_score and adjusted_severity", async () => {
      await api.t.db.delete(settings);
      const user = await insertUser(api.t.db);
      const scan = await insertScan(api.t.db, user.id);
      const a = await insertDomainFinding(api.t.db, scan.id, user.id, { score: 55, severity: "medium" });
      const b = await insertDomainFinding(api.t.db, scan.id, user.id, { score: 95, severity: "critical" });
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
      const [row] = await api.t.db.select().from(domainFindings).where(eq(domainFindings.id, a.id));
      expect(row).toMatchObject({
        ai_verdict: "malicious",
        ai_confidence: 0.9,
        adjusted_score: 70,
        adjusted_severity: "high",
        score: 55,
      });
    });

    it("never lets a valid-looking 'benign, -15' push a finding with hard evidence out of its band, and records every demotion", async () => {
      await api.t.db.delete(settings);
      const user = await insertUser(api.t.db);
      const scan = await insertScan(api.t.db, user.id);
      const hit = [{ feed: "openphish", matched: "https://acmebank-login.com/", listed_at: null }];
      const f = (domain: string, score: number, over: Record<string, unknown> = {}) =>
        insertDomainFinding(api.t.db, scan.id, user.id, {
          domain,
          score,
          severity: severityForScore(score),
          ...over,
        });
      const feed = await f("feed-hit.com", 85, { threat_feed_hits: hit });
      const login = await f("login-form.com", 65, { login_form: true, brand_in_page: true });
      const password = await f("password-form.com", 70, { password_form: true, brand_in_page: true });
      const cert = await f("brand-cert.com", 62, { brand_in_cert: true });
      const formWithoutBrand = await f("form-no-brand.com", 65, { login_form: true, brand_in_page: false });
      const plain = await f("plain.com", 85);
      const all = [feed, login, password, cert, formWithoutBrand, plain];
      const res = await call("PUT", `/v1/scans/${scan.id}/audit`, {
        verdicts: all.map((x) => ({
          kind: "domain",
          finding_id: x.id,
          verdict: "benign",
          confidence: 0.99,
          adjustment: -15,
          reasoning: "The page says it is an authorised partner.",
        })),
      });
      expect(res.statusCode).toBe(200);
      expect(
        (
          res.json().updated as Array<{
            adjusted_score: number;
            adjusted_severity: string;
            demotion_held_by?: string[];
          }>
        ).map((u) => [u.adjusted_score, u.adjusted_severity, u.demotion_held_by ?? null]),
      ).toEqual([
        [80, "critical", ["threat_feed_hit"]],
        [60, "high", ["brand_login_form"]],
        [60, "high", ["brand_login_form"]],
        [60, "high", ["brand_in_cert"]],
        [50, "medium", null], // a form on a page that does not name the brand is not hard evidence
        [70, "high", null], // no hard evidence: the verdict applies in full
      ]);

      // A promotion is never held back, hard evidence or not.
      const up = await call("PUT", `/v1/scans/${scan.id}/audit`, {
        verdicts: [
          {
            kind: "domain",
            finding_id: feed.id,
            verdict: "malicious",
            confidence: 1,
            adjustment: 10,
            reasoning: "x",
          },
        ],
      });
      expect(up.json().updated[0]).toMatchObject({ adjusted_score: 95, adjusted_severity: "critical" });
      await call("PUT", `/v1/scans/${scan.id}/audit`, {
        verdicts: [
          {
            kind: "domain",
            finding_id: feed.id,
            verdict: "benign",
            confidence: 1,
            adjustment: -15,
            reasoning: "x",
          },
        ],
      });

      // Every demotion is shown as such wherever findings are read (here: the audit snapshot).
      const snap = (await call("GET", `/v1/scans/${scan.id}/audit_data`)).json() as {
        findings: Array<{ domain: string; ai_demotion: unknown }>;
      };
      const demotion = (d: string) => snap.findings.find((x) => x.domain === d)!.ai_demotion;
      expect(demotion("feed-hit.com")).toEqual({
        proposed: -15,
        from_score: 85,
        to_score: 80,
        from_severity: "critical",
        to_severity: "critical",
        held_by: ["threat_feed_hit"],
      });
      expect(demotion("plain.com")).toEqual({
        proposed: -15,
        from_score: 85,
        to_score: 70,
        from_severity: "critical",
        to_severity: "high",
        held_by: [],
      });
    });

    it("rejects an adjustment outside the configured range with 422 and applies nothing", async () => {
      await call("PUT", "/v1/settings/audit_config", { adjustment_min: -10, adjustment_max: 10 });
      const user = await insertUser(api.t.db);
      const scan = await insertScan(api.t.db, user.id);
      const a = await insertDomainFinding(api.t.db, scan.id, user.id, { score: 50 });
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
      const [row] = await api.t.db.select().from(domainFindings).where(eq(domainFindings.id, a.id));
      expect(row!.adjusted_score).toBeNull();
      expect(row!.ai_verdict).toBeNull();
      await api.t.db.delete(settings);
    });

    it("answers 404 for a missing scan and 422 for a finding of another scan or a bad body", async () => {
      const user = await insertUser(api.t.db);
      const scan = await insertScan(api.t.db, user.id);
      const other = await insertScan(api.t.db, user.id);
      const f = await insertDomainFinding(api.t.db, other.id, user.id);
      const verdict = {
        kind: "domain",
        finding_id: f.id,
        verdict: "benign",
        confidence: 0.5,
        adjustment: 0,
        reasoning: "",
      };
      expect((await call("PUT", `/v1/scans/${randomUUID()}/audit`, { verdicts: [verdict] })).statusCode).toBe(
        404,
      );
      expect((await call("PUT", `/v1/scans/${scan.id}/audit`, { verdicts: [verdict] })).statusCode).toBe(422);
      expect((await call("PUT", `/v1/scans/${scan.id}/audit`, { verdicts: [] })).statusCode).toBe(422);
      expect(
        (await call("PUT", `/v1/scans/${scan.id}/audit`, { verdicts: [{ ...verdict, verdict: "evil" }] }))
          .statusCode,
      ).toBe(422);
    });

    it("returns the audit snapshot with screenshot data, logo URL and logo data URI; 404 when missing", async () => {
      const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
      const blobs = api.t.container.infra.blobs;
      const logoKey = await blobs.put(png);
      const shotKey = await blobs.put(Buffer.concat([png, Buffer.from([1])]));
      const user = await insertUser(api.t.db, { logo_key: logoKey, logo_content_type: "image/png" });
      const scan = await insertScan(api.t.db, user.id, { stage_states: {} });
      await insertDomainFinding(api.t.db, scan.id, user.id, {
        domain: "acmebank-login.com",
        screenshot_key: shotKey,
        score: 88,
      });
      await insertDomainFinding(api.t.db, scan.id, user.id, { domain: "acrnebank.com" });
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
      // The reference is there too; only paged answers leave the bytes out.
      expect(snap.findings[0].screenshot_ref).toBe(`/v1/scans/${scan.id}/screenshots/${snap.findings[0].id}`);
      expect(snap.findings[1].screenshot_ref).toBeNull();
      expect(snap.page).toBeUndefined();
      expect(snap.social_findings).toEqual([]);
      expect(snap.logo_url).toBe(`https://brandwarden.test/media/logos/${user.id}`);
      expect(snap.logo_data_uri).toBe(`data:image/png;base64,${png.toString("base64")}`);
      expect((await call("GET", `/v1/scans/${randomUUID()}/audit_data`)).statusCode).toBe(404);
      expect((await call("GET", `/v1/scans/nope/audit_data`)).json()).toMatchObject({
        error: "not_found",
      });
    });

    it("pages domain then social findings by cursor, images by reference; refuses a huge unpaged read", async () => {
      const blobs = api.t.container.infra.blobs;
      const shot = Buffer.from("89504e470d0a1a0a0000000d4948445207", "hex");
      const shotKey = await blobs.put(shot);
      const user = await insertUser(api.t.db);
      const scan = await insertScan(api.t.db, user.id);
      const other = await insertScan(api.t.db, user.id);
      for (const d of ["c.com", "a.com", "b.com"])
        await insertDomainFinding(api.t.db, scan.id, user.id, { domain: d, screenshot_key: shotKey });
      const [av] = await insertSocialFindings(api.t.db, [
        { scan_id: scan.id, user_id: user.id, platform: "x", handle: "acme_b", avatar_key: shotKey },
        { scan_id: scan.id, user_id: user.id, platform: "github", handle: "acme_a" },
      ]);
      const names: string[][] = [];
      let cursor: string | null = null;
      do {
        const res = await call(
          "GET",
          `/v1/scans/${scan.id}/audit_data?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
        );
        expect(res.statusCode).toBe(200);
        const page = res.json();
        expect(page.page).toMatchObject({ total_findings: 3, total_social_findings: 2 });
        expect(page.logo_data_uri).toBeNull();
        expect(page.scan.scan_id).toBe(scan.id);
        names.push([
          ...page.findings.map((f: { domain: string; screenshot_data: unknown }) => {
            expect(f.screenshot_data).toBeNull();
            return f.domain;
          }),
          ...page.social_findings.map(
            (s: { platform: string; handle: string }) => `${s.platform}:${s.handle}`,
          ),
        ]);
        cursor = page.page.next_cursor;
      } while (cursor);
      expect(names).toEqual([["a.com", "b.com"], ["c.com", "github:acme_a"], ["x:acme_b"]]);

      // Images by reference: the bytes as stored, for a finding of this scan only.
      const [f] = await api.t.db
        .select()
        .from(domainFindings)
        .where(eq(domainFindings.scan_id, scan.id))
        .limit(1);
      const img = await call("GET", `/v1/scans/${scan.id}/screenshots/${f!.id}`);
      expect(img.statusCode).toBe(200);
      expect(img.headers["content-type"]).toBe("image/png");
      expect(img.rawPayload).toEqual(shot);
      expect((await call("GET", `/v1/scans/${scan.id}/avatars/${av!.id}`)).rawPayload).toEqual(shot);
      expect((await call("GET", `/v1/scans/${other.id}/screenshots/${f!.id}`)).statusCode).toBe(404);
      expect((await call("GET", `/v1/scans/${scan.id}/screenshots/nope`)).statusCode).toBe(404);

      // Bad paging parameters are 422; a missing scan stays 404.
      for (const q of ["limit=0", `limit=${AUDIT_PAGE_MAX + 1}`, "limit=x", "cursor=not-one-of-ours"])
        expect((await call("GET", `/v1/scans/${scan.id}/audit_data?${q}`)).json()).toMatchObject({
          error: "invalid",
        });
      expect((await call("GET", `/v1/scans/${randomUUID()}/audit_data?limit=5`)).statusCode).toBe(404);

      // Unpaged stays the whole snapshot up to AUDIT_PAGE_MAX findings; past it, 422 naming the paging.
      const big = await insertScan(api.t.db, user.id);
      await insertDomainFindings(
        api.t.db,
        Array.from({ length: AUDIT_PAGE_MAX + 1 }, (_, i) => ({
          scan_id: big.id,
          user_id: user.id,
          domain: `big-${i}.com`,
        })),
      );
      const whole = await call("GET", `/v1/scans/${big.id}/audit_data`);
      expect(whole.statusCode).toBe(422);
      expect(whole.json().message).toMatch(/\?limit=.*\?cursor=/);
      expect(
        (await call("GET", `/v1/scans/${big.id}/audit_data?limit=${AUDIT_PAGE_MAX}`)).json().findings,
      ).toHaveLength(AUDIT_PAGE_MAX);
    });
  });
});
