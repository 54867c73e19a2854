#!/usr/bin/env node
/* global console, performance, process */
// Compiles every workspace's TypeScript sources (src/**/*.ts, tests left out) to dist/**/*.js,
// one output file per source file so paths relative to import.meta.url (migrations, data files)
// stay valid, and copies the other files under src (JSON, CSV, SQL, text) next to them.
// Runs at install (postinstall) and with `npm run build`; any new file under src is picked up.
//
// Imports are rewritten so compiled code only loads compiled code:
//   "./x.ts"                 -> "./x.js"
//   "@brandwarden/pkg/a/b"   -> "@brandwarden/pkg/dist/a/b.js"
// while tests, tsc and tsx keep resolving "@brandwarden/pkg/a/b" to src/a/b.ts via each
// package's "./*" export.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// The root package.json's workspaces but the web UI, a browser bundle that Vite builds (`npm run build:ui`).
const WORKSPACES = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).workspaces.filter(
  (ws) => ws !== "apps/web-ui",
);

const isTest = (file) => /\.test\.ts$/.test(file);

/** Every file under dir, as paths relative to dir. */
function walk(dir, rel = "") {
  const out = [];
  for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const child = path.join(rel, entry.name);
    if (entry.isDirectory()) out.push(...walk(dir, child));
    else out.push(child);
  }
  return out;
}

/** esbuild plugin: every import stays external (no bundling), with its specifier rewritten. */
const rewriteImports = {
  name: "rewrite-imports",
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === "entry-point") return undefined;
      let p = args.path;
      if (p.startsWith(".")) p = p.replace(/\.ts$/, ".js");
      else {
        const m = /^(@brandwarden\/[^/]+)\/(.+)$/.exec(p);
        if (m && !m[2].startsWith("dist/")) p = `${m[1]}/dist/${m[2].replace(/\.ts$/, "")}.js`;
      }
      return { path: p, external: true };
    });
  },
};

async function buildWorkspace(ws) {
  const src = path.join(root, ws, "src");
  const dist = path.join(root, ws, "dist");
  if (!existsSync(src)) return 0;
  const files = walk(src);
  const entries = files.filter((f) => f.endsWith(".ts") && !isTest(f) && !f.endsWith(".d.ts"));
  rmSync(dist, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: entries.map((f) => path.join(src, f)),
    outdir: dist,
    outbase: src,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20.19",
    sourcemap: "linked",
    logLevel: "warning",
    plugins: [rewriteImports],
  });
  for (const f of files) {
    if (f.endsWith(".ts")) continue;
    mkdirSync(path.dirname(path.join(dist, f)), { recursive: true });
    cpSync(path.join(src, f), path.join(dist, f));
  }
  return entries.length;
}

const started = performance.now();
let count = 0;
for (const ws of WORKSPACES) count += await buildWorkspace(ws);
if (!process.argv.includes("--silent")) {
  console.log(`built ${count} files in ${Math.round(performance.now() - started)} ms`);
}
