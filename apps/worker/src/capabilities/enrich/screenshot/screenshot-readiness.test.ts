import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createScreenshotReadiness, screenshotsOffMessage } from "./screenshot-readiness.ts";

// Whether a worker takes screenshots, and what it says when not. The product test
// (apps/cli/test/renderer-user.e2e.int.test.ts) covers the root worker that creates the user.

const logger = () => {
  const lines: { level: string; msg: string }[] = [];
  return {
    lines,
    info: (_o: unknown, msg?: unknown) => void lines.push({ level: "info", msg: String(msg) }),
    error: (_o: unknown, msg?: unknown) => void lines.push({ level: "error", msg: String(msg) }),
  };
};

describe("screenshot readiness", () => {
  it("is off without Chromium, naming CHROMIUM_PATH, and says so in the process log once", async () => {
    const log = logger();
    const r = createScreenshotReadiness({
      enabled: true,
      chromiumPath: "/nonexistent/chromium",
      rendererUser: "brandwarden-renderer",
      logger: log,
    });
    const off = await r.check();
    expect(off).toEqual({
      reason: "Chromium not found at /nonexistent/chromium",
      fix: "install it (apt-get install chromium) or set CHROMIUM_PATH",
    });
    expect(await r.check()).toBe(off);
    expect(log.lines).toEqual([{ level: "error", msg: screenshotsOffMessage(off!) }]);
  });

  it("is off for a worker that is neither root nor the renderer user, with the command to create it", async () => {
    const user = `bw-rt-${randomBytes(4).toString("hex")}`;
    const r = createScreenshotReadiness({
      enabled: true,
      chromiumPath: "/usr/bin/chromium",
      rendererUser: user,
      logger: logger(),
      processUid: 4242,
    });
    const off = await r.check();
    expect(off?.reason).toBe(`the renderer user "${user}" does not exist`);
    expect(screenshotsOffMessage(off!)).toBe(
      `screenshots are off: the renderer user "${user}" does not exist. To turn them on: create it as root (useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin ${user}) or set RENDERER_USER, then restart the worker`,
    );
  });

  it("says nothing when SCREENSHOTS is false", async () => {
    const log = logger();
    const r = createScreenshotReadiness({
      enabled: false,
      chromiumPath: "/nonexistent/chromium",
      rendererUser: "no-such-user",
      logger: log,
    });
    expect(await r.check()).toBeNull();
    expect(log.lines).toEqual([]);
  });

  it("is on when Chromium can run as the renderer user", async () => {
    const log = logger();
    const r = createScreenshotReadiness({
      enabled: true,
      chromiumPath: "/usr/bin/chromium",
      rendererUser: "brandwarden-renderer",
      logger: log,
      processUid: 0,
    });
    expect(await r.check()).toBeNull();
    expect(log.lines).toEqual([]);
  });
});
