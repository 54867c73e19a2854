import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { freePort } from "@brandwarden/platform/testing/free-port";
import { buildUi, launchChromium, logIn } from "@brandwarden/web/test/browser/browser-harness";
import { smallScenario, startTestWorld } from "@brandwarden/world/testing/test-world";
import type { World } from "@brandwarden/world/world";
import { startEmbedded } from "../../src/commands/start.ts";

/**
 * The browser tests' world: Debian's Chromium driven by playwright-core, against the real app in
 * embedded mode as `brandwarden start` runs it (both services in-process, PGlite in a temp
 * DATA_DIR, random ports) on the sandbox internet of `startTestWorld(smallScenario())`.
 */

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

/** `lookalikes`: how many the world plants (smallScenario's 40 by default); fewer scan faster. */
export async function startBrowserWorld(opts: { lookalikes?: number } = {}): Promise<BrowserWorld> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "brandwarden-browser-"));
  const uiDir = path.join(dataDir, "ui");
  buildUi(uiDir);
  const world = await startTestWorld(smallScenario(opts.lookalikes ? { lookalikes: opts.lookalikes } : {}));
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
  const browser = await launchChromium();
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
