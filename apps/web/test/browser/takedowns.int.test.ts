import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import type { TTakedownCase } from "@brandwarden/contract/browser/takedown-cases";
import { freePort } from "@brandwarden/platform/testing/free-port";
import { waitFor } from "@brandwarden/platform/testing/wait-for";
import { startSmtp, type RunningSmtp } from "@brandwarden/world/services/smtp";
import { insertDomainFinding, insertScan } from "../factories.ts";
import { startTestWeb, type TestWeb } from "../harness.ts";
import { startStubWorker, type StubWorker } from "../stub-worker.ts";
import { answerChecks, answerTakedowns, sha256 } from "../takedown-harness.ts";
import { logIn, PASSWORD, startUiOnTestWeb } from "./browser-harness.ts";

// Issue 29 in Chromium: takedown cases as an analyst runs them. From the findings table (by mouse,
// by keyboard, in bulk) and from a finding's page to the case page; the evidence pack captured
// and downloaded (its SHA-256 as shown); recipients edited; the report e-mailed (Message-IDs as
// the SMTP sink received them); withdrawing; the takedowns page's list, state filter, stats and
// time-to-down chart once a site is down; and, without SMTP, why and "Mark as sent by hand".
// The web app runs alone with a stub worker (its evidence and check answers) and an SMTP sink.

const OWNER = "analyst@takedowns.test";
/** Waiting on what the page shows (never on time): generous, for a loaded machine. */
const WAIT = { timeout: 30_000 };
/** Set TAKEDOWN_SCREENSHOTS=<dir> to keep screenshots of the pages. */
const SHOTS = process.env.TAKEDOWN_SCREENSHOTS;

const until = (what: string, check: () => Promise<boolean>) =>
  waitFor(() => check().catch(() => false), what, WAIT.timeout);

/** A phishing lookalike as a completed scan stored it, with the desks the worker found. */
const phishing = (domain: string) => ({
  domain,
  registrar: "NameSilo, LLC",
  registrar_abuse_email: "abuse@namesilo.example",
  hosting_abuse_email: "abuse@host.example",
  asn_org: "Example Hosting",
  dns_a: ["203.0.113.20"],
  resolve_status: "registered" as const,
  http_status: 200,
  login_form: true,
  password_form: true,
  score: 90,
  severity: "critical" as const,
  adjusted_score: 90,
  adjusted_severity: "critical" as const,
});

