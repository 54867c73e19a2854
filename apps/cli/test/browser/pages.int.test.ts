import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { waitFor } from "@brandwarden/platform/testing/wait-for";
import { auditEvents } from "@brandwarden/web/db/schema";
import { insertDomainFinding, insertScan } from "@brandwarden/web/test/factories";
import { logIn, PASSWORD, snap } from "@brandwarden/web/test/browser/browser-harness";
import { startBrowserWorld, type BrowserWorld } from "./browser-world.ts";

// What a new user trips over, in Chromium: the e-mailed reset link, reloads of every page, the
// findings table on a laptop screen, and an admin acting for another user.

const OWNER = "owner@pages.test";
const ADMIN = "admin@pages.test";
const FORGETFUL = "forgetful@pages.test";

const until = (what: string, check: () => Promise<boolean>, timeoutMs = 30_000) =>
  waitFor(() => check().catch(() => false), what, timeoutMs);

/** Reloads the current page and checks the browser shows that page again, not JSON. */
async function reloadShowsPage(page: Page): Promise<string> {
  const url = page.url();
  const heading = await page.getByRole("heading", { level: 1 }).first().textContent();
  const res = await page.reload();
  expect({ url, type: res?.headers()["content-type"] }).toEqual({ url, type: "text/html; charset=utf-8" });
  await page
    .getByRole("heading", { level: 1, name: heading ?? "" })
    .first()
    .waitFor();
  expect(page.url()).toBe(url);
  expect(await page.title()).toMatch(/· Brandwarden$/);
  return heading ?? "";
}

