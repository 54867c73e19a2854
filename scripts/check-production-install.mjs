#!/usr/bin/env node
/* global AbortSignal, console, fetch, process, setTimeout */
// Checks the production install (README, "Production install"): a copy of the sources with the
// dist/ folders built here, `npm ci --omit=dev` in it, `npm start` on a temp DATA_DIR and free
// ports, both services' GET /healthz answering 200, then stop and remove the copy. Fails, with
// the install's or the process's output, when a module the services load at runtime is only a
// devDependency or the install step needs the build tools. Run by .ci/run after `npm ci` (which
// builds); on its own: `node scripts/check-production-install.mjs`.
import { execFileSync, spawn } from "node:child_process";
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { missingBuilds } from "./missing-builds.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const workspaces = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).workspaces;
// Generous for a cold PGlite start on a loaded 2-core machine; a healthy start takes a few seconds.
const HEALTHY_WITHIN_MS = 90_000;
const STOP_WITHIN_MS = 20_000;

/** What failed, with what the install or the service printed. */
class CheckFailed extends Error {
  constructor(message, output = "") {
    super(message);
    this.output = output;
  }
}
const fail = (message, output) => {
  throw new CheckFailed(message, output);
};

/** The files a release ships: git's (tracked and new, not ignored) when this is a checkout, else the tree less what .gitignore names. */
function copySources(dest) {
  let files;
  try {
    files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    })
      .split("\0")
      .filter((f) => f && existsSync(path.join(root, f)));
  } catch {
    files = undefined;
  }
  if (files) {
    for (const f of files) {
      mkdirSync(path.dirname(path.join(dest, f)), { recursive: true });
      cpSync(path.join(root, f), path.join(dest, f));
    }
    return;
  }
  const ignored = new Set(["node_modules", ".git", "dist", "coverage", ".tmp", ".env"]);
  cpSync(root, dest, {
    recursive: true,
    filter: (src) => {
      const rel = path.relative(root, src);
      return !ignored.has(path.basename(src)) && !src.endsWith(".log") && rel !== "data";
    },
  });
}

/** Bytes on disk under dir, as `du` counts them (allocated blocks; symlinks, e.g. to workspaces, not followed). */
function diskUsage(dir) {
  let bytes = lstatSync(dir).blocks * 512;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const child = path.join(dir, entry.name);
    bytes += entry.isDirectory() ? diskUsage(child) : lstatSync(child).blocks * 512;
  }
  return bytes;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function healthy(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return res.status === 200;
  } catch {
    return false;
  }
}

const missing = missingBuilds(root);
if (missing.length > 0) {
  console.error(
    `check-production-install: not built here (missing ${missing.join(", ")}): run \`npm ci\` or \`npm run build\` first`,
  );
  process.exit(1);
}

const started = Date.now();
const copy = mkdtempSync(path.join(tmpdir(), "brandwarden-production-"));
let child;
try {
  copySources(copy);
  for (const ws of workspaces) {
    if (existsSync(path.join(root, ws, "dist")))
      cpSync(path.join(root, ws, "dist"), path.join(copy, ws, "dist"), { recursive: true });
  }

  try {
    const out = execFileSync("npm", ["ci", "--omit=dev", "--no-audit", "--no-fund"], {
      cwd: copy,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
    process.stdout.write(out);
  } catch (err) {
    fail("`npm ci --omit=dev` failed", `${err.stdout ?? ""}${err.stderr ?? ""}`);
  }
  const size = `${Math.round(diskUsage(path.join(copy, "node_modules")) / 2 ** 20)} MB`;

  const [webPort, workerPort] = [await freePort(), await freePort()];
  let output = "";
  let exited;
  child = spawn("npm", ["start"], {
    cwd: copy,
    // Its own process group, so stopping it stops npm and the node process it runs.
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      DATA_DIR: path.join(copy, "data"),
      WEB_PORT: String(webPort),
      WORKER_PORT: String(workerPort),
      // Embedded (PGlite, in-process bus), whatever CI exports for the integration tests.
      DATABASE_URL: "",
      REDIS_URL: "",
    },
  });
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exit = new Promise((resolve) =>
    child.once("exit", (code, signal) => resolve((exited = { code, signal }))),
  );

  const urls = [`http://127.0.0.1:${webPort}/healthz`, `http://127.0.0.1:${workerPort}/healthz`];
  const deadline = Date.now() + HEALTHY_WITHIN_MS;
  for (;;) {
    if (exited)
      fail(
        `\`npm start\` exited (${exited.signal ?? `code ${exited.code}`}) before answering /healthz`,
        output,
      );
    if ((await Promise.all(urls.map(healthy))).every(Boolean)) break;
    if (Date.now() > deadline)
      fail(`${urls.join(" and ")} did not answer 200 within ${HEALTHY_WITHIN_MS / 1000} s`, output);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  // The shipped UI build is what the web serves to a browser.
  const page = await fetch(`http://127.0.0.1:${webPort}/login`, { headers: { accept: "text/html" } });
  const html = await page.text();
  if (page.status !== 200 || !html.includes('<div id="root">')) {
    fail(`GET /login as a browser answered ${page.status} without the UI's index.html`, output);
  }

  process.kill(-child.pid, "SIGTERM");
  const stopped = await Promise.race([exit, new Promise((resolve) => setTimeout(resolve, STOP_WITHIN_MS))]);
  if (!stopped) fail(`\`npm start\` did not stop within ${STOP_WITHIN_MS / 1000} s of SIGTERM`, output);
  child = undefined;
  console.log(
    `check-production-install: npm ci --omit=dev (node_modules ${size}) and npm start answered /healthz ` +
      `on the web and the worker and served the UI, in ${Math.round((Date.now() - started) / 1000)} s`,
  );
} catch (err) {
  if (!(err instanceof CheckFailed)) throw err;
  console.error(`check-production-install: ${err.message}`);
  if (err.output) console.error(`--- output ---\n${err.output.trimEnd()}\n--- end of output ---`);
  process.exitCode = 1;
} finally {
  if (child && child.exitCode === null) {
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
  rmSync(copy, { recursive: true, force: true });
}
