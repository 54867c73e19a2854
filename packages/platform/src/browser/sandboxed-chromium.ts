import { execFile } from "node:child_process";
import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { HEADLESS_CHROMIUM_ARGS } from "./chromium.ts";

// Launch options for a Chromium that renders hostile pages. Chromium keeps its own sandbox on
// (seccomp-bpf + user namespaces: renderers cannot open files or sockets), and always runs as the
// unprivileged RENDERER_USER: when this process is root, the browser is started through a small
// launcher that hands the fresh profile directory to that user and drops to it with setpriv; when
// this process is that user, it starts directly; any other user is refused. So even a
// browser-process compromise cannot read DATA_DIR, the secrets in it or this process's
// environment. The browser gets an empty environment (no INTERNAL_API_TOKEN, no DATABASE_URL).

const run = promisify(execFile);

/** The unprivileged system user Chromium always runs as. */
export const DEFAULT_RENDERER_USER = "brandwarden-renderer";

/** WebRTC may only use the proxy, which speaks no UDP: no STUN/TURN packets around the pinning proxy. */
const WEBRTC_PROXY_ONLY_ARGS: readonly string[] = [
  "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
  "--webrtc-ip-handling-policy=disable_non_proxied_udp",
];

/** Why Chromium cannot run as the renderer user (`reason`), and what an operator does about it (`fix`). */
export class RendererSandboxError extends Error {
  override name = "RendererSandboxError";
  constructor(
    readonly reason: string,
    readonly fix: string,
  ) {
    super(`${reason}; ${fix}`);
  }
}

/** The renderer user does not exist (a root worker can create it: renderer-user.ts). */
export class RendererUserMissingError extends RendererSandboxError {
  override name = "RendererUserMissingError";
}

/** `useradd`'s arguments for the renderer user: a system user with no home and no login shell. */
export const rendererUseraddArgs = (user: string): string[] => [
  "--system",
  "--no-create-home",
  "--home-dir",
  "/nonexistent",
  "--shell",
  "/usr/sbin/nologin",
  user,
];

/** The one command that creates the renderer user, or the setting that names another. */
export const createRendererUserFix = (user: string) =>
  `create it as root (useradd ${rendererUseraddArgs(user).join(" ")}) or set RENDERER_USER`;

export interface SandboxedLaunch {
  /** The executable to hand to playwright (Chromium itself, or the launcher that drops to the user). */
  executablePath: string;
  /** Chromium's own sandbox stays on (playwright adds --no-sandbox unless this is true). */
  chromiumSandbox: true;
  args: string[];
  env: Record<string, string>;
  /** The uid Chromium runs as. */
  uid: number;
  /** Removes the launcher; call after the browser closed. */
  dispose(): Promise<void>;
}

async function idOf(user: string, flag: "-u" | "-g"): Promise<number> {
  try {
    const { stdout } = await run("id", [flag, "--", user]);
    return Number(stdout.trim());
  } catch {
    throw new RendererUserMissingError(
      `the renderer user "${user}" does not exist`,
      createRendererUserFix(user),
    );
  }
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * Who Chromium will run as: RENDERER_USER, dropped to from root (`drop`) or already this process's
 * user. Throws RendererSandboxError naming the fix when it cannot be (the worker checks at start).
 */
export async function rendererIdentity(opts: {
  rendererUser?: string;
  processUid?: number;
}): Promise<{ uid: number; gid: number; drop: boolean }> {
  const selfUid = opts.processUid ?? process.getuid?.() ?? -1;
  const user = opts.rendererUser ?? DEFAULT_RENDERER_USER;
  const [uid, gid] = [await idOf(user, "-u"), await idOf(user, "-g")];
  if (uid === 0)
    throw new RendererSandboxError(
      `the renderer user "${user}" is root`,
      "set RENDERER_USER to an unprivileged user",
    );
  if (selfUid === uid) return { uid, gid, drop: false };
  if (selfUid !== 0) {
    // Not root, so no way to become the renderer user: Chromium never runs as the worker's own user
    // unless the operator names that user as RENDERER_USER (and accepts it can read what the worker reads).
    throw new RendererSandboxError(
      `the worker runs as uid ${selfUid}, neither root nor the renderer user "${user}" (uid ${uid}), so it cannot start Chromium as that user`,
      `run the worker as root (it drops to RENDERER_USER) or as ${user}, or set RENDERER_USER to the worker's own user to let Chromium run as it`,
    );
  }
  return { uid, gid, drop: true };
}

/**
 * Options for playwright's chromium.launch that run Chromium sandboxed, as an unprivileged user,
 * with an empty environment. Pass `extraArgs` for the caller's own flags (proxy rules...).
 */
export async function sandboxedChromiumLaunch(opts: {
  chromiumPath: string;
  rendererUser?: string;
  extraArgs?: readonly string[];
  /** The uid this process runs as (default: its real one; tests pass 0 to check the root path). */
  processUid?: number;
}): Promise<SandboxedLaunch> {
  const args = [...HEADLESS_CHROMIUM_ARGS, ...WEBRTC_PROXY_ONLY_ARGS, ...(opts.extraArgs ?? [])];
  const env: Record<string, string> = { PATH: "/usr/local/bin:/usr/bin:/bin", LANG: "C.UTF-8" };
  const { uid, gid, drop } = await rendererIdentity(opts);
  if (!drop) {
    // Already the renderer user: Chromium's sandbox alone keeps renderers away from our files.
    return { executablePath: opts.chromiumPath, chromiumSandbox: true, args, env, uid, dispose: async () => {} }; // prettier-ignore
  }
  const dir = await mkdtemp(path.join(tmpdir(), "brandwarden-launcher-"));
  const launcher = path.join(dir, "chromium-as-renderer");
  // Playwright creates the profile directory (root, 0700) and passes it as --user-data-dir: it
  // becomes the renderer user's, and its HOME, so every file Chromium writes is in that fresh dir.
  await writeFile(
    launcher,
    [
      "#!/bin/sh",
      "set -e",
      'for arg in "$@"; do',
      '  case "$arg" in --user-data-dir=*) profile="${arg#--user-data-dir=}" ;; esac',
      "done",
      '[ -n "$profile" ] || { echo "no --user-data-dir" >&2; exit 2; }',
      `chown -R ${uid}:${gid} -- "$profile"`,
      'export HOME="$profile"',
      `exec setpriv --reuid=${uid} --regid=${gid} --clear-groups --inh-caps=-all -- ${shellQuote(opts.chromiumPath)} "$@"`,
      "",
    ].join("\n"),
    { mode: 0o700 },
  );
  await chmod(launcher, 0o700);
  return {
    executablePath: launcher,
    chromiumSandbox: true,
    args,
    env,
    uid,
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}
