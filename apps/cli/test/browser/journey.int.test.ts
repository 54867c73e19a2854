import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { waitFor } from "@brandwarden/platform/testing/wait-for";
import { snap } from "@brandwarden/web/test/browser/browser-harness";
import { startBrowserWorld, type BrowserWorld } from "./browser-world.ts";

// The whole journey of a new user in Debian's Chromium against the real app on the test world;
// then an admin at work; then a second user who must not see the first user's data.

const PASSWORD = "correct horse battery";

/** Polls a browser-side condition; a check that throws (element not there yet) counts as not yet. */
const until = (what: string, check: () => Promise<boolean>, timeoutMs = 30_000) =>
  waitFor(() => check().catch(() => false), what, timeoutMs);

const nav = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true });

const textOf = async (l: Locator) => (await l.textContent()) ?? "";

async function domainsShown(page: Page): Promise<string[]> {
  return page
    .getByTestId("findings-table")
    .locator("tbody tr")
    .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-domain") ?? ""));
}

async function download(page: Page, link: Locator): Promise<{ name: string; bytes: Buffer }> {
  const [dl] = await Promise.all([page.waitForEvent("download"), link.click()]);
  const file = await dl.path();
  return { name: dl.suggestedFilename(), bytes: await readFile(file) };
}

