import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { ensureRendererUser } from "./renderer-user.ts";
import {
  DEFAULT_RENDERER_USER,
  RendererSandboxError,
  RendererUserMissingError,
} from "./sandboxed-chromium.ts";

// When the worker creates the renderer user, and what it says when it cannot. No case here creates
// a user (the product test apps/cli/test/renderer-user.e2e.int.test.ts does, under a name of its
// own); the one that uses DEFAULT_RENDERER_USER needs it made by `.ci/run`, as the sandbox tests do.

const run = promisify(execFile);
const exists = (user: string) => run("id", ["-u", "--", user]).then(() => true, () => false); // prettier-ignore
const fresh = () => `bw-rt-${randomBytes(4).toString("hex")}`;
const USERADD = /useradd --system --no-create-home --home-dir \/nonexistent --shell \/usr\/sbin\/nologin /;

const savedPath = process.env.PATH;
afterEach(() => {
  process.env.PATH = savedPath;
});

describe("the renderer user", () => {
  it("is taken as it is when it exists", async () => {
    const ready = await ensureRendererUser({ rendererUser: DEFAULT_RENDERER_USER, processUid: 0 });
    expect(ready).toMatchObject({ drop: true, created: false });
    expect(ready.uid).toBeGreaterThan(0);
  });

  it("is not created by a worker that is not root, which is told the command instead", async () => {
    const user = fresh();
    const err = await ensureRendererUser({ rendererUser: user, processUid: 4242 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RendererUserMissingError);
    expect((err as RendererSandboxError).reason).toBe(`the renderer user "${user}" does not exist`);
    expect((err as RendererSandboxError).fix).toMatch(USERADD);
    expect((err as RendererSandboxError).fix).toContain(`${user}) or set RENDERER_USER`);
    expect(await exists(user)).toBe(false);
  });

  it("says useradd is missing when root's PATH has none, with the command to run", async () => {
    const user = fresh();
    process.env.PATH = "/usr/local/bin:/usr/bin:/bin"; // no sbin, so no useradd
    expect(await run("sh", ["-c", "command -v useradd"]).then(() => true, () => false)).toBe(false); // prettier-ignore
    const err = await ensureRendererUser({ rendererUser: user, processUid: 0 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RendererSandboxError);
    expect((err as RendererSandboxError).reason).toBe(
      `the renderer user "${user}" does not exist and the worker could not create it (useradd is not on PATH)`,
    );
    expect((err as RendererSandboxError).fix).toMatch(USERADD);
    expect(await exists(user)).toBe(false);
  });

  it("passes on useradd's own complaint when it refuses", async () => {
    // A name useradd rejects (id finds no such user either): the refusal, not a shell's, is reported.
    const user = "bw-rt bad;name";
    const err = await ensureRendererUser({ rendererUser: user, processUid: 0 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RendererSandboxError);
    expect((err as RendererSandboxError).reason).toMatch(
      /could not create it \(useradd failed: useradd: .+\)/,
    );
    expect(await exists(user)).toBe(false);
  });
});
