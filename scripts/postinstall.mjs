#!/usr/bin/env node
/* global console, process */
// The root package.json's postinstall. A development install (`npm ci`) has the build tools
// (esbuild and Vite, devDependencies) and builds every workspace's dist/ (`npm run build`). A
// production install (`npm ci --omit=dev`) has not: it runs the dist/ folders shipped with the
// sources, built where the dev dependencies are (README, "Production install"), and stops with
// one message naming what is missing when they were not shipped.
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { missingBuilds } from "./missing-builds.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Whether `name` resolves from workspace `ws` as Node would load it (hoisted or in the workspace). */
function installed(ws, name) {
  try {
    createRequire(path.join(root, ws, "package.json")).resolve(`${name}/package.json`);
    return true;
  } catch {
    return false;
  }
}

if (installed(".", "esbuild") && installed("apps/web-ui", "vite")) {
  execFileSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: "inherit" });
} else {
  const missing = missingBuilds(root);
  if (missing.length > 0) {
    console.error(
      `brandwarden: no build tools here (dev dependencies omitted) and no built code: missing ${missing.join(", ")}. ` +
        "Build where the dev dependencies are installed (`npm ci` builds; or `npm run build`) and ship the " +
        "dist/ folders with the sources, or install with `npm ci` (README: Production install).",
    );
    process.exit(1);
  }
}
