import { execFileSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_CHROMIUM_PATH, HEADLESS_CHROMIUM_ARGS } from "@brandwarden/platform/browser/chromium";
import { freePort } from "@brandwarden/platform/testing/free-port";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { startEmbedded } from "@brandwarden/cli/commands/start";
import { smallScenario, startTestWorld } from "@brandwarden/world/testing/test-world";
import type { World } from "@brandwarden/world/world";
import { startTestWeb, type TestWeb } from "../harness.ts";

/**
 * The browser tests' world: Debian's Chromium driven by playwright-core, against the real app in
 * embedded mode (both services in-process, PGlite in a temp DATA_DIR, random ports) on the
 * sandbox internet of `startTestWorld(smallScenario())`.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

const CHROMIUM = process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM_PATH;

/** Builds the current UI source into a private directory, so the tests never run a stale build. */
function buildUi(outDir: string): void {
  execFileSync(
    "npm",
    ["run", "build", "--silent", "-w", "apps/web-ui", "--", "--outDir", outDir, "--logLevel", "warn"],
    {
      cwd: ROOT,
      stdio: "inherit",
    },
  );
}

export interface BrowserWorld {
  world: World;
  app: Awaited<ReturnType<typeof startEmbedded>>;
  browser: Browser;
  baseUrl: string;
  /** Where the UI was built for this run (index.html, assets/). */
  uiDir: string;
  newPage(): Promise<{ context: BrowserContext; page: Page }>;
  /** A new page (in a fresh browser profile) logged in as `email`, on the dashboard. */
  newLoggedInPage(email: string, password?: string): Promise<{ context: BrowserContext; page: Page }>;
  stop(): Promise<void>;
}

export async function startBrowserWorld(): Promise<BrowserWorld> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "brandwarden-browser-"));
  const uiDir = path.join(dataDir, "ui");
  buildUi(uiDir);
  const world = await startTestWorld(smallScenario());
  const [webPort, workerPort] = [await freePort(), await freePort()];
  const app = await startEmbedded({
    ...process.env,
    ...world.env,
    DATA_DIR: dataDir,
    WEB_PORT: String(webPort),
    WORKER_PORT: String(workerPort),
    WEB_UI_DIR: uiDir,
    // Links the product e-mails (password reset) point at the address the browser uses.
    PUBLIC_URL: `http://127.0.0.1:${webPort}`,
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
    RESCAN_INTERVAL: "0",
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...HEADLESS_CHROMIUM_ARGS] });
  const baseUrl = `http://127.0.0.1:${webPort}`;
  const newPage = async () => {
    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1280, height: 800 },
      acceptDownloads: true,
    });
    return { context, page: await context.newPage() };
  };
  return {
    world,
    app,
    browser,
    baseUrl,
    uiDir,
    newPage,
    async newLoggedInPage(email, password) {
      const opened = await newPage();
      await logIn(opened.page, email, password);
      return opened;
    },
    async stop() {
      await browser.close().catch(() => undefined);
      await app.stop().catch(() => undefined);
      await world.stop().catch(() => undefined);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
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
    browser = await chromium.launch({ executablePath: CHROMIUM, args: [...HEADLESS_CHROMIUM_ARGS] });
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
