import { execFile } from "node:child_process";
import { chmod, mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEFAULT_RENDERER_USER,
  RendererSandboxError,
  sandboxedChromiumLaunch,
} from "./sandboxed-chromium.ts";

// The launcher a root worker starts Chromium through. The last case needs root and the renderer
// user (`.ci/run` sets both up, as for the screenshot sandbox test); it fails, never skips.

const run = promisify(execFile);

describe("the sandboxed Chromium launch", () => {
  it("refuses a missing renderer user, naming the command that creates it", async () => {
    const err = await sandboxedChromiumLaunch({
      chromiumPath: "/usr/bin/chromium",
      rendererUser: "no-such-renderer-user",
      processUid: 0,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RendererSandboxError);
    expect((err as Error).message).toMatch(
      /"no-such-renderer-user" does not exist; create it as root \(useradd --system --no-create-home --home-dir \/nonexistent --shell \/usr\/sbin\/nologin no-such-renderer-user\) or set RENDERER_USER/,
    );
  });

  it("refuses root as the renderer user", async () => {
    await expect(
      sandboxedChromiumLaunch({ chromiumPath: "/usr/bin/chromium", rendererUser: "root", processUid: 0 }),
    ).rejects.toThrow(/the renderer user "root" is root/);
  });

  it("refuses to start Chromium as a worker user that is neither root nor the renderer user", async () => {
    const err = await sandboxedChromiumLaunch({ chromiumPath: "/usr/bin/chromium", processUid: 4242 }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(RendererSandboxError);
    expect((err as Error).message).toMatch(
      /the worker runs as uid 4242, neither root nor the renderer user "brandwarden-renderer" .*set RENDERER_USER to the worker's own user/,
    );
  });

  it("starts Chromium directly, sandbox on and WebRTC on the proxy, with an environment free of secrets, when the worker is the renderer user", async () => {
    const { stdout } = await run("id", ["-u", DEFAULT_RENDERER_USER]);
    const rendererUid = Number(stdout.trim());
    process.env.BW_TEST_SECRET = "must-not-leak";
    const launch = await sandboxedChromiumLaunch({
      chromiumPath: "/usr/bin/chromium",
      processUid: rendererUid,
    });
    delete process.env.BW_TEST_SECRET;
    expect(launch.executablePath).toBe("/usr/bin/chromium");
    expect(launch.uid).toBe(rendererUid);
    expect(launch.chromiumSandbox).toBe(true);
    expect(launch.args).not.toContain("--no-sandbox");
    expect(launch.args).toContain("--force-webrtc-ip-handling-policy=disable_non_proxied_udp");
    expect(Object.keys(launch.env).sort()).toEqual(["LANG", "PATH"]);
  });

  describe("as root", () => {
    let dir: string;
    beforeAll(async () => {
      expect(process.getuid?.(), "this case runs as root (like .ci/run)").toBe(0);
      dir = await mkdtemp(path.join(tmpdir(), "bw-launcher-test-"));
      await chmod(dir, 0o755); // the renderer user must reach the stand-in browser
    });
    afterAll(async () => {
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it("hands the fresh profile to the renderer user and runs the browser as that user, not root", async () => {
      const fakeChromium = path.join(dir, "chromium");
      await writeFile(fakeChromium, '#!/bin/sh\necho "uid=$(id -u) home=$HOME"\nenv | sort\n', {
        mode: 0o755,
      });
      const profile = await mkdtemp(path.join(tmpdir(), "bw-profile-"));
      const launch = await sandboxedChromiumLaunch({ chromiumPath: fakeChromium });
      try {
        const { stdout: renderer } = await run("id", ["-u", DEFAULT_RENDERER_USER]);
        const { stdout } = await run(launch.executablePath, [`--user-data-dir=${profile}`, "--headless"], {
          env: launch.env,
        });
        expect(launch.uid).toBe(Number(renderer.trim()));
        expect(stdout).toContain(`uid=${launch.uid} home=${profile}`);
        expect((await stat(profile)).uid).toBe(launch.uid);
        // Only what the launch set, plus HOME and what sh adds itself: nothing from the worker.
        const names = stdout
          .split("\n")
          .slice(1)
          .filter(Boolean)
          .map((l) => l.split("=")[0]);
        expect(names.filter((n) => !["HOME", "LANG", "PATH", "PWD", "SHLVL", "_"].includes(n!))).toEqual([]);
        expect((await stat(launch.executablePath)).mode & 0o777).toBe(0o700);
      } finally {
        await launch.dispose();
        await rm(profile, { recursive: true, force: true });
      }
    });
  });
});
