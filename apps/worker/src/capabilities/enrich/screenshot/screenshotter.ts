import { access, constants } from "node:fs/promises";
import pLimit from "p-limit";
import type { Browser, BrowserType } from "playwright-core";
import type { Logger } from "@brandwarden/platform/logger/logger";
import type { DnsClient } from "../../../ports/dns/dns.port.ts";
import { warnOnce } from "../optional.ts";
import { withDeadline } from "../provenance.ts";
import { screenshotHash } from "@brandwarden/platform/images/perceptual-hash";
import { startPinningProxy, type PinningProxy } from "./pinning-proxy.ts";
import {
  sandboxedChromiumLaunch,
  type SandboxedLaunch,
} from "@brandwarden/platform/browser/sandboxed-chromium";

// Screenshots with Debian's Chromium through playwright-core: one shared browser launched on
// first use, a bounded number of pages at once, a fixed 1280x800 viewport. Each page gets its own
// browser context whose proxy credential pins the lookalike to the address the scan resolved.
// Certificate errors are ignored in the browser (ignoreHTTPSErrors): the screenshot is evidence of
// what a victim would be shown, and the certificate's validity is recorded by tls-inspect; the
// browser cannot be given EXTRA_CA_CERTS without an NSS database on disk.
//
// The page is hostile, so the browser is contained (sandboxed-chromium.ts): Chromium's own sandbox
// on, run as an unprivileged user with an empty environment and a fresh profile; its only way out
// is the pinning proxy (WebRTC limited to proxied traffic, which the proxy never carries as UDP).
// JavaScript stays on: phishing kits draw their forms and cloak with script, and a screenshot of
// the script-less page would show an analyst something a victim never sees. No downloads, no
// service workers, no permissions are granted.

const VIEWPORT = { width: 1280, height: 800 } as const;

export class ScreenshotUnavailableError extends Error {
  override name = "ScreenshotUnavailableError";
  readonly code = "ESCREENSHOTUNAVAILABLE";
}

interface Screenshot {
  png: Buffer;
  hash: string | null;
}

export interface Screenshotter {
  capture(url: string, pins: Map<string, string[]>): Promise<Screenshot>;
  close(): Promise<void>;
}

export interface ScreenshotterOptions {
  chromiumPath: string;
  dns: DnsClient;
  allowPrivateNetwork: boolean;
  userAgent: string;
  timeoutMs: number;
  maxPages?: number;
  /** The unprivileged user Chromium runs as when the worker is root (RENDERER_USER). */
  rendererUser?: string;
  logger?: Logger;
}

const ARGS = [
  "--disable-dev-shm-usage",
  // Chromium sends loopback straight past a proxy unless told otherwise; here everything goes through it.
  "--proxy-bypass-list=<-loopback>",
];

export function createScreenshotter(opts: ScreenshotterOptions): Screenshotter {
  const limit = pLimit(opts.maxPages ?? 4);
  let started: Promise<{ browser: Browser; proxy: PinningProxy; launch: SandboxedLaunch }> | null = null;

  const start = () =>
    (started ??= (async () => {
      try {
        await access(opts.chromiumPath, constants.X_OK);
      } catch {
        throw new ScreenshotUnavailableError(`Chromium not found at ${opts.chromiumPath}`);
      }
      let chromium: BrowserType;
      try {
        ({ chromium } = await import("playwright-core"));
      } catch (err) {
        throw new ScreenshotUnavailableError(`playwright-core cannot be loaded: ${(err as Error).message}`);
      }
      let launch: SandboxedLaunch;
      try {
        launch = await sandboxedChromiumLaunch({ chromiumPath: opts.chromiumPath, rendererUser: opts.rendererUser, extraArgs: ARGS }); // prettier-ignore
      } catch (err) {
        throw new ScreenshotUnavailableError((err as Error).message);
      }
      const proxy = await startPinningProxy({ dns: opts.dns, allowPrivateNetwork: opts.allowPrivateNetwork, connectTimeoutMs: opts.timeoutMs }); // prettier-ignore
      try {
        const browser = await chromium.launch({
          executablePath: launch.executablePath,
          chromiumSandbox: launch.chromiumSandbox,
          args: launch.args,
          env: launch.env,
          timeout: 30_000,
          proxy: { server: proxy.server, bypass: "<-loopback>" },
        });
        return { browser, proxy, launch };
      } catch (err) {
        await proxy.close();
        await launch.dispose();
        throw new ScreenshotUnavailableError(
          `Chromium did not start: ${(err as Error).message.split("\n")[0]}`,
        );
      }
    })());

  const capture = (url: string, pins: Map<string, string[]>) =>
    limit(async (): Promise<Screenshot> => {
      let env: { browser: Browser; proxy: PinningProxy };
      try {
        env = await start();
      } catch (err) {
        warnOnce(
          opts.logger,
          "screenshot_unavailable",
          "screenshots unavailable; findings carry no screenshot",
          err,
        );
        throw err;
      }
      // One deadline for the whole page (context, load, capture), counted from when it got a slot.
      return withDeadline(shoot(env, url, pins), opts.timeoutMs * 2, "screenshot");
    });

  const shoot = async (
    env: { browser: Browser; proxy: PinningProxy },
    url: string,
    pins: Map<string, string[]>,
  ) => {
    const session = env.proxy.session(pins);
    const context = await env.browser.newContext({
      viewport: VIEWPORT,
      userAgent: opts.userAgent,
      ignoreHTTPSErrors: true,
      javaScriptEnabled: true,
      acceptDownloads: false,
      serviceWorkers: "block",
      proxy: { server: env.proxy.server, username: session.username, password: session.password, bypass: "<-loopback>" }, // prettier-ignore
    });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(opts.timeoutMs);
      await page.goto(url, { waitUntil: "load", timeout: opts.timeoutMs });
      const png = await page.screenshot({ type: "png", fullPage: false, timeout: opts.timeoutMs });
      return { png, hash: await screenshotHash(png) };
    } finally {
      session.close();
      await context.close().catch(() => {});
    }
  };

  return {
    capture,
    async close() {
      const s = started;
      started = null;
      if (!s) return;
      const env = await s.catch(() => null);
      if (env) {
        await env.browser.close().catch(() => {});
        await env.proxy.close();
        await env.launch.dispose();
      }
    },
  };
}