describe("web UI in Chromium", () => {
  let bw: BrowserWorld;
  // Collected along the journey for the isolation test.
  const owner = {
    email: "analyst@acme.test",
    scanId: "",
    findingId: "",
    screenshotFindingId: "",
    socialFindingId: "",
    caseId: "",
  };

  beforeAll(async () => {
    bw = await startBrowserWorld({ lookalikes: 24 });
  }, 180_000);
  afterAll(async () => {
    await bw?.stop();
  });

  it(
    "a new user signs up, fills the brand profile, scans, stops and resumes the scan, watches progress, sorts and pages, opens a takedown case, triages, downloads both PDFs and logs out",
    { timeout: 420_000 },
    async () => {
      const { context, page } = await bw.newPage();
      const eventStreams: string[] = [];
      page.on("request", (r) => r.url().includes("/events") && eventStreams.push(r.url()));

      // Sign up.
      await page.goto("/");
      await page.waitForURL(/\/login/);
      await snap(page, "01-login");
      await page.getByRole("link", { name: "Create an account" }).click();
      await page.getByLabel("E-mail", { exact: true }).fill(owner.email);
      await page.getByLabel("Password", { exact: true }).fill("short");
      await page.getByRole("button", { name: "Create account" }).click();
      await page
        .getByRole("alert")
        .filter({ hasText: /10 to 200 characters/ })
        .waitFor();
      await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: "Create account" }).click();
      await page.waitForURL(/\/account/);
      await page.getByRole("heading", { name: "Brand profile" }).waitFor();

      // Brand profile: a bad domain first (the 422 lands on its field), then the real ones.
      const brand = bw.world.scenario.brand;
      const owned = brand.owned_domains.map((d) => d.domain);
      await page.getByLabel("Brand name", { exact: true }).fill(brand.name);
      await page.getByLabel("Owned domains", { exact: true }).fill("not a domain");
      await page.getByRole("button", { name: "Save profile" }).click();
      await page.locator(".field-invalid").filter({ hasText: "Owned domains" }).waitFor();
      expect(await textOf(page.locator(".field-invalid .field-error").first())).toMatch(/Entry 1/);
      await page.getByLabel("Owned domains", { exact: true }).fill(owned.join("\n"));
      await page.getByLabel("Keywords", { exact: true }).fill("login\nsecure");
      await page.getByRole("button", { name: "+ Add handle" }).click();
      await page.getByLabel("Handle 1", { exact: true }).fill("acmebank");
      await page.getByRole("button", { name: "Save profile" }).click();
      await page.getByText("Saved. New domains and handles are being enriched").waitFor();
      expect(await page.getByTestId("owned-domain-state").count()).toBe(owned.length);
      expect(await page.getByTestId("handle-state").count()).toBe(1);
      await page.locator("#logo-file").setInputFiles({
        name: "logo.png",
        mimeType: "image/png",
        buffer: Buffer.from(brand.logo_png_base64, "base64"),
      });
      await page.getByText("Logo uploaded.").waitFor();
      await page.getByRole("img", { name: "Current brand logo" }).waitFor();
      await until(
        "owned domains enriched",
        async () =>
          (await page.getByTestId("owned-domain-state").allTextContents()).every(
            (t) => !/pending|running/.test(t),
          ),
        90_000,
      );
      await snap(page, "02-account");

      // Start a scan and watch it.
      await nav(page, "Dashboard").click();
      await page.getByText("Start your first scan").waitFor();
      await page.getByRole("button", { name: "Start scan" }).click();
      await page.waitForURL(/scan=/);
      owner.scanId = new URL(page.url()).searchParams.get("scan")!;
      await page.getByRole("heading", { name: "Progress" }).waitFor();
      await until(
        "the live stream to open",
        async () => eventStreams.some((u) => u.includes(owner.scanId)),
        15_000,
      );
      await snap(page, "03-dashboard-running");

      // Stop it, then resume it from where it stopped.
      await page.getByRole("button", { name: "Stop scan" }).click();
      await until(
        "the scan to show cancelled",
        async () => /cancelled/.test(await textOf(page.getByTestId("scan-summary"))),
        15_000,
      );
      expect(await page.getByRole("button", { name: "Stop scan" }).count()).toBe(0);
      await page.getByRole("button", { name: "Resume scan" }).click();
      await until(
        "the resumed scan to be under way",
        async () => /queued|running|completed/.test(await textOf(page.getByTestId("scan-summary"))),
        15_000,
      );
      expect(new URL(page.url()).searchParams.get("scan")).toBe(owner.scanId);
      await until(
        "the scan to complete",
        async () => /completed/.test(await textOf(page.getByTestId("scan-summary"))),
        300_000,
      );
      const generate = page.locator('[data-stage="generate"] [role="progressbar"]');
      expect(await generate.getAttribute("aria-valuenow")).toBe("100");
      expect(await page.locator(".log li").count()).toBeGreaterThan(0);

      // Findings: 15 a page, sorted by any column, paged.
      const table = page.getByTestId("findings-table");
      await table.waitFor();
      const rows = table.locator("tbody tr");
      expect(await rows.count()).toBeLessThanOrEqual(15);
      const total = Number(
        (await textOf(page.locator(".pager .muted").first())).match(/of ([\d,]+)/)?.[1]?.replace(/,/g, ""),
      );
      expect(total).toBeGreaterThan(15);
      await table.getByRole("button", { name: "Domain", exact: true }).click();
      await table.locator('th[aria-sort="ascending"]').filter({ hasText: "Domain" }).waitFor();
      await until("rows sorted by domain", async () => {
        const d = await domainsShown(page);
        return d.length > 1 && d.every((x, i) => i === 0 || d[i - 1]! <= x);
      });
      const page1 = await domainsShown(page);
      await page.getByRole("button", { name: "Next →" }).first().click();
      await page
        .getByText(/Page 2 of/)
        .first()
        .waitFor();
      await until("page 2", async () => (await domainsShown(page))[0]! > page1[page1.length - 1]!);
      await table.getByRole("button", { name: "Domain", exact: true }).click();
      await table.locator('th[aria-sort="descending"]').filter({ hasText: "Domain" }).waitFor();
      await until("rows sorted by domain, descending", async () => {
        const d = await domainsShown(page);
        return d.length > 1 && d.every((x, i) => i === 0 || d[i - 1]! >= x);
      });
      // The column picker adds a column; a text filter narrows the table.
      await page.getByText(/^Columns \(/).click();
      await page.getByLabel("Registrar abuse email", { exact: true }).check();
      await table.getByRole("columnheader", { name: /Registrar abuse email/ }).waitFor();
      await page.getByText(/^Columns \(/).click();
      await page.getByLabel("Search domains, registrars and page titles", { exact: true }).fill(page1[0]!);
      await until("the search to narrow the table", async () => (await rows.count()) === 1);
      await page.getByRole("button", { name: "Clear filters" }).click();
      await until("the filter cleared", async () => (await rows.count()) === 15);
      await snap(page, "04-dashboard-complete");

      // Export the table as CSV and JSON.
      const exportEntry = async (name: string) => {
        await page.getByRole("button", { name: "Export" }).click();
        return page.getByRole("menu", { name: "Export" }).getByRole("menuitem", { name, exact: true });
      };
      const csv = await download(page, await exportEntry("Domain findings (CSV)"));
      expect(csv.name).toMatch(/\.csv$/);
      // The shared CSV writer quotes every cell (formula-safe in every spreadsheet locale).
      expect(csv.bytes.toString("utf8").split("\r\n")[0]).toMatch(/^"id","scan_id","domain",/);
      const json = await download(page, await exportEntry("Domain findings (JSON)"));
      expect((JSON.parse(json.bytes.toString("utf8")) as { findings: unknown[] }).findings).toHaveLength(
        total,
      );

      // Owner-side facts for the isolation test.
      const all = (await (
        await page.request.get(`/dashboard/findings?scan_id=${owner.scanId}&sort=adjusted_score`)
      ).json()) as {
        findings: Array<{ id: string; domain: string; screenshot_url: string | null }>;
      };
      owner.findingId = all.findings[0]!.id;
      for (let p = 1; !owner.screenshotFindingId && p <= Math.ceil(total / 15); p++) {
        const r = (await (
          await page.request.get(`/dashboard/findings?scan_id=${owner.scanId}&page=${p}`)
        ).json()) as typeof all;
        owner.screenshotFindingId = r.findings.find((f) => f.screenshot_url)?.id ?? "";
      }
      expect(owner.screenshotFindingId).not.toBe("");
      const shot = await page.request.get(`/media/screenshots/${owner.screenshotFindingId}`);
      expect(shot.status()).toBe(200);
      expect(shot.headers()["content-type"]).toBe("image/png");
      const social = (await (
        await page.request.get(`/dashboard/social_findings?scan_id=${owner.scanId}`)
      ).json()) as {
        findings: Array<{ id: string }>;
      };
      owner.socialFindingId = social.findings[0]?.id ?? "";

      // Open a takedown case for the riskiest finding from the findings table: the worker
      // captures the evidence on the world and the report is written.
      const target = all.findings[0]!.domain;
      await page.getByLabel("Search domains, registrars and page titles", { exact: true }).fill(target);
      await until("the search to find it", async () => (await domainsShown(page)).includes(target));
      await table.getByRole("button", { name: `Open takedown for ${target}`, exact: true }).click();
      await page.waitForURL(/\/takedowns\/[0-9a-f-]{36}$/);
      owner.caseId = new URL(page.url()).pathname.split("/").pop()!;
      await page.getByTestId("takedown-case").waitFor();
      expect(await page.getByRole("heading", { level: 1 }).innerText()).toContain(target);
      await until(
        "the evidence pack captured",
        async () => (await page.getByTestId("case-evidence").getAttribute("data-status")) !== "capturing",
        120_000,
      );
      expect(await page.getByTestId("case-evidence").getAttribute("data-status")).toBe("ready");
      expect(await page.getByTestId("evidence-sha256").innerText()).toMatch(/^[0-9a-f]{64}$/);
      await page.getByLabel("Subject", { exact: true }).waitFor();
      expect(await page.getByLabel("Subject", { exact: true }).inputValue()).not.toBe("");
      expect((await page.getByLabel("Body", { exact: true }).inputValue()).length).toBeGreaterThan(40);
      await snap(page, "05-takedown");

      // Triage: one with the keyboard, then two in bulk.
      await nav(page, "Triage").click();
      const queue = page.getByTestId("triage-queue");
      await page.getByTestId("triage-current").waitFor();
      const before = await queue.locator("li").count();
      expect(before).toBeGreaterThan(3);
      await snap(page, "06-triage");
      await page.keyboard.press("c");
      await page.getByText(/marked confirmed\./).waitFor();
      await until("the queue to shrink", async () => (await queue.locator("li").count()) === before - 1);
      await queue.getByRole("checkbox").nth(0).check();
      await queue.getByRole("checkbox").nth(1).check();
      await page.getByRole("button", { name: "Mark selected benign" }).click();
      await page.getByText("2 findings marked benign.").waitFor();
      expect(await queue.locator("li").count()).toBe(before - 3);
      const confirmed = (await (
        await page.request.get(`/dashboard/findings?scan_id=${owner.scanId}&label=confirmed`)
      ).json()) as { total: number };
      const benign = (await (
        await page.request.get(`/dashboard/findings?scan_id=${owner.scanId}&label=benign`)
      ).json()) as { total: number };
      expect(confirmed.total + benign.total).toBeGreaterThanOrEqual(1);

      // Both PDFs, once the report is built.
      await nav(page, "Dashboard").click();
      const full = page.getByRole("link", { name: "Download full report (PDF)" });
      await full.waitFor({ timeout: 180_000 });
      const fullPdf = await download(page, full);
      const summaryPdf = await download(page, page.getByRole("link", { name: "Download summary (PDF)" }));
      for (const pdf of [fullPdf, summaryPdf]) {
        expect(pdf.name).toMatch(/\.pdf$/);
        expect(pdf.bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      }
      expect(summaryPdf.name).toMatch(/summary/);

      // Log out: the session is gone.
      await page.getByRole("button", { name: "Log out" }).click();
      await page.waitForURL(/\/login/);
      await page.goto("/dashboard");
      await page.waitForURL(/\/login\?next=/);
      expect((await page.request.get("/dashboard/status")).status()).toBe(401);
      await context.close();
    },
  );

  it(
    "an admin manages users and edits the platform settings; others cannot reach the admin area",
    { timeout: 120_000 },
    async () => {
      await bw.app.web.container.services.users.createUser({
        email: "admin@acme.test",
        password: PASSWORD,
        admin: true,
      });
      const { context, page } = await bw.newPage();
      await page.goto("/login");
      await page.getByLabel("E-mail", { exact: true }).fill("admin@acme.test");
      await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: "Log in" }).click();
      await page.waitForURL(/\/dashboard/);
      await nav(page, "Admin").click();
      const users = page.getByTestId("users-table");
      await users.getByText("admin@acme.test").waitFor();

      // Create, promote, rename and delete a user.
      await page.getByLabel("E-mail", { exact: true }).fill("temp@acme.test");
      await page.getByLabel("Initial password", { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: "Add user" }).click();
      await users.getByText("temp@acme.test").waitFor();
      await page.getByLabel("temp@acme.test is an admin", { exact: true }).check();
      await page.getByText("temp@acme.test is now an admin.").waitFor();
      await users.locator("tr", { hasText: "temp@acme.test" }).getByRole("button", { name: "Edit" }).click();
      await page.getByLabel("E-mail of temp@acme.test", { exact: true }).fill("temp2@acme.test");
      await users.getByRole("button", { name: "Save" }).click();
      await users.getByText("temp2@acme.test").waitFor();
      page.once("dialog", (d) => void d.accept());
      await users
        .locator("tr", { hasText: "temp2@acme.test" })
        .getByRole("button", { name: "Delete" })
        .click();
      await page.getByText("Deleted temp2@acme.test.").waitFor();
      expect(await users.getByText("temp2@acme.test").count()).toBe(0);

      // Settings: the API key is write-only.
      await page.getByLabel("Use AI review and narratives", { exact: true }).check();
      await page.getByLabel("Model", { exact: true }).fill("test-model");
      await page.getByLabel("API key", { exact: true }).fill("sk-test-secret-123");
      await page.getByLabel("Review findings from severity", { exact: true }).selectOption("high");
      await page.getByLabel("Largest increase", { exact: true }).fill("10");
      await page.getByRole("button", { name: "Save settings" }).click();
      await page.getByText("Settings saved.").waitFor();
      await page.getByText("A key is stored (encrypted).").waitFor();
      expect(await page.getByLabel("API key", { exact: true }).inputValue()).toBe("");
      await snap(page, "07-admin");
      const settings = await page.request.get("/admin/settings");
      const text = await settings.text();
      expect(text).not.toContain("sk-test-secret-123");
      const body = JSON.parse(text) as {
        ai_provider: { enabled: boolean; config: { model: string } };
        audit_config: { threshold: string; adjustment_max: number };
      };
      expect(body.ai_provider.enabled).toBe(true);
      expect(body.ai_provider.config.model).toBe("test-model");
      expect(body.audit_config).toMatchObject({ threshold: "high", adjustment_max: 10 });
      // Out-of-range audit values come back per field.
      await page.getByLabel("Largest increase", { exact: true }).fill("99");
      await page.getByRole("button", { name: "Save settings" }).click();
      await page.getByRole("alert").first().waitFor();
      await context.close();
    },
  );

  it(
    "a second user cannot reach the first user's scan, findings, media, reports or stream",
    { timeout: 120_000 },
    async () => {
      expect(owner.scanId).not.toBe("");
      const { context, page } = await bw.newPage();
      await page.goto("/signup");
      await page.getByLabel("E-mail", { exact: true }).fill("intruder@other.test");
      await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: "Create account" }).click();
      await page.waitForURL(/\/account/);
      expect(await nav(page, "Admin").count()).toBe(0);

      const s = owner.scanId;
      const gets = [
        `/dashboard/status?scan_id=${s}`,
        `/dashboard/findings?scan_id=${s}`,
        `/dashboard/findings/export?scan_id=${s}&format=csv`,
        `/dashboard/social_findings?scan_id=${s}`,
        `/dashboard/campaigns?scan_id=${s}`,
        `/dashboard/scans/${s}/narratives`,
        `/scans/${s}/events`,
        `/reports/${s}`,
        `/reports/${s}?variant=summary`,
        `/media/screenshots/${owner.screenshotFindingId}`,
        ...(owner.socialFindingId ? [`/media/avatars/${owner.socialFindingId}`] : []),
        `/admin/users`,
        `/takedowns/cases/${owner.caseId}`,
        `/takedowns/cases/${owner.caseId}/evidence`,
      ];
      for (const url of gets) {
        const res = await page.request.get(url, { headers: { accept: "application/json" } });
        expect({ url, status: res.status() }).toEqual({ url, status: 404 });
      }
      const csrf = (await context.cookies()).find((c) => c.name === "csrf_token")!.value;
      const posts: Array<[string, unknown]> = [
        ["/takedowns", { finding_id: owner.findingId }],
        ["/takedowns/cases", { finding_id: owner.findingId }],
        [`/takedowns/cases/${owner.caseId}/send`, {}],
        [`/takedowns/cases/${owner.caseId}/withdraw`, {}],
        ["/triage/feedback", { kind: "domain", finding_id: owner.findingId, label: "benign" }],
        [`/dashboard/scans/${s}/stop`, {}],
        [`/dashboard/scans/${s}/resume`, {}],
      ];
      for (const [url, data] of posts) {
        const res = await page.request.post(url, { data, headers: { "x-csrf-token": csrf } });
        expect({ url, status: res.status() }).toEqual({ url, status: 404 });
      }
      // Without the CSRF header a state change is refused outright.
      expect(
        (await page.request.post("/takedowns", { data: { finding_id: owner.findingId } })).status(),
      ).toBe(403);
      // The intruder's own dashboard is empty, and the owner's scan in the URL is refused in the UI.
      const triage = (await (await page.request.get("/triage/queue")).json()) as { items: unknown[] };
      expect(triage.items).toHaveLength(0);
      await page.goto(`/dashboard?scan=${s}`);
      await page
        .getByRole("alert")
        .filter({ hasText: /does not exist|not found/i })
        .waitFor();
      await snap(page, "08-intruder");
      await context.close();
    },
  );
});
