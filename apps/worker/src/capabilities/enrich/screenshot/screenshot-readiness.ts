import { access, constants } from "node:fs/promises";
import type { Logger } from "@brandwarden/platform/logger/logger";
import { ensureRendererUser } from "@brandwarden/platform/browser/renderer-user";
import { RendererSandboxError } from "@brandwarden/platform/browser/sandboxed-chromium";

// Whether this worker can take screenshots, decided once per process (the worker asks at start):
// Chromium is there and can run as RENDERER_USER, which a root worker creates when it is missing.
// When it cannot, every scan says so in its log (the enrich stage), not only the process log.

/** Screenshots are off: why, and the one thing that turns them on. */
export interface ScreenshotsOff {
  reason: string;
  fix: string;
}

export interface ScreenshotReadiness {
  /** Null when screenshots can be taken (or are switched off by SCREENSHOTS=false). */
  check(): Promise<ScreenshotsOff | null>;
}

/** The scan log's warning, code `screenshots_off`. */
export const screenshotsOffMessage = (off: ScreenshotsOff) =>
  `screenshots are off: ${off.reason}. To turn them on: ${off.fix}, then restart the worker`;

export function createScreenshotReadiness(opts: {
  enabled: boolean;
  chromiumPath: string;
  rendererUser: string;
  logger: Pick<Logger, "info" | "error">;
  /** The uid this process runs as (tests); default its real one. */
  processUid?: number;
}): ScreenshotReadiness {
  let decided: Promise<ScreenshotsOff | null> | undefined;

  const decide = async (): Promise<ScreenshotsOff | null> => {
    if (!opts.enabled) return null;
    try {
      await access(opts.chromiumPath, constants.X_OK);
    } catch {
      return {
        reason: `Chromium not found at ${opts.chromiumPath}`,
        fix: "install it (apt-get install chromium) or set CHROMIUM_PATH",
      };
    }
    try {
      const ready = await ensureRendererUser({
        rendererUser: opts.rendererUser,
        processUid: opts.processUid,
      });
      if (ready.created)
        opts.logger.info(
          { renderer_user: opts.rendererUser, uid: ready.uid },
          `created the system user "${opts.rendererUser}" that Chromium renders pages as (no home, no login shell)`,
        );
      return null;
    } catch (err) {
      if (err instanceof RendererSandboxError) return { reason: err.reason, fix: err.fix };
      return { reason: (err as Error).message, fix: "see the worker's log" };
    }
  };

  return {
    check() {
      decided ??= decide().then((off) => {
        if (off) opts.logger.error({ reason: off.reason, fix: off.fix }, screenshotsOffMessage(off));
        return off;
      });
      return decided;
    },
  };
}
