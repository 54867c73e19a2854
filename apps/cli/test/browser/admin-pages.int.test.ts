import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { Request, Response } from "playwright-core";
import { waitFor } from "@brandwarden/platform/testing/wait-for";
import { auditEvents, domainFindings, reports, users } from "@brandwarden/web/db/schema";
import { insertDomainFinding, insertScan } from "@brandwarden/web/test/factories";
import { logIn, PASSWORD, snap } from "@brandwarden/web/test/browser/browser-harness";
import { startBrowserWorld, type BrowserWorld } from "./browser-world.ts";

// The admin area and the analyst's view of the learner, in Chromium: an admin opens a user's
// dashboard (findings, screenshots, start, stop, resume), the weights page (defaults, the latest
// learned set, a manual set saved and used), the labels the learner still needs on the triage
// page, and what one live update costs the dashboard in requests.

const OWNER = "owner@admin-pages.test";
const ADMIN = "admin@admin-pages.test";

const until = (what: string, check: () => Promise<boolean>, timeoutMs = 30_000) =>
  waitFor(() => check().catch(() => false), what, timeoutMs);

describe("the admin area and the learner, in Chromium", () => {
  let bw: BrowserWorld;
  const owner = { id: "", scanId: "", findingIds: [] as string[] };
  /** The owner's profile names the world's brand and its first domain, so a scan of it can start. */
  const giveOwnerTheWorldsBrand = () =>
    bw.app.web.container.services.brandProfile.updateProfile(owner.id, {
      brand_name: bw.world.scenario.brand.name,
      brand_names: [],
      keywords: [],
      owned_domains: [bw.world.scenario.brand.owned_domains[0]!.domain],
      social_handles: [],
      webhook_url: null,
    });
  let adminId = "";

  beforeAll(async () => {
    bw = await startBrowserWorld();
    const { services, infra } = bw.app.web.container;
    owner.id = (await services.users.createUser({ email: OWNER, password: PASSWORD })).id;
    adminId = (await services.users.createUser({ email: ADMIN, password: PASSWORD, admin: true })).id;
    const scan = await insertScan(infra.db, owner.id, { status: "completed", completed_at: new Date() });
    owner.scanId = scan.id;
    const shot = await infra.blobs.put(Buffer.from(bw.world.scenario.brand.logo_png_base64, "base64"));
    for (let i = 0; i < 6; i++) {
      const f = await insertDomainFinding(infra.db, scan.id, owner.id, {
        domain: `acme-bank-verify-${i}.com`,
        score: 80 - i * 5,
        severity: "high",
        adjusted_score: 80 - i * 5,
        adjusted_severity: "high",
        screenshot_key: shot,
      });
      owner.findingIds.push(f.id);
    }
  }, 180_000);
  afterAll(async () => {
    await bw?.stop();
  });

  it(
    "lets an admin open a user's dashboard from the admin area and start, stop and resume there; reads recorded once",
    { timeout: 120_000 },
    async () => {
      const { scans } = bw.app.web.container.services;
      await giveOwnerTheWorldsBrand();
      const { context, page } = await bw.newPage();
      // Nothing the admin's browser asks for on the user's pages is refused.
      const refused: string[] = [];
      const onResponse = (r: Response) => {
        if (r.status() >= 400) refused.push(`${r.status()} ${new URL(r.url()).pathname}`);
      };
      page.on("response", onResponse);
      await logIn(page, ADMIN);
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" }).click();
      await page.getByRole("link", { name: `Act for ${OWNER}` }).click();
      await page
        .getByTestId("user-scans")
        .locator(`tr[data-scan-id="${owner.scanId}"]`)
        .getByRole("link")
        .click();

      // The user's scan as they see it: its findings, with screenshots the admin's browser may load.
      await page.waitForURL(new RegExp(`/admin/users/${owner.id}/dashboard\\?scan=${owner.scanId}$`));
      await page.getByRole("heading", { level: 1, name: `Dashboard of ${OWNER}` }).waitFor();
      const table = page.getByTestId("findings-table");
      await until("the owner's findings", async () => (await table.locator("tbody tr").count()) === 6);
      expect(await table.textContent()).toContain("acme-bank-verify-0.com");
      const img = table.locator("tbody tr").first().getByRole("img").first();
      await until("the screenshot loaded", () =>
        img.evaluate((el) => {
          const shot = el as unknown as { complete: boolean; naturalWidth: number };
          return shot.complete && shot.naturalWidth > 0;
        }),
      );
      await snap(page, "a1-user-dashboard");
      // A reload shows the same page.
      await page.reload();
      await page.getByRole("heading", { level: 1, name: `Dashboard of ${OWNER}` }).waitFor();
      await until("the owner's findings again", async () => (await table.locator("tbody tr").count()) === 6);
      expect(await page.getByText("Live updates paused").count()).toBe(0);

      // Start a scan for the user from their dashboard, stop it, resume it.
      await page.getByRole("button", { name: "Start scan" }).click();
      await page.waitForURL(
        (url) => url.pathname.endsWith("/dashboard") && url.search !== `?scan=${owner.scanId}`,
      );
      const startedId = new URL(page.url()).searchParams.get("scan")!;
      expect(startedId).toMatch(/^[0-9a-f-]{36}$/);
      expect(new URL(page.url()).pathname).toBe(`/admin/users/${owner.id}/dashboard`);
      await page.getByRole("button", { name: "Stop scan" }).click();
      await page.getByRole("button", { name: "Resume scan" }).click();
      await page.getByRole("button", { name: "Stop scan" }).waitFor();
      const ownerScans = await scans.list({ id: owner.id, admin: false });
      expect(ownerScans.map((s) => s.id)).toContain(startedId);
      await scans.stop({ id: owner.id, admin: false }, startedId);

      expect(refused).toEqual([]);
      page.off("response", onResponse);
      // Back on the admin's own dashboard nothing of the user's is shown any more.
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
      await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
      await page.getByText("No scan yet.").waitFor();

      const recorded = await bw.app.web.container.infra.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.name, "admin_acted_for"), eq(auditEvents.user_id, adminId)));
      expect(recorded.every((e) => e.subject_id === owner.id)).toBe(true);
      const writes = recorded.map((e) => String(e.data.action)).filter((a) => !a.startsWith("GET "));
      expect(writes.sort()).toEqual([
        "POST /dashboard/scans",
        "POST /dashboard/scans/:id/resume",
        "POST /dashboard/scans/:id/stop",
      ]);
      // Dozens of reads (status, findings, counts, screenshots, the event stream): one row.
      expect(recorded.filter((e) => String(e.data.action).startsWith("GET "))).toHaveLength(1);
      await context.close();
    },
  );

  it(
    "shows an admin the weights (defaults, learned set and its changes) and saves a manual set the scorer uses",
    { timeout: 90_000 },
    async () => {
      const { scoring } = bw.app.web.container.services;
      const { context, page } = await bw.newLoggedInPage(ADMIN);
      await page.goto("/admin");
      await page.getByRole("link", { name: "Scoring weights" }).click();
      await page.getByRole("heading", { level: 1, name: "Scoring weights" }).waitFor();
      const inUse = page.getByTestId("weights-in-use");
      await inUse.getByText("The built-in defaults (version 0)").waitFor();
      expect(await inUse.getByTestId("labels-needed").textContent()).toMatch(/^10 more labels needed/);
      expect(await page.getByTestId("weights-learned").textContent()).toContain("has not stored a set yet");
      const row = (signal: string) => page.locator(`tr[data-signal="${signal}"]`);
      expect(await row("login_form").locator("td").nth(1).textContent()).toBe("15");

      // A bad value is refused in the form, with the signal named.
      const loginForm = page.getByLabel("Weight of login_form");
      await loginForm.fill("lots");
      await page.getByRole("button", { name: "Save as manual set" }).click();
      await page.getByRole("alert").getByText("login_form: enter a number").waitFor();
      expect((await scoring.currentWeights()).version).toBe(0);

      await loginForm.fill("33");
      await page.getByLabel("Weight of parked").fill("-20");
      expect(await page.getByText("2 changed against the set in use.").count()).toBe(1);
      await page.getByRole("button", { name: "Save as manual set" }).click();
      await page.getByText("Saved as manual set version 1.").waitFor();
      expect(await scoring.currentWeights()).toMatchObject({
        version: 1,
        source: "manual",
        weights: { login_form: 33, parked: -20, html_similarity: 12 },
      });
      await snap(page, "a2-weights-saved");

      // The learner stores a set; a reload shows it with what it changed.
      await scoring.storeWeights({
        weights: { login_form: 21, parked: -20, html_similarity: 12 },
        sample_size: 12,
      });
      await page.reload();
      const learned = page.getByTestId("weights-learned");
      await learned.getByText(/Version 2, learned from 12 labels/).waitFor();
      const changes = page.getByTestId("learned-changes");
      expect(await changes.locator("tbody tr").allTextContents()).toEqual(
        expect.arrayContaining(["login_form3321"]),
      );
      expect(await inUse.textContent()).toContain("Version 2, learned from 12 labels.");
      expect(await page.getByLabel("Weight of login_form").inputValue()).toBe("21");
      await snap(page, "a2-weights-learned");
      await context.close();
    },
  );

  it(
    "tells an analyst on the triage page how many more labels the learner needs",
    { timeout: 60_000 },
    async () => {
      const { context, page } = await bw.newLoggedInPage(OWNER);
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Triage" }).click();
      const needed = page.getByTestId("labels-needed");
      await needed.getByText("10 more labels needed").waitFor();
      expect(await needed.textContent()).toContain("(0 of 10 labelled)");
      // Which set scores this analyst's findings, and why: the platform's, for want of labels.
      const scoredBy = page.getByTestId("scored-by");
      expect(await scoredBy.textContent()).toMatch(
        /^Your findings are scored with the platform’s weights \(.+\) until you have labelled enough findings for your own\.$/,
      );
      await page
        .getByTestId("triage-current")
        .getByRole("button", { name: /Confirm threat/ })
        .click();
      await needed.getByText("9 more labels needed").waitFor();
      // Bulk labels count as well.
      await page.getByLabel("Select acme-bank-verify-1.com").check();
      await page.getByLabel("Select acme-bank-verify-2.com").check();
      await page.getByRole("button", { name: "Mark selected benign" }).click();
      await needed.getByText("7 more labels needed").waitFor();
      await snap(page, "a3-triage-labels-needed");
      await page.reload();
      await needed.getByText("7 more labels needed").waitFor();
      await scoredBy.getByText("until you have labelled enough findings for your own").waitFor();
      // Once the owner's learner has stored a set of their own, the page says so.
      const { scoring } = bw.app.web.container.services;
      const own = await scoring.storeWeights({ weights: { login_form: 18 }, sample_size: 10 }, owner.id);
      await page.reload();
      await scoredBy
        .getByText(`your own learned weights, version ${own.version}, from 10 labels of yours`)
        .waitFor();
      await snap(page, "a3-triage-own-weights");
      await context.close();
    },
  );

  it("lets an admin mark an account trusted on the users page (recorded)", { timeout: 60_000 }, async () => {
    const { context, page } = await bw.newLoggedInPage(ADMIN);
    await page.goto("/admin");
    const trusted = page.getByLabel(`${OWNER} is trusted`, { exact: true });
    expect(await trusted.isChecked()).toBe(false);
    await trusted.check();
    await page.getByText(`${OWNER}’s labels now train the platform’s weights.`).waitFor();
    const { infra } = bw.app.web.container;
    const [row] = await infra.db.select().from(users).where(eq(users.id, owner.id));
    expect(row!.trusted).toBe(true);
    const events = await infra.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.name, "user_trust_changed"), eq(auditEvents.subject_id, owner.id)));
    expect(events.map((e) => [e.user_id, e.data])).toEqual([[adminId, { trusted: true }]]);
    await page.getByRole("link", { name: "Scoring weights" }).click();
    await page.getByTestId("trusted-accounts").getByText("1 trusted account").waitFor();
    await context.close();
  });

  it("shows a user on the brand profile why no keywords were derived", { timeout: 60_000 }, async () => {
    const { services, infra, consumer } = bw.app.web.container;
    const email = "keywords@admin-pages.test";
    const user = await services.users.createUser({ email, password: PASSWORD });
    // A profile saved (generation 3) whose expansion failed in the worker: it says so on the stream.
    await infra.db.update(users).set({ keyword_generation: 3 }).where(eq(users.id, user.id));
    await consumer.apply({
      v: 1,
      kind: "log",
      seq: 1,
      ts: new Date().toISOString(),
      data: {
        level: "error",
        code: "keyword_expansion_failed",
        message: "Keyword expansion failed: the brand profile could not be read (connect ECONNREFUSED)",
        user_id: user.id,
        generation: 3,
      },
    });
    const { context, page } = await bw.newLoggedInPage(email);
    await page.goto("/account");
    const panel = page.getByTestId("keyword-expansion");
    await panel
      .getByRole("alert")
      .getByText(/Keyword expansion failed: the brand profile could not be read/)
      .waitFor();
    expect(await panel.textContent()).toContain("Save the profile again to retry");
    await snap(page, "a4-keywords-failed");
    await context.close();
  });

  it("keeps the UI bundle free of zod schemas", async () => {
    const assets = path.join(bw.uiDir, "assets");
    const scripts = (await readdir(assets)).filter((f) => f.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(0);
    for (const file of scripts) {
      const text = await readFile(path.join(assets, file), "utf8");
      // zod's schema classes carry their names ($ZodObject, $ZodString, ...) through minification.
      expect({ file, zod: text.match(/\$Zod[A-Za-z]+/)?.[0] ?? null }).toEqual({ file, zod: null });
    }
  });

  it(
    "answers one live findings update with one request per dashboard part",
    { timeout: 90_000 },
    async () => {
      const { infra, hub } = bw.app.web.container;
      const running = await insertScan(infra.db, owner.id, { status: "running", started_at: new Date() });
      const { context, page } = await bw.newLoggedInPage(OWNER);
      await page.goto(`/dashboard?scan=${running.id}`);
      await page.getByRole("heading", { name: "Lookalike domains" }).waitFor();
      await until("the event stream open", async () => hub.listenerCount(running.id) === 1);

      // Requests made after the page's first load: each update must be answered by its own.
      const requests: Request[] = [];
      const onRequest = (r: Request) => {
        const url = new URL(r.url());
        if (url.pathname.startsWith("/dashboard/") || url.pathname.startsWith("/scans/")) requests.push(r);
      };
      // One findings message on the stream, as the event consumer sends it; waits until the
      // refetches it caused (not the first load's, still in flight perhaps) are answered.
      const update = async () => {
        const from = requests.length;
        hub.publish({
          type: "findings",
          scan_id: running.id,
          data: { kind: "domain", count: 1, keys: ["x.com"] },
        });
        await until("the update's refetches answered", async () => {
          const mine = requests.slice(from);
          return mine.length >= 5 && (await Promise.all(mine.map((r) => r.response()))).every(Boolean);
        });
      };
      page.on("request", onRequest);
      await update();
      await update();
      page.off("request", onRequest);
      const seen = requests.map((r) => new URL(r.url()).pathname);
      // Two updates: each refetches the counts (one request for the chart and "act on"), both
      // tables, the worst findings "act on" lists and the campaigns, nothing else.
      expect(seen.sort()).toEqual(
        [
          "/dashboard/campaigns",
          "/dashboard/counts",
          "/dashboard/findings",
          "/dashboard/findings",
          "/dashboard/social_findings",
        ]
          .flatMap((p) => [p, p])
          .sort(),
      );
      await bw.app.web.container.services.scans.stop({ id: owner.id, admin: false }, running.id);
      await context.close();
    },
  );

  it(
    "lets an admin acting for a user open a takedown case, label a finding and download the report on their dashboard",
    { timeout: 240_000 },
    async () => {
      const { infra } = bw.app.web.container;
      await giveOwnerTheWorldsBrand();
      const pdf = await infra.blobs.put(Buffer.from("%PDF-1.4 the owner's report"));
      await infra.db
        .insert(reports)
        .values({ scan_id: owner.scanId, status: "ready", full_key: pdf, summary_key: pdf })
        .onConflictDoUpdate({
          target: reports.scan_id,
          set: { status: "ready", full_key: pdf, summary_key: pdf },
        });
      const { context, page } = await bw.newPage();
      // The owner's things are the admin's to work on here: nothing the page asks for is refused.
      const refused: string[] = [];
      page.on("response", (r) => {
        if (r.status() >= 400) refused.push(`${r.status()} ${new URL(r.url()).pathname}`);
      });
      await logIn(page, ADMIN);
      await page.goto(`/admin/users/${owner.id}/dashboard?scan=${owner.scanId}`);
      await page.getByRole("heading", { level: 1, name: `Dashboard of ${OWNER}` }).waitFor();
      const table = page.getByTestId("findings-table");
      const domain = "acme-bank-verify-5.com";

      // The case is the user's: the admin works on it on the user's case page, which survives a
      // reload, and finds it in the user's list of cases (never in the admin's own).
      await table.getByRole("button", { name: `Open takedown for ${domain}`, exact: true }).click();
      await page.waitForURL(new RegExp(`/admin/users/${owner.id}/takedowns/[0-9a-f-]{36}$`));
      const ownerCases = await bw.app.web.container.services.takedownCases.list(owner.id, { page: 1 });
      expect(ownerCases.cases.map((c) => [c.domain, c.finding_id])).toEqual([[domain, owner.findingIds[5]]]);
      const caseId = ownerCases.cases[0]!.case_id;
      expect(new URL(page.url()).pathname).toBe(`/admin/users/${owner.id}/takedowns/${caseId}`);
      const casePage = page.getByTestId("takedown-case");
      await casePage.getByRole("heading", { level: 1, name: new RegExp(domain) }).waitFor();
      await page.reload();
      await casePage.getByRole("heading", { level: 1, name: new RegExp(domain) }).waitFor();
      await page.getByRole("heading", { name: "Recipients" }).waitFor();
      await snap(page, "a5-act-for-takedown");
      // The user's evidence pack, once captured, downloads for the admin.
      const evidence = page.getByRole("link", { name: "Download evidence (WARC)" });
      await evidence.waitFor({ timeout: 90_000 });
      const evidenceHref = await evidence.getAttribute("href");
      expect(evidenceHref).toBe(`/takedowns/cases/${caseId}/evidence?user_id=${owner.id}`);
      const pack = await page.request.get(evidenceHref!);
      expect(pack.status()).toBe(200);
      expect(pack.headers()["content-type"]).toBe("application/warc");
      await casePage.getByRole("link", { name: "Takedowns", exact: true }).click();
      await page.getByRole("heading", { level: 1, name: `Takedowns of ${OWNER}` }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/admin/users/${owner.id}/takedowns`);
      const row = page.getByTestId("takedown-cases").locator(`tr[data-case="${caseId}"]`);
      await row.getByRole("link", { name: domain }).waitFor();
      expect(await row.getByRole("link", { name: domain }).getAttribute("href")).toBe(
        `/admin/users/${owner.id}/takedowns/${caseId}`,
      );
      await page.reload();
      await row.getByRole("link", { name: domain }).waitFor();
      // The admin's own cases page does not show the user's case.
      await page.goto("/takedowns");
      await page.getByRole("heading", { level: 1, name: "Takedowns" }).waitFor();
      await page.getByText("No takedown case yet").waitFor();

      await page.goto(`/admin/users/${owner.id}/dashboard?scan=${owner.scanId}`);
      await page.getByRole("heading", { level: 1, name: `Dashboard of ${OWNER}` }).waitFor();

      await table.getByRole("button", { name: domain, exact: true }).click();
      await page.getByRole("button", { name: "Mark benign" }).click();
      const labelOf = async () =>
        (await infra.db.select().from(domainFindings).where(eq(domainFindings.id, owner.findingIds[5]!)))[0]
          ?.label;
      await until("the label stored", async () => (await labelOf()) === "benign");

      const href = await page.getByRole("link", { name: "Download full report (PDF)" }).getAttribute("href");
      expect(href).toBe(`/reports/${owner.scanId}?user_id=${owner.id}`);
      const report = await page.request.get(href!);
      expect(report.status()).toBe(200);
      expect(report.headers()["content-type"]).toBe("application/pdf");
      expect(refused).toEqual([]);

      const recorded = await infra.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.name, "admin_acted_for"), eq(auditEvents.user_id, adminId)));
      const actions = recorded.filter((e) => e.subject_id === owner.id).map((e) => String(e.data.action));
      expect(actions).toEqual(expect.arrayContaining(["POST /takedowns/cases", "POST /triage/feedback"]));
      await context.close();
    },
  );
});
