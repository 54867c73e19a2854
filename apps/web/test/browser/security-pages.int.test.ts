import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { insertDomainFinding, insertScan } from "../factories.ts";
import type { TestWeb } from "../harness.ts";
import { startUiOnTestWeb } from "./browser-harness.ts";

// Issue 17 in the UI: the in-app password change, and AI demotions shown to the analyst as such
// (in the findings table and the finding's detail), both under the strict CSP.

const PASSWORD = "correct horse battery staple";
const NEW_PASSWORD = "a brand new passphrase";
/** Set BW_SCREENSHOTS=<dir> to keep screenshots of the pages for a look. */
const SHOTS = process.env.BW_SCREENSHOTS;

describe("security pages in Chromium", () => {
  let t: TestWeb;
  let browser: Browser;
  let baseUrl: string;
  let stop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ t, browser, baseUrl, stop } = await startUiOnTestWeb());
  }, 120_000);
  afterAll(async () => {
    await stop?.();
  });

  /** A fresh browser profile whose script errors and CSP violations are collected. */
  async function watchedPage(): Promise<{ page: Page; problems: string[] }> {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" && !/status of (401|422)/.test(m.text()))
        problems.push(`console: ${m.text()}`);
    });
    page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
    await page.exposeFunction("__cspViolation", (text: string) => problems.push(`csp: ${text}`));
    await page.addInitScript(`document.addEventListener("securitypolicyviolation", (e) =>
      window.__cspViolation(e.violatedDirective + " blocked " + e.blockedURI));`);
    return { page, problems };
  }

  async function signUp(page: Page, email: string) {
    await page.goto("/signup");
    await page.getByLabel("E-mail", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(/\/account/);
  }

  async function logIn(page: Page, email: string, password: string) {
    await page.goto("/login");
    await page.getByLabel("E-mail", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Log in" }).click();
  }

  const shot = async (page: Page, name: string) => {
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  };

  it(
    "changes the password from the app: wrong current password and a mismatch are explained, other sessions end",
    { timeout: 90_000 },
    async () => {
      const email = `change-${Date.now()}@example.com`;
      const { page, problems } = await watchedPage();
      await signUp(page, email);
      const elsewhere = await watchedPage(); // the same account in another browser
      await logIn(elsewhere.page, email, PASSWORD);
      await elsewhere.page.waitForURL(/\/dashboard/);

      await page.getByRole("link", { name: "Change password" }).click();
      await page.waitForURL(/\/account\/password$/);
      await page.getByRole("heading", { name: "Change password" }).waitFor();
      const form = page.getByRole("form", { name: "Change password" });

      await form.getByLabel("Current password").fill("not my password");
      await form.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
      await form.getByLabel("New password again").fill(NEW_PASSWORD);
      await form.getByRole("button", { name: "Change password" }).click();
      await expect.poll(() => form.getByRole("alert").textContent()).toMatch(/current password is wrong/);
      await shot(page, "password-wrong-current");

      await form.getByLabel("Current password").fill(PASSWORD);
      await form.getByLabel("New password again").fill(`${NEW_PASSWORD}!`);
      await form.getByRole("button", { name: "Change password" }).click();
      await form.getByText("The two new passwords differ").waitFor();

      await form.getByLabel("New password again").fill(NEW_PASSWORD);
      await form.getByRole("button", { name: "Change password" }).click();
      await form.getByText("Your password is changed. Other sessions were logged out.").waitFor();
      await shot(page, "password-changed");

      // This session stays; the other browser is logged out; the new password logs in, the old does not.
      expect((await page.request.get("/account", { headers: { accept: "application/json" } })).status()).toBe(
        200,
      );
      await elsewhere.page.reload();
      await elsewhere.page.waitForURL(/\/login/);
      await logIn(elsewhere.page, email, PASSWORD);
      await elsewhere.page
        .getByRole("alert")
        .getByText(/E-mail or password is wrong/)
        .waitFor();
      await logIn(elsewhere.page, email, NEW_PASSWORD);
      await elsewhere.page.waitForURL(/\/dashboard/);
      expect([...problems, ...elsewhere.problems]).toEqual([]);
    },
  );

  it("marks AI demotions in the findings table and the finding's detail", { timeout: 90_000 }, async () => {
    const { page, problems } = await watchedPage();
    await signUp(page, `demotions-${Date.now()}@example.com`);
    const me = (await (await page.request.get("/session")).json()) as { user: { id: string } };
    const scan = await insertScan(t.db, me.user.id, { status: "completed", completed_at: new Date() });
    const reviewed = {
      ai_verdict: "benign",
      ai_confidence: 0.97,
      ai_adjustment: -15,
      ai_reasoning: "The page says it is an authorised partner.",
    };
    await insertDomainFinding(t.db, scan.id, me.user.id, {
      domain: "acmebank-login.com",
      score: 85,
      severity: "critical",
      adjusted_score: 80,
      adjusted_severity: "critical",
      threat_feed_hits: [
        {
          feed: "openphish",
          matched: "url",
          value: "https://acmebank-login.com/",
          first_seen: "2026-11-01T00:00:00.000Z",
        },
      ],
      ...reviewed,
    });
    await insertDomainFinding(t.db, scan.id, me.user.id, {
      domain: "acmebank-news.com",
      score: 85,
      severity: "critical",
      adjusted_score: 70,
      adjusted_severity: "high",
      ...reviewed,
    });
    await insertDomainFinding(t.db, scan.id, me.user.id, {
      domain: "acmebank-shop.com",
      score: 55,
      severity: "medium",
    });

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
    const row = (domain: string) =>
      page.getByRole("row").filter({ has: page.getByRole("button", { name: domain, exact: true }) });
    await row("acmebank-news.com").waitFor();
    await expect
      .poll(() =>
        row("acmebank-news.com")
          .getByLabel(/Lowered by AI/)
          .textContent(),
      )
      .toBe("AI lowered");
    expect(await row("acmebank-news.com").getByText("AI lowered").getAttribute("title")).toBe(
      "Lowered by AI from critical 85 to high 70 (-15)",
    );
    expect(await row("acmebank-login.com").getByText("AI overruled").getAttribute("title")).toBe(
      "AI asked for -15; held at critical 80 by hard evidence: threat-feed hit",
    );
    expect(await row("acmebank-shop.com").getByText(/AI/).count()).toBe(0);
    await shot(page, "demotion-table");

    await row("acmebank-login.com").getByRole("button", { name: "acmebank-login.com", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog
      .getByText("AI asked for -15; held at critical 80 by hard evidence: threat-feed hit")
      .waitFor();
    await shot(page, "demotion-detail");
    expect(problems).toEqual([]);
  });
});
