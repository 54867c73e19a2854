import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromium, type Browser, type Page } from "playwright-core";
import { HEADLESS_CHROMIUM_ARGS } from "@brandwarden/platform/browser/chromium";
import { freePort } from "@brandwarden/platform/testing/free-port";
import { startTestWeb, type TestWeb } from "../harness.ts";
import { CHROMIUM } from "./browser-harness.ts";

// Issue 17: the built UI works under the web app's strict Content-Security-Policy (no violation
// on any page), its production build has no source maps, and the dashboard cannot be framed.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
const PASSWORD = "correct horse battery staple";

describe("the built UI under the security headers, in Chromium", () => {
  let uiDir: string;
  let t: TestWeb;
  let browser: Browser;
  let baseUrl: string;

  beforeAll(async () => {
    uiDir = mkdtempSync(path.join(tmpdir(), "bw-ui-csp-"));
    execFileSync(
      "npm",
      ["run", "build", "--silent", "-w", "apps/web-ui", "--", "--outDir", uiDir, "--logLevel", "warn"],
      { cwd: ROOT, stdio: "inherit" },
    );
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    t = await startTestWeb("pglite", { WEB_UI_DIR: uiDir, PUBLIC_URL: baseUrl });
    await t.app.listen({ port, host: "127.0.0.1" });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: [...HEADLESS_CHROMIUM_ARGS] });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    if (uiDir) rmSync(uiDir, { recursive: true, force: true });
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