describe("pages a new user trips over, in Chromium", () => {
  let bw: BrowserWorld;
  const owner = { id: "", scanId: "", findingId: "" };
  let adminId = "";

  beforeAll(async () => {
    bw = await startBrowserWorld();
    const { services, infra } = bw.app.web.container;
    const user = await services.users.createUser({ email: OWNER, password: PASSWORD });
    owner.id = user.id;
    adminId = (await services.users.createUser({ email: ADMIN, password: PASSWORD, admin: true })).id;
    await services.users.createUser({ email: FORGETFUL, password: PASSWORD });
    // A finished scan with findings (written directly: these tests are about pages, not scanning).
    const scan = await insertScan(infra.db, user.id, { status: "completed", completed_at: new Date() });
    owner.scanId = scan.id;
    const png = Buffer.from(bw.world.scenario.brand.logo_png_base64, "base64");
    const shot = await infra.blobs.put(png);
    for (let i = 0; i < 20; i++) {
      const f = await insertDomainFinding(infra.db, scan.id, user.id, {
        domain: `acme-bank-secure-login-${String(i).padStart(2, "0")}.com`,
        fuzzer: "combosquat",
        score: 90 - i * 4,
        severity: i < 5 ? "critical" : "high",
        adjusted_score: 90 - i * 4,
        adjusted_severity: i < 5 ? "critical" : "high",
        registrar: "Example Registrar, Inc.",
        page_title: "Acme Bank — sign in to online banking",
        screenshot_key: shot,
      });
      if (i === 0) owner.findingId = f.id;
    }
  }, 180_000);
  afterAll(async () => {
    await bw?.stop();
  });

  it(
    "follows the e-mailed reset link to a new password and logs in with it",
    { timeout: 90_000 },
    async () => {
      const smtp = bw.world.services!.smtpSink;
      const { context, page } = await bw.newPage();
      await page.goto("/login");
      await page.getByRole("link", { name: "Forgot your password?" }).click();
      await page.getByLabel("E-mail", { exact: true }).fill(FORGETFUL);
      await page.getByRole("button", { name: "Send reset link" }).click();
      const mail = await smtp.waitFor((m) => m.to.includes(FORGETFUL) && /reset/i.test(m.subject), 30_000);
      // The token rides in the fragment, which the browser never sends to a server (or its log).
      const link = /https?:\/\/\S+\/reset-password#[\w-]+/.exec(mail.text)?.[0];
      expect(link).toBeDefined();
      expect(new URL(link!).origin).toBe(bw.baseUrl);

      await page.goto(link!);
      await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
      await reloadShowsPage(page);
      await page.getByLabel("New password", { exact: true }).fill("a brand new passphrase");
      await page.getByRole("button", { name: "Set password" }).click();
      await page.getByText("Your password is changed. Log in with the new one.").waitFor();
      await snap(page, "p1-reset-done");

      // The old password no longer works; the new one does.
      await page.getByRole("link", { name: "Log in" }).click();
      await page.getByLabel("E-mail", { exact: true }).fill(FORGETFUL);
      await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: "Log in" }).click();
      await page.getByRole("alert").first().waitFor();
      await logIn(page, FORGETFUL, "a brand new passphrase");
      // The link worked once; the older forms /reset-password/<token> and /reset/<token> still open the page.
      await page.goto(link!.replace("/reset-password#", "/reset/"));
      await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
      await context.close();
    },
  );

  it(
    "shows every page again on reload, for a user and for an admin; JSON stays reachable",
    { timeout: 120_000 },
    async () => {
      const { context, page } = await bw.newPage();
      // Logged out: the sign-in pages and the reset link.
      for (const path of ["/login", "/signup", "/forgot", "/reset-password/not-a-real-token"]) {
        await page.goto(path);
        await reloadShowsPage(page);
      }
      for (const [email, expected] of [
        [OWNER, ["Dashboard", "Triage", "Brand profile"]],
        [ADMIN, ["Dashboard", "Triage", "Brand profile", "Admin"]],
      ] as const) {
        await logIn(page, email);
        const nav = page.getByRole("navigation", { name: "Main" }).getByRole("link");
        const labels = await nav.allTextContents();
        expect(labels).toEqual(expect.arrayContaining([...expected]));
        // Every page the navigation reaches, then the deep links a user bookmarks.
        const seen: string[] = [];
        for (const label of labels) {
          await nav.filter({ hasText: label }).first().click();
          await page.getByRole("heading", { level: 1 }).first().waitFor();
          seen.push(await reloadShowsPage(page));
        }
        const deep =
          email === OWNER
            ? [`/dashboard?scan=${owner.scanId}`, "/account?welcome=1"]
            : [
                `/admin/users/${owner.id}`,
                `/admin/users/${owner.id}/dashboard?scan=${owner.scanId}`,
                "/admin/weights",
              ];
        for (const path of deep) {
          await page.goto(path);
          await page.getByRole("heading", { level: 1 }).first().waitFor();
          seen.push(await reloadShowsPage(page));
        }
        expect(seen.every((h) => h && !h.startsWith("{"))).toBe(true);
        // The same paths still answer JSON to a client asking for it.
        const json = { headers: { accept: "application/json" } };
        expect((await (await page.request.get("/account", json)).json()).email).toBe(email);
        const status = await page.request.get("/dashboard/status", json);
        expect(status.headers()["content-type"]).toMatch(/application\/json/);
        if (email === ADMIN) {
          const settings = await page.request.get("/admin/settings", json);
          expect(Object.keys(await settings.json())).toEqual(["ai_provider", "audit_config"]);
          const weights = await page.request.get("/admin/weights", json);
          expect((await weights.json()).current).toMatchObject({ source: "manual" });
        }
        await page.getByRole("button", { name: "Log out" }).click();
        await page.waitForURL(/\/login/);
      }
      await context.close();
    },
  );

  it(
    "keeps score, severity, domain and screenshot in view at 1280×800 with every column on",
    { timeout: 90_000 },
    async () => {
      const { context, page } = await bw.newLoggedInPage(OWNER);
      await page.goto(`/dashboard?scan=${owner.scanId}`);
      const table = page.getByTestId("findings-table");
      await table.waitFor();
      // Turn every optional column on, as a user would in the picker.
      await page.getByText(/^Columns \(/).click();
      const boxes = page.getByRole("group", { name: "Visible columns" }).getByRole("checkbox");
      for (const box of await boxes.all())
        if (!(await box.isDisabled()) && !(await box.isChecked())) await box.check();
      await page.getByText(/^Columns \(/).click();
      const columnCount = await table.locator("thead th").count();
      expect(columnCount).toBeGreaterThan(60);

      const wrap = page.locator(".table-wrap").filter({ has: table });
      const inView = async () => {
        const out: Record<string, boolean> = {};
        for (const key of ["screenshot", "domain", "adjusted_severity", "adjusted_score"]) {
          const head = await table.locator(`th[data-column="${key}"]`).boundingBox();
          const cell = await table
            .locator("tbody tr")
            .first()
            .locator("td")
            .nth(
              await table
                .locator("thead th")
                .evaluateAll((ths, k) => ths.findIndex((th) => th.getAttribute("data-column") === k), key),
            )
            .boundingBox();
          out[key] =
            !!head && !!cell && [head, cell].every((b) => b.x >= 0 && b.x + b.width <= 1280 && b.width > 20);
        }
        return out;
      };
      const all = { screenshot: true, domain: true, adjusted_severity: true, adjusted_score: true };
      expect(await inView()).toEqual(all);
      await snap(page, "p3-table-start");
      // The other columns scroll sideways; the four stay put.
      expect(await wrap.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      await wrap.evaluate((el) => (el.scrollLeft = el.scrollWidth));
      await until("the table to scroll", async () => (await wrap.evaluate((el) => el.scrollLeft)) > 1000);
      expect(await inView()).toEqual(all);
      await expect
        .poll(() => table.locator("tbody tr").first().getByRole("img").first().isVisible())
        .toBe(true);
      await snap(page, "p3-table-scrolled");
      await context.close();
    },
  );

  it(
    "lets an admin act for another user: profile, scans, start, stop and resume, each recorded; media stay owner-only otherwise",
    { timeout: 120_000 },
    async () => {
      const actedFor = () =>
        bw.app.web.container.infra.db
          .select()
          .from(auditEvents)
          .where(and(eq(auditEvents.name, "admin_acted_for"), eq(auditEvents.user_id, adminId)));
      // Earlier tests' sessions of this admin have their own rows.
      const earlier = new Set((await actedFor()).map((e) => e.id));
      const { context, page } = await bw.newLoggedInPage(ADMIN);
      // Without acting for the owner, their screenshot is not the admin's to see.
      expect((await page.request.get(`/media/screenshots/${owner.findingId}`)).status()).toBe(404);
      expect(
        (await page.request.get(`/media/screenshots/${owner.findingId}?user_id=${owner.id}`)).status(),
      ).toBe(200);

      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" }).click();
      await page.getByRole("link", { name: `Act for ${OWNER}` }).click();
      await page.getByRole("heading", { name: `Acting for ${OWNER}` }).waitFor();
      const scans = page.getByTestId("user-scans");
      await scans.locator(`tr[data-scan-id="${owner.scanId}"]`).waitFor();

      // Edit the owner's brand profile.
      const brand = bw.world.scenario.brand;
      await page.getByLabel("Brand name", { exact: true }).fill(brand.name);
      await page.getByLabel("Owned domains", { exact: true }).fill(brand.owned_domains[0]!.domain);
      await page.getByLabel("Keywords", { exact: true }).fill("login");
      await page.getByRole("button", { name: "Save profile" }).click();
      await page.getByText(/^Saved\./).waitFor();
      const profile = await bw.app.web.container.services.brandProfile.profile(owner.id);
      expect(profile.owned_domains.map((d) => d.domain)).toEqual([brand.owned_domains[0]!.domain]);
      expect(profile.keywords).toEqual(["login"]);
      await snap(page, "p4-act-for");

      // Start a scan for them, stop it, resume it.
      await page.getByRole("button", { name: "Start scan for this user" }).click();
      await page.getByText("Scan started for this user.").waitFor();
      const rows = scans.locator("tbody tr");
      await until("the new scan listed", async () => (await rows.count()) === 2);
      const started = rows.first();
      const startedId = (await started.getAttribute("data-scan-id"))!;
      expect(startedId).not.toBe(owner.scanId);
      await started.getByRole("button", { name: "Stop" }).click();
      await until("the scan cancelled", async () => /cancelled/.test((await started.textContent()) ?? ""));
      await started.getByRole("button", { name: "Resume" }).click();
      await page.getByText("Scan resumed.").waitFor();
      // The owner sees the scan the admin started as their own.
      const ownerScans = await bw.app.web.container.services.scans.list({ id: owner.id, admin: false });
      expect(ownerScans.map((s) => s.id)).toContain(startedId);

      const recorded = (await actedFor()).filter((e) => !earlier.has(e.id));
      expect(recorded.every((e) => e.subject_id === owner.id)).toBe(true);
      const actions = new Set(recorded.map((e) => e.data.action));
      for (const action of [
        "GET /media/screenshots/:id",
        "PUT /account",
        "POST /dashboard/scans",
        "POST /dashboard/scans/:id/stop",
        "POST /dashboard/scans/:id/resume",
      ])
        expect({ action, recorded: actions.has(action) }).toEqual({ action, recorded: true });
      // Reads (the page polls the scan list every 2 s) are recorded once for this session's window.
      expect(recorded.filter((e) => String(e.data.action).startsWith("GET "))).toHaveLength(1);
      // Stop the resumed scan so it does not outlive the test.
      await bw.app.web.container.services.scans.stop({ id: owner.id, admin: false }, startedId);
      await context.close();
    },
  );
});
