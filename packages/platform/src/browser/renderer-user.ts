import { execFile } from "node:child_process";
import { promisify } from "node:util";
import {
  DEFAULT_RENDERER_USER,
  RendererSandboxError,
  RendererUserMissingError,
  createRendererUserFix,
  rendererIdentity,
  rendererUseraddArgs,
} from "./sandboxed-chromium.ts";

// A root worker on a fresh machine has no renderer user yet: it creates it, as the CI set-up does,
// so `npm ci && npm start` takes screenshots with nothing else done. Only root can, and only a
// missing user is created; every other refusal of rendererIdentity stands as it is.

const run = promisify(execFile);

export interface RendererReady {
  uid: number;
  gid: number;
  drop: boolean;
  /** This call created the user. */
  created: boolean;
}

/** `useradd`'s complaint, first line, or why it could not be run. */
function whyUseraddFailed(err: NodeJS.ErrnoException & { stderr?: string }): string {
  if (err.code === "ENOENT") return "useradd is not on PATH";
  const said = err.stderr?.trim().split("\n")[0];
  return `useradd failed: ${said || err.message.split("\n")[0]}`;
}

/**
 * rendererIdentity, creating the renderer user first when it is missing and this process is root
 * (a system user with no home and no login shell: `useradd` run directly, never through a shell).
 * Throws RendererSandboxError (reason and fix) when Chromium still cannot run as that user.
 */
export async function ensureRendererUser(opts: {
  rendererUser?: string;
  processUid?: number;
}): Promise<RendererReady> {
  const user = opts.rendererUser ?? DEFAULT_RENDERER_USER;
  const selfUid = opts.processUid ?? process.getuid?.() ?? -1;
  try {
    return { ...(await rendererIdentity(opts)), created: false };
  } catch (err) {
    if (!(err instanceof RendererUserMissingError) || selfUid !== 0) throw err;
  }
  try {
    await run("useradd", rendererUseraddArgs(user));
  } catch (err) {
    // Another worker on this machine may have created it meanwhile (useradd: user already exists).
    const now = await rendererIdentity(opts).catch(() => null);
    if (now) return { ...now, created: false };
    throw new RendererSandboxError(
      `the renderer user "${user}" does not exist and the worker could not create it (${whyUseraddFailed(err as NodeJS.ErrnoException)})`,
      createRendererUserFix(user),
    );
  }
  return { ...(await rendererIdentity(opts)), created: true };
}
