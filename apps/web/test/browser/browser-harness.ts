import { execFileSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_CHROMIUM_PATH, HEADLESS_CHROMIUM_ARGS } from "@brandwarden/platform/browser/chromium";
import { freePort } from "@brandwarden/platform/testing/free-port";
import { chromium, type Browser, type Page } from "playwright-core";
import { startTestWeb, type TestWeb } from "../harness.ts";

/**
 * The browser tests' common parts: Debian's Chromium driven by playwright-core, a fresh build of
 * the UI, logging in. The tests of the whole product (both services, as `brandwarden start` runs
 * them) live with the CLI that starts it: apps/cli/test/browser.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

const CHROMIUM = process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM_PATH;

/** Debian's Chromium (or CHROMIUM_PATH), headless, as the browser tests drive it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: [...HEADLESS_CHROMIUM_ARGS] });
}

/** Builds the current UI source into a private directory, so the tests never run a stale build. */
export function buildUi(outDir: string): void {
  execFileSync(
    "npm",
    ["run", "build", "--silent", "-w", "apps/web-ui", "--", "--outDir", outDir, "--logLevel", "warn"],
    {
      cwd: ROOT,
      stdio: "inherit",
    },
  );
}

/**
 * The web app alone (PGlite, no worker) serving a fresh build of the UI at `baseUrl`, and Chromium
 * to open it: for the UI's own checks, which need no scan. `env` adds configuration (a stub
 * worker's `WORKER_URL`, an SMTP sink); `consume` runs the app's jobs (e.g. evidence packs).
 */
export async function startUiOnTestWeb(
  opts: { env?: Record<string, string>; consume?: boolean } = {},
): Promise<{
  t: TestWeb;
  browser: Browser;
  baseUrl: string;
  /** Where the UI was built for this run (index.html, assets/). */
  uiDir: string;
  stop(): Promise<void>;
}> {
  const uiDir = await mkdtemp(path.join(tmpdir(), "bw-ui-"));
  let t: TestWeb | undefined;
  let browser: Browser | undefined;
  const stop = async () => {
    await browser?.close();
    await t?.close();
    await rm(uiDir, { recursive: true, force: true });
  };
  try {
    buildUi(uiDir);
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    t = await startTestWeb(
      "pglite",
      { ...opts.env, WEB_UI_DIR: uiDir, PUBLIC_URL: baseUrl },
      { consume: opts.consume },
    );
    await t.app.listen({ port, host: "127.0.0.1" });
    browser = await launchChromium();
    return { t, browser, baseUrl, uiDir, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** The password the browser tests give the users they create. */
export const PASSWORD = "correct horse battery";

/** Logs in on the login page as a user would, and waits for the dashboard. */
export async function logIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL(/\/dashboard/);
}

/** Saves a screenshot under SCREENSHOT_DIR when set (development: look at the pages). */
export async function snap(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
  await page.screenshot({ path: path.join(dir, `${name}-full.png`), fullPage: true });
}