/** A fresh browser profile whose script errors and CSP violations are collected. */
async function watchedPage(browser: Browser, baseUrl: string) {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1280, height: 800 },
    acceptDownloads: true,
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`console: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  await page.exposeFunction("__cspViolation", (text: string) => problems.push(`csp: ${text}`));
  await page.addInitScript(`document.addEventListener("securitypolicyviolation", (e) =>
    window.__cspViolation(e.violatedDirective + " blocked " + e.blockedURI));`);
  return { context, page, problems };
}

const caseIdOf = (page: Page) => new URL(page.url()).pathname.split("/").pop()!;
const casePage = (page: Page) => page.getByTestId("takedown-case");
const recipientRows = (page: Page) => page.getByTestId("recipients-table").locator("tbody tr");
const rowsOf = async (rows: Locator, attr: string) =>
  rows.evaluateAll((trs, a) => trs.map((tr) => tr.getAttribute(a) ?? ""), attr);

describe("takedown cases in Chromium", () => {
  let t: TestWeb;
  let browser: Browser;
  let baseUrl: string;
  let uiDir: string;
  let stop: (() => Promise<void>) | undefined;
  let worker: StubWorker;
  let smtp: RunningSmtp;
  let scanId: string;
  /** The cases the tests open, by lookalike. */
  const cases: Record<string, string> = {};

  beforeAll(async () => {
    worker = await startStubWorker();
    smtp = await startSmtp("127.0.0.1", 0, 0);
    answerTakedowns(worker, "acmebank-login.com");
    ({ t, browser, baseUrl, uiDir, stop } = await startUiOnTestWeb({
      env: {
        WORKER_URL: worker.url,
        SMTP_URL: smtp.url,
        MAIL_FROM: "Brandwarden <takedowns@brandwarden.test>",
      },
      consume: true,
    }));
    const user = await t.container.services.users.createUser({ email: OWNER, password: PASSWORD });
    scanId = (await insertScan(t.db, user.id, { status: "completed", completed_at: new Date() })).id;
    for (const d of ["acmebank-login.com", "acmebank-secure.com", "acmebank-verify.com", "acmebank-pay.com"])
      await insertDomainFinding(t.db, scanId, user.id, phishing(d));
  }, 240_000);
  afterAll(async () => {
    await stop?.();
    await worker?.close();
    await smtp?.close();
  });

  /** Logged in, on the dashboard's findings of the seeded scan. */
  async function onFindings() {
    const opened = await watchedPage(browser, baseUrl);
    await logIn(opened.page, OWNER);
    await opened.page.goto(`/dashboard?scan=${scanId}`);
    await opened.page.getByTestId("findings-table").locator("tbody tr").first().waitFor(WAIT);
    return opened;
  }

  it(
    "opens a case from the findings table, captures and downloads the evidence, edits the recipients and sends, all kept on reload",
    { timeout: 120_000 },
    async () => {
      const { context, page, problems } = await onFindings();
      // The worker answers the evidence once the page has shown it being captured.
      const release = worker.hold("/takedown/evidence");
      await page
        .getByTestId("findings-table")
        .getByRole("button", { name: "Open takedown for acmebank-login.com", exact: true })
        .click();
      await page.waitForURL(/\/takedowns\/[0-9a-f-]{36}$/);
      cases["acmebank-login.com"] = caseIdOf(page);
      await page.getByRole("heading", { level: 1, name: /acmebank-login\.com/ }).waitFor(WAIT);
      expect(await casePage(page).getAttribute("data-state")).toBe("open");
      const evidence = page.getByTestId("case-evidence");
      await page.locator('[data-testid="case-evidence"][data-status="capturing"]').waitFor(WAIT);
      expect(await evidence.getByRole("status").innerText()).toMatch(/Capturing the site/);
      release();
      await page.locator('[data-testid="case-evidence"][data-status="ready"]').waitFor(WAIT);
      await page.getByLabel("Subject", { exact: true }).waitFor(WAIT);
      expect(await page.getByLabel("Subject", { exact: true }).inputValue()).toBe(
        "Phishing site acmebank-login.com",
      );

      // The WARC downloads, and its bytes hash to the SHA-256 the page shows.
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        evidence.getByRole("link", { name: "Download evidence (WARC)" }).click(),
      ]);
      const warc = await readFile(await download.path());
      expect(download.suggestedFilename()).toBe(`acmebank-login.com-${cases["acmebank-login.com"]}.warc.gz`);
      const shown = (await page.getByTestId("evidence-sha256").innerText()).trim();
      expect(shown).toMatch(/^[0-9a-f]{64}$/);
      expect(sha256(warc)).toBe(shown);

      // The desks the worker found, then the analyst's own list: a CDN added, the host removed.
      await until("the found recipients", async () => (await recipientRows(page).count()) === 2);
      expect(await rowsOf(recipientRows(page), "data-role")).toEqual(["registrar", "hosting"]);
      await page.getByRole("button", { name: "Edit recipients" }).click();
      await page.getByRole("button", { name: "Add recipient" }).click();
      await page.getByLabel("Role of recipient 3", { exact: true }).selectOption("cdn");
      await page.getByLabel("Organisation of recipient 3", { exact: true }).fill("Example CDN");
      await page.getByLabel("Address of recipient 3", { exact: true }).fill("abuse@cdn.example");
      await page.getByRole("button", { name: "Remove recipient 2", exact: true }).click();
      await page.getByRole("button", { name: "Save recipients" }).click();
      await page.getByRole("button", { name: "Edit recipients" }).waitFor(WAIT);
      await until(
        "the saved recipients",
        async () => (await rowsOf(recipientRows(page), "data-role")).join() === "registrar,cdn",
      );
      await page.reload();
      await page.getByTestId("recipients-table").waitFor(WAIT);
      expect(await rowsOf(recipientRows(page), "data-role")).toEqual(["registrar", "cdn"]);
      expect(await recipientRows(page).nth(1).innerText()).toMatch(
        /Example CDN\s+abuse@cdn\.example\s+analyst/,
      );
      expect(await page.getByTestId("case-timeline").locator('li[data-event="recipients_edited"]').count()).toBe(1); // prettier-ignore

      // Send: each desk gets its own message, and the page shows each one's Message-ID.
      await page.getByRole("button", { name: "Send to 2 recipients" }).click();
      await page.locator('[data-testid="takedown-case"][data-state="sent"]').waitFor(WAIT);
      await until(
        "both recipients sent",
        async () => (await rowsOf(recipientRows(page), "data-state")).join() === "sent,sent",
      );
      const messageIds = async () =>
        (await recipientRows(page).locator("td.td-hash").allInnerTexts()).map((s) => s.trim());
      const ids = await messageIds();
      const received = smtp.messages();
      for (const [i, address] of ["abuse@namesilo.example", "abuse@cdn.example"].entries()) {
        expect(ids[i]).toMatch(/^<.+@brandwarden\.test>$/);
        const m = received.find((x) => x.headers["message-id"] === ids[i]);
        expect(m?.to).toEqual([address]);
        expect(m?.attachments.map((a) => a.content_type).sort()).toEqual([
          "application/json",
          "application/warc",
          "image/png",
        ]);
      }
      expect(received.some((m) => m.to.includes("abuse@host.example"))).toBe(false);
      expect(await page.getByRole("button", { name: "Edit recipients" }).count()).toBe(0);

      // A reload shows the same case: sent, the same Message-IDs, the evidence, the timeline.
      await page.reload();
      await page.locator('[data-testid="takedown-case"][data-state="sent"]').waitFor(WAIT);
      await page.getByTestId("recipients-table").waitFor(WAIT);
      expect(await messageIds()).toEqual(ids);
      expect((await page.getByTestId("evidence-sha256").innerText()).trim()).toBe(shown);
      expect(
        await page
          .getByTestId("case-timeline")
          .locator("li")
          .evaluateAll((li) => li.map((l) => l.getAttribute("data-event"))),
      ).toEqual(["sent", "recipients_edited", "evidence_captured", "opened"]);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/takedown-case.png`, fullPage: true });
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  it(
    "opens a case with the keyboard (Tab to the button, Enter) and withdraws it through its confirm dialog",
    { timeout: 90_000 },
    async () => {
      const { context, page, problems } = await onFindings();
      await page.getByLabel("Select acmebank-secure.com", { exact: true }).focus();
      await page.keyboard.press("Tab");
      expect(await page.locator(":focus").getAttribute("aria-label")).toBe(
        "Open takedown for acmebank-secure.com",
      );
      await page.keyboard.press("Enter");
      await page.waitForURL(/\/takedowns\/[0-9a-f-]{36}$/);
      cases["acmebank-secure.com"] = caseIdOf(page);
      await page.getByRole("heading", { level: 1, name: /acmebank-secure\.com/ }).waitFor(WAIT);

      // Withdrawing asks first: keeping the case changes nothing.
      await page.getByRole("button", { name: "Withdraw", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Withdraw the case for acmebank-secure.com?" });
      await dialog.waitFor(WAIT);
      await dialog.getByRole("button", { name: "Keep the case" }).click();
      await dialog.waitFor({ state: "hidden", ...WAIT });
      expect(await casePage(page).getAttribute("data-state")).toBe("open");
      await page.getByRole("button", { name: "Withdraw", exact: true }).click();
      await dialog.getByLabel("Reason (optional)").fill("our own campaign site");
      await dialog.getByRole("button", { name: "Withdraw case" }).click();
      await page.locator('[data-testid="takedown-case"][data-state="withdrawn"]').waitFor(WAIT);
      await page.getByTestId("case-timeline").locator('li[data-event="withdrawn"]').waitFor(WAIT);
      for (const name of ["Withdraw", "Mark as sent by hand", "Edit recipients"])
        expect(await page.getByRole("button", { name, exact: true }).count()).toBe(0);
      await page.reload();
      await page.locator('[data-testid="takedown-case"][data-state="withdrawn"]').waitFor(WAIT);
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  it(
    "opens a case for each finding selected in the findings table with “Open takedowns (n)”",
    { timeout: 90_000 },
    async () => {
      const { context, page, problems } = await onFindings();
      await page.getByLabel("Select acmebank-verify.com", { exact: true }).check();
      await page.getByLabel("Select acmebank-pay.com", { exact: true }).check();
      const bulk = page.getByRole("group", { name: "Bulk actions" });
      await bulk.getByRole("button", { name: "Open takedowns (2)" }).click();
      await page.waitForURL(/\/takedowns$/);
      const rows = page.getByTestId("takedown-cases").locator("tbody tr");
      await until("the two new cases listed", async () => (await rows.count()) === 4);
      for (const domain of ["acmebank-verify.com", "acmebank-pay.com"]) {
        const row = rows.filter({ has: page.getByRole("link", { name: domain, exact: true }) });
        expect(await row.getAttribute("data-state")).toBe("open");
        cases[domain] = (await row.getAttribute("data-case"))!;
      }
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  it(
    "lists the cases with their state, filters by state (kept on reload), and shows the stats and the time-to-down chart once a site is down",
    { timeout: 90_000 },
    async () => {
      const sentId = cases["acmebank-login.com"]!;
      expect(sentId).toMatch(/^[0-9a-f-]{36}$/);
      const { context, page, problems } = await watchedPage(browser, baseUrl);
      await logIn(page, OWNER);
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Takedowns" }).click();
      await page.waitForURL(/\/takedowns$/);
      const rows = page.getByTestId("takedown-cases").locator("tbody tr");
      await until("the cases listed", async () => (await rows.count()) === 4);
      const stateOf = async (domain: string) =>
        rows
          .filter({ has: page.getByRole("link", { name: domain, exact: true }) })
          .getAttribute("data-state");
      expect(await stateOf("acmebank-login.com")).toBe("sent");
      expect(await stateOf("acmebank-secure.com")).toBe("withdrawn");
      expect(await stateOf("acmebank-verify.com")).toBe("open");
      expect(await rows.filter({ hasText: "acmebank-login.com" }).innerText()).toMatch(
        /NameSilo, LLC, Example CDN/,
      );

      // The state filter narrows the list and lives in the address: a reload keeps it.
      await page.getByLabel("State", { exact: true }).selectOption("open");
      await page.waitForURL(/\/takedowns\?state=open$/);
      await until("only open cases", async () => (await rowsOf(rows, "data-state")).join() === "open,open");
      await page.getByLabel("State", { exact: true }).selectOption("sent");
      await page.waitForURL(/\/takedowns\?state=sent$/);
      await until("only the sent case", async () => (await rowsOf(rows, "data-case")).join() === sentId);
      await page.reload();
      await until("the filter kept", async () => (await rowsOf(rows, "data-case")).join() === sentId);
      expect(await page.getByLabel("State", { exact: true }).inputValue()).toBe("sent");
      await page.getByLabel("State", { exact: true }).selectOption("down");
      await page.getByText("No down case").waitFor(WAIT);

      // The site goes down two hours after the report (the worker's check says NXDOMAIN).
      const sent = (await (await page.request.get(`/takedowns/cases/${sentId}`)).json()) as TTakedownCase;
      const downAt = new Date(Date.parse(sent.first_sent_at!) + 2 * 3_600_000);
      answerChecks(worker, [
        { case_id: sentId, up: false, how: "nxdomain", checked_at: downAt.toISOString() },
      ]);
      await t.container.services.takedownChecks.runDue(downAt);
      await page.reload();
      await until("the down case listed", async () => (await rowsOf(rows, "data-case")).join() === sentId);
      expect(await rows.first().locator("td").last().innerText()).toBe("2 h");
      const stats = page.getByTestId("takedown-stats");
      const tile = (key: string) => stats.locator(`[data-stat="${key}"] dd`).innerText();
      expect(await tile("down")).toBe("1");
      expect(await tile("open")).toBe("2");
      expect(await tile("median")).toBe("2 h");
      expect(await tile("within-24h")).toBe("100 %");
      const chart = page.getByTestId("time-to-down-chart");
      expect(await chart.getAttribute("aria-label")).toMatch(
        /NameSilo, LLC \(registrar\) 2 h \(1 of 1 down\)/,
      );
      expect(await chart.locator("rect.td-chart-bar").count()).toBeGreaterThan(0);
      await page.getByLabel("State", { exact: true }).selectOption("");
      await until("every case again", async () => (await rows.count()) === 4);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/takedowns.png`, fullPage: true });

      // The case page says when and how it went down.
      await rows.getByRole("link", { name: "acmebank-login.com", exact: true }).click();
      await page.waitForURL(new RegExp(`/takedowns/${sentId}$`));
      await page.getByTestId("case-down").waitFor(WAIT);
      expect(await page.getByTestId("time-to-down").innerText()).toBe("2 h");
      expect(await page.getByTestId("case-down").innerText()).toMatch(/no longer resolves \(NXDOMAIN\)/);
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  describe("without SMTP", () => {
    let noMail: TestWeb;
    let noMailUrl: string;
    let findingId: string;

    beforeAll(async () => {
      // The same UI build, served by a second app with no SMTP_URL.
      const port = await freePort();
      noMailUrl = `http://127.0.0.1:${port}`;
      noMail = await startTestWeb(
        "pglite",
        { WEB_UI_DIR: uiDir, PUBLIC_URL: noMailUrl, WORKER_URL: worker.url },
        { consume: true },
      );
      await noMail.app.listen({ port, host: "127.0.0.1" });
      const user = await noMail.container.services.users.createUser({ email: OWNER, password: PASSWORD });
      const scan = await insertScan(noMail.db, user.id, { status: "completed", completed_at: new Date() });
      findingId = (await insertDomainFinding(noMail.db, scan.id, user.id, phishing("acmebank-manual.com")))
        .id;
    }, 60_000);
    afterAll(async () => {
      await noMail?.close();
    });

    it(
      "opens a case from the finding's page, says why it cannot send, and marks it sent by hand",
      { timeout: 90_000 },
      async () => {
        const { context, page, problems } = await watchedPage(browser, noMailUrl);
        await logIn(page, OWNER);
        await page.goto(`/findings/${findingId}`);
        await page
          .getByRole("button", { name: "Open takedown for acmebank-manual.com", exact: true })
          .click();
        await page.waitForURL(/\/takedowns\/[0-9a-f-]{36}$/);
        await page.locator('[data-testid="case-evidence"][data-status="ready"]').waitFor(WAIT);
        const why = page.getByText(/SMTP_URL/);
        await why.waitFor(WAIT);
        expect(await why.innerText()).toMatch(/mark it as sent by hand/);
        expect(await page.getByRole("button", { name: /^Send to/ }).count()).toBe(0);
        await page.getByRole("button", { name: "Mark as sent by hand" }).click();
        await page.locator('[data-testid="takedown-case"][data-state="sent"]').waitFor(WAIT);
        await until(
          "every recipient marked sent by hand",
          async () => (await rowsOf(recipientRows(page), "data-state")).join() === "manual,manual",
        );
        await page.reload();
        await page.locator('[data-testid="takedown-case"][data-state="sent"]').waitFor(WAIT);
        expect(await page.getByText(/SMTP_URL/).count()).toBe(0);
        expect(problems).toEqual([]);
        await context.close();
      },
    );
  });
});
