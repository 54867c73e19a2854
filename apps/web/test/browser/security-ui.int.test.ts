import { readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { freePort } from "@brandwarden/platform/testing/free-port";
import { startUiOnTestWeb } from "./browser-harness.ts";

// Issue 17: the built UI works under the web app's strict Content-Security-Policy (no violation
// on any page), its production build has no source maps, and the dashboard cannot be framed.

const PASSWORD = "correct horse battery staple";

describe("the built UI under the security headers, in Chromium", () => {
  let uiDir: string;
  let browser: Browser;
  let baseUrl: string;
  let stop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ browser, baseUrl, uiDir, stop } = await startUiOnTestWeb());
  }, 120_000);
  afterAll(async () => {
    await stop?.();
  });

  /** A page that records every CSP violation and console error. */
  async function watchedPage(): Promise<{ page: Page; problems: string[] }> {
    const context = await browser.newContext({ baseURL: baseUrl });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" && !/status of 401/.test(m.text())) problems.push(`console: ${m.text()}`);
    });
    page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
    await page.exposeFunction("__cspViolation", (text: string) => problems.push(`csp: ${text}`));
    // A string, not a function: this file is typechecked without the DOM library.
    await page.addInitScript(`document.addEventListener("securitypolicyviolation", (e) =>
      window.__cspViolation(e.violatedDirective + " blocked " + e.blockedURI + " at " +
        e.sourceFile + ":" + e.lineNumber + ":" + e.columnNumber));`);
    return { page, problems };
  }

  it("builds without source maps", () => {
    const files = readdirSync(uiDir, { recursive: true }).map(String);
    expect(files.some((f) => f.endsWith(".js"))).toBe(true);
    expect(files.filter((f) => f.endsWith(".map"))).toEqual([]);
  });

  it(
    "signs up and shows every main page without a CSP violation or script error",
    { timeout: 60_000 },
    async () => {
      const { page, problems } = await watchedPage();
      await page.goto("/");
      await page.waitForURL(/\/login/);
      await page.getByRole("link", { name: "Create an account" }).click();
      await page.getByLabel("E-mail", { exact: true }).fill(`csp-${Date.now()}@example.com`);
      await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: "Create account" }).click();
      await page.waitForURL(/\/account/);
      await page.getByRole("heading", { name: "Brand profile" }).waitFor();
      for (const name of ["Dashboard", "Triage"]) {
        await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true }).click();
        await page.waitForLoadState("networkidle");
      }
      const csp = (await page.request.get("/")).headers()["content-security-policy"];
      expect(csp).toContain("frame-ancestors 'none'");
      expect(problems).toEqual([]);
    },
  );

  it("refuses to be framed by another page", { timeout: 30_000 }, async () => {
    const { page } = await watchedPage();
    const otherPort = await freePort();
    // An attacker's page on another origin that frames the dashboard.
    await page.route(`http://127.0.0.1:${otherPort}/`, (route) =>
      route.fulfill({ contentType: "text/html", body: `<iframe id="f" src="${baseUrl}/"></iframe>` }),
    );
    await page.goto(`http://127.0.0.1:${otherPort}/`);
    const frame = await (await page.$("#f"))!.contentFrame();
    await page.waitForLoadState("load");
    // A blocked frame stays empty (Chromium shows its error page, without the app's root element).
    expect(await frame!.$("#root")).toBeNull();
  });
});
