import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { startUiOnTestWeb } from "./browser-harness.ts";

// Issue 30: `/docs` renders the OpenAPI document in Chromium under the app's strict CSP (Swagger UI
// from the app's own origin, no inline script), with no script error.

describe("API docs in Chromium", () => {
  let browser: Browser;
  let baseUrl: string;
  let stop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ browser, baseUrl, stop } = await startUiOnTestWeb());
  }, 120_000);
  afterAll(async () => {
    await stop?.();
  });

  it("shows the operations of /openapi.json at /docs", { timeout: 60_000 }, async () => {
    const context = await browser.newContext({ baseURL: baseUrl });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") problems.push(`console: ${m.text()}`);
    });
    page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
    await page.exposeFunction("__cspViolation", (text: string) => problems.push(`csp: ${text}`));
    await page.addInitScript(`document.addEventListener("securitypolicyviolation", (e) =>
      window.__cspViolation(e.violatedDirective + " blocked " + e.blockedURI + " at " + e.sourceFile + ":" + e.lineNumber + ":" + e.columnNumber));`);

    const res = await page.goto("/docs");
    expect(res?.headers()["content-security-policy"]).toContain("script-src 'self'");
    await page
      .getByRole("heading", { name: /Brandwarden/ })
      .first()
      .waitFor();
    // An operation of each kind of route is listed: browser JSON, internal API.
    await page.locator(".opblock-summary-path", { hasText: "/account/api-tokens" }).first().waitFor();
    await page.locator(".opblock-summary-path", { hasText: "/v1/scoring/weights" }).first().waitFor();
    // Opening one shows its request body schema from the contract.
    await page
      .locator(".opblock-summary", { hasText: "/account/api-tokens" })
      .filter({ hasText: "POST" })
      .first()
      .click();
    await page.getByText("Request body").first().waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
