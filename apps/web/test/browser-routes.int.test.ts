import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { auditEvents, domainFindings, feedbackLabels, reports, users } from "../src/db/schema.ts";
import { browserAgent } from "./browser-agent.ts";
import { insertDomainFinding, insertScan } from "./factories.ts";
import { dbVariants } from "./harness.ts";
import { suiteWebWithStubWorker } from "./suite-web.ts";

const PROFILE = {
  brand_name: "Acme Bank",
  brand_names: ["Acme"],
  keywords: ["bank"],
  owned_domains: ["acmebank.com"],
  social_handles: [{ platform: "x", handle: "acmebank" }],
  webhook_url: null,
};

for (const { variant, status } of await dbVariants()) {
  const title = `browser routes on ${variant}`;
  describe(title, () => {
    const t = suiteWebWithStubWorker(variant, status);

    describe("sessions and CSRF", () => {
      it("signs up, logs in with the signed httponly cookie, and logs out", async () => {
        const a = browserAgent(t.app);
        const anon = await a.init();
        expect(anon.json().user).toBeNull();
        expect(anon.json().csrf_token).toMatch(/^[0-9a-f]{64}$/);
        const user = await a.signup(`ana-${randomUUID()}@example.com`);
        const cookie = (await a.get("/session")).json();
        expect(cookie.user).toMatchObject({ id: user.id, admin: false });
        const b = browserAgent(t.app);
        await b.init();
        const login = await b.post("/session", {
          email: user.email,
          password: "correct horse battery staple",
        });
        expect(login.statusCode).toBe(200);
        const set = (
          login.cookies as Array<{ name: string; httpOnly?: boolean; sameSite?: string; maxAge?: number }>
        ).find((c) => c.name === "__Host-session_id")!;
        expect(set).toMatchObject({ httpOnly: true, sameSite: "Lax" });
        expect(set.maxAge).toBe(30 * 24 * 3600); // persistent, for SESSION_MAX_AGE
        expect(b.cookies.get("__Host-session_id")).toContain(".");
        expect((await b.del("/session")).statusCode).toBe(204);
        expect((await b.get("/session")).json().user).toBeNull();
        expect((await b.get("/account")).statusCode).toBe(401);
        expect((await a.get("/account")).statusCode).toBe(200);
      });

      it("refuses state-changing requests without the CSRF header or with a wrong one", async () => {
        const a = browserAgent(t.app);
        await a.signup(`csrf-${randomUUID()}@example.com`);
        const noHeader = await a.request("PUT", "/account", PROFILE, { "x-csrf-token": "" });
        expect(noHeader.statusCode).toBe(403);
        expect(noHeader.json()).toMatchObject({ error: "forbidden" });
        const wrong = await a.request("POST", "/dashboard/scans", {}, { "x-csrf-token": "0".repeat(64) });
        expect(wrong.statusCode).toBe(403);
        const noCookie = await t.app.inject({
          method: "POST",
          url: "/session",
          payload: { email: "a@b.c", password: "x" },
          headers: { "x-csrf-token": a.csrf },
        });
        expect(noCookie.statusCode).toBe(403);
        expect((await a.put("/account", PROFILE)).statusCode).toBe(200);
      });

      it("rejects a forged or unsigned session cookie", async () => {
        const a = browserAgent(t.app);
        await a.signup(`forge-${randomUUID()}@example.com`);
        const raw = a.cookies.get("__Host-session_id")!;
        const forged = await t.app.inject({
          method: "GET",
          url: "/account",
          headers: { cookie: `__Host-session_id=${raw.split(".")[0]}` },
        });
        expect(forged.statusCode).toBe(401);
      });

      it("makes an address sending wrong passwords wait (429, Retry-After) while the owner logs in from theirs", async () => {
        const email = `rl-${randomUUID()}@example.com`;
        await browserAgent(t.app).signup(email);
        const attacker = browserAgent(t.app, { remoteAddress: "203.0.113.66" });
        await attacker.init();
        const codes: number[] = [];
        for (let i = 0; i < 5; i++)
          codes.push((await attacker.post("/session", { email, password: "wrong password!" })).statusCode);
        expect(codes).toEqual([401, 401, 401, 401, 401]);
        const blocked = await attacker.post("/session", { email, password: "correct horse battery staple" });
        expect(blocked.statusCode).toBe(429);
        expect(blocked.headers["retry-after"]).toBe("30");
        expect(blocked.json().message).toMatch(/try again/);
        // The owner, from another address, is not locked out.
        const owner = browserAgent(t.app, { remoteAddress: "198.51.100.7" });
        await owner.init();
        expect(
          (await owner.post("/session", { email, password: "correct horse battery staple" })).statusCode,
        ).toBe(200);
      });

      it("answers bad sign-up input with 422 naming the rule, and a taken e-mail with 409", async () => {
        const a = browserAgent(t.app);
        await a.init();
        expect(
          (await a.post("/registration", { email: "nope", password: "correct horse battery" })).json(),
        ).toMatchObject({ error: "invalid", message: expect.stringContaining("e-mail") });
        const short = await a.post("/registration", {
          email: `s-${randomUUID()}@example.com`,
          password: "short",
        });
        expect(short.statusCode).toBe(422);
        expect(short.json().message).toMatch(/10 to 200 characters/);
        expect((await a.post("/registration", { email: 42 })).statusCode).toBe(422);
        const email = `dup-${randomUUID()}@example.com`;
        await browserAgent(t.app).signup(email);
        expect((await a.post("/registration", { email, password: "correct horse battery" })).statusCode).toBe(
          409,
        );
      });
    });

    describe("ownership", () => {
      it("serves a user's scans, findings, media, reports and stream to them and 404 to anyone else", async () => {
        const owner = browserAgent(t.app);
        const ownerUser = await owner.signup(`own-${randomUUID()}@example.com`);
        const other = browserAgent(t.app);
        await other.signup(`other-${randomUUID()}@example.com`);
        const scan = await insertScan(t.db, ownerUser.id, { status: "completed" });
        const png = Buffer.from("89504e470d0a1a0a", "hex");
        const key = await t.container.infra.blobs.put(png);
        const finding = await insertDomainFinding(t.db, scan.id, ownerUser.id, {
          domain: "acrnebank.com",
          screenshot_key: key,
          score: 70,
          severity: "high",
        });
        await t.db
          .insert(reports)
          .values({ scan_id: scan.id, status: "ready", full_key: key, summary_key: key });

        const urls = [
          `/dashboard/status?scan_id=${scan.id}`,
          `/dashboard/findings?scan_id=${scan.id}`,
          `/dashboard/campaigns?scan_id=${scan.id}`,
          `/media/screenshots/${finding.id}`,
          `/reports/${scan.id}`,
          `/reports/${scan.id}?variant=summary`,
        ];
        for (const url of urls) {
          expect((await owner.get(url)).statusCode, url).toBe(200);
          expect((await other.get(url)).statusCode, url).toBe(404);
        }
        expect((await other.get(`/scans/${scan.id}/events`)).statusCode).toBe(404);
        expect((await other.post(`/dashboard/scans/${scan.id}/stop`)).statusCode).toBe(404);
        expect(
          (await other.post("/triage/feedback", { kind: "domain", finding_id: finding.id, label: "benign" }))
            .statusCode,
        ).toBe(404);
        expect((await other.post("/takedowns", { finding_id: finding.id })).statusCode).toBe(404);
        const report = await owner.get(`/reports/${scan.id}`);
        expect(report.headers["content-type"]).toBe("application/pdf");
        expect(report.headers["content-disposition"]).toMatch(/^inline/);
        expect((await owner.get("/admin/users")).statusCode).toBe(404);
      });
    });

    describe("findings, triage and takedowns", () => {
      it("pages 15 per page, sorts by any column and filters; exports CSV and JSON", async () => {
        const a = browserAgent(t.app);
        const user = await a.signup(`find-${randomUUID()}@example.com`);
        const scan = await insertScan(t.db, user.id);
        for (let i = 0; i < 40; i++) {
          await insertDomainFinding(t.db, scan.id, user.id, {
            domain: `l${String(i).padStart(2, "0")}.example`,
            score: i * 2.5,
            severity: i * 2.5 >= 80 ? "critical" : i * 2.5 >= 60 ? "high" : "low",
            fuzzer: i % 2 ? "homoglyph" : "addition",
            registrar: i % 3 ? "NameCheap" : "=cmd|evil",
          });
        }
        const p1 = (await a.get(`/dashboard/findings?scan_id=${scan.id}`)).json();
        expect(p1).toMatchObject({ page: 1, per_page: 15, total: 40 });
        expect(p1.findings).toHaveLength(15);
        expect(p1.findings[0].domain).toBe("l39.example");
        const p3 = (await a.get(`/dashboard/findings?scan_id=${scan.id}&page=3`)).json();
        expect(p3.findings).toHaveLength(10);
        const byDomain = (await a.get(`/dashboard/findings?scan_id=${scan.id}&sort=domain&dir=asc`)).json();
        expect(byDomain.findings[0].domain).toBe("l00.example");
        const crit = (await a.get(`/dashboard/findings?scan_id=${scan.id}&severity=critical`)).json();
        expect(crit.total).toBe(8);
        expect((await a.get(`/dashboard/findings?scan_id=${scan.id}&fuzzer=homoglyph`)).json().total).toBe(
          20,
        );
        expect((await a.get(`/dashboard/findings?scan_id=${scan.id}&q=l1`)).json().total).toBe(10);
        expect((await a.get(`/dashboard/findings?scan_id=${scan.id}&sort=nope`)).statusCode).toBe(422);
        expect((await a.get(`/dashboard/findings?scan_id=${scan.id}&page=0`)).statusCode).toBe(422);
        const csv = await a.get(
          `/dashboard/findings/export?scan_id=${scan.id}&format=csv&sort=domain&dir=asc`,
        );
        expect(csv.headers["content-type"]).toContain("text/csv");
        const lines = csv.body.trim().split("\r\n");
        expect(lines).toHaveLength(41);
        expect(lines[0]).toContain("domain");
        expect(csv.body).toContain("'=cmd|evil");
        const json = (await a.get(`/dashboard/findings/export?scan_id=${scan.id}&format=json`)).json();
        expect(json.findings).toHaveLength(40);
      });

      it("labels one finding and many, records feedback samples, and keeps the queue worst first", async () => {
        const a = browserAgent(t.app);
        const user = await a.signup(`triage-${randomUUID()}@example.com`);
        const scan = await insertScan(t.db, user.id);
        const f = await Promise.all(
          [90, 20, 60, 40].map((score, i) =>
            insertDomainFinding(t.db, scan.id, user.id, {
              domain: `t${i}.example`,
              score,
              signals: {
                login_form: { value: 1, weight: 15, points: 15 },
                parked: { value: null, weight: -12, points: 0 },
              },
            }),
          ),
        );
        const queue = (await a.get("/triage/queue")).json().items;
        expect(queue.map((i: { finding: { domain: string } }) => i.finding.domain)).toEqual([
          "t0.example",
          "t2.example",
          "t3.example",
          "t1.example",
        ]);
        const one = await a.post("/triage/feedback", {
          kind: "domain",
          finding_id: f[0]!.id,
          label: "confirmed",
          reason: "login clone",
        });
        expect(one.json()).toMatchObject({ labeled: 1, label: "confirmed" });
        const bulk = await a.post("/triage/bulk_feedback", {
          kind: "domain",
          finding_ids: [f[1]!.id, f[3]!.id],
          label: "benign",
        });
        expect(bulk.json()).toMatchObject({ labeled: 2, label: "benign" });
        // Each answer says where the learner stands: two more labelled findings.
        expect(bulk.json().learner.labeled_samples).toBe(one.json().learner.labeled_samples + 2);
        expect(
          (await a.get("/triage/queue"))
            .json()
            .items.map((i: { finding: { domain: string } }) => i.finding.domain),
        ).toEqual(["t2.example"]);
        const samples = await t.db.select().from(feedbackLabels).where(eq(feedbackLabels.user_id, user.id));
        expect(samples).toHaveLength(3);
        expect(samples.find((s) => s.finding_id === f[0]!.id)).toMatchObject({
          label: "confirmed",
          reason: "login clone",
          signals: { login_form: 1, parked: null },
          adjusted_score: 90,
        });
        const [row] = await t.db.select().from(domainFindings).where(eq(domainFindings.id, f[0]!.id));
        expect(row!.label).toBe("confirmed");
        expect(
          (await a.post("/triage/feedback", { kind: "domain", finding_id: f[0]!.id, label: "maybe" }))
            .statusCode,
        ).toBe(422);
        expect(
          (await a.post("/triage/bulk_feedback", { kind: "domain", finding_ids: [], label: "benign" }))
            .statusCode,
        ).toBe(422);
      });

      it("generates a takedown draft through the worker and records takedown_generated", async () => {
        const a = browserAgent(t.app);
        const user = await a.signup(`td-${randomUUID()}@example.com`);
        const scan = await insertScan(t.db, user.id);
        const f = await insertDomainFinding(t.db, scan.id, user.id, { domain: "acmebank-login.com" });
        t.worker.answer("/takedown/generate", 200, {
          subject: "Abuse report: acmebank-login.com",
          body: "Dear abuse desk",
        });
        const res = await a.post("/takedowns", { finding_id: f.id });
        expect(res.json()).toEqual({ subject: "Abuse report: acmebank-login.com", body: "Dear abuse desk" });
        expect(t.worker.calls.at(-1)).toMatchObject({
          path: "/takedown/generate",
          body: { scan_id: scan.id, finding_id: f.id, domain: "acmebank-login.com" },
        });
        const events = await t.db.select().from(auditEvents).where(eq(auditEvents.subject_id, f.id));
        expect(events.map((e) => e.name)).toEqual(["takedown_generated"]);
      });
    });

    describe("account and admin", () => {
      it("validates the brand profile form and stores a sanitised SVG logo as a PNG", async () => {
        const a = browserAgent(t.app);
        const user = await a.signup(`acct-${randomUUID()}@example.com`);
        const bad = await a.put("/account", {
          ...PROFILE,
          owned_domains: ["not a domain"],
          webhook_url: "ftp://x",
        });
        expect(bad.statusCode).toBe(422);
        expect(bad.json().details.map((d: { path: string }) => d.path)).toEqual(
          expect.arrayContaining(["owned_domains.0", "webhook_url"]),
        );
        const ok = await a.put("/account", PROFILE);
        expect(ok.json()).toMatchObject({
          brand_name: "Acme Bank",
          owned_domains: [{ domain: "acmebank.com", enrichment_status: "pending" }],
        });
        const boundary = "----bw";
        const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><circle r="4"/></svg>';
        const body = `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="logo.svg"\r\nContent-Type: image/svg+xml\r\n\r\n${svg}\r\n--${boundary}--\r\n`;
        const up = await a.request("POST", "/account/logo", body, {
          "content-type": `multipart/form-data; boundary=${boundary}`,
        });
        expect(up.statusCode).toBe(200);
        // Sanitised, then drawn once at upload: the stored logo is a PNG.
        const logo = await t.app.inject({ method: "GET", url: `/media/logos/${user.id}` });
        expect(logo.headers["content-type"]).toBe("image/png");
        expect(logo.rawPayload.subarray(1, 4).toString()).toBe("PNG");
      });

      it("lets an admin manage users and settings, keeping the API key write-only and sealed", async () => {
        const admin = browserAgent(t.app);
        const me = await admin.signup(`admin-${randomUUID()}@example.com`);
        await t.db.update(users).set({ admin: true }).where(eq(users.id, me.id));
        const created = await admin.post("/admin/users", {
          email: `new-${randomUUID()}@example.com`,
          password: "a long enough pass",
        });
        expect(created.statusCode).toBe(201);
        const id = created.json().user.id;
        expect((await admin.patch(`/admin/users/${id}`, { admin: true })).json().user.admin).toBe(true);
        expect((await admin.patch(`/admin/users/${me.id}`, { admin: false })).statusCode).toBe(422);
        const put = await admin.put("/admin/settings", {
          ai_provider: {
            enabled: true,
            config: {
              provider: "openai",
              base_url: "http://127.0.0.1:9/v1",
              model: "m",
              api_key: "sk-secret-1",
            },
          },
          audit_config: { threshold: "high" },
        });
        expect(put.statusCode).toBe(200);
        expect(put.json().ai_provider).toEqual({
          enabled: true,
          config: { provider: "openai", base_url: "http://127.0.0.1:9/v1", model: "m" },
          api_key_set: true,
        });
        expect(put.body).not.toContain("sk-secret-1");
        expect(
          JSON.stringify(await t.db.execute("select value from settings where key = 'ai_provider'")),
        ).not.toContain("sk-secret-1");
        const internal = await t.app.inject({
          method: "GET",
          url: "/v1/settings/ai_provider",
          headers: { authorization: "Bearer test-internal-token-0123456789" },
        });
        expect(internal.json().config.api_key).toBe("sk-secret-1");
        expect(
          (await admin.put("/admin/settings", { audit_config: { adjustment_min: 99 } })).statusCode,
        ).toBe(422);
        expect((await admin.del(`/admin/users/${id}`)).statusCode).toBe(204);
        expect((await admin.del(`/admin/users/${id}`)).statusCode).toBe(404);
      });
    });
  });
}
