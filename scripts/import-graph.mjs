#!/usr/bin/env node
/* global console, process */
// `npm run graph`: the worker's import graph, folder by folder, as Mermaid (for DESIGN.md). dependency-cruiser
// (with the project's .dependency-cruiser.mjs, so tests, benches and test helpers are left out) collapses
// apps/worker/src to its layers' folders; this prints them top-down by layer, and fails when an arrow points
// up (a layer importing one drawn above it), which the rules in .dependency-cruiser.mjs forbid.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SRC = "apps/worker/src/";

/** The layers, drawn top to bottom; a file or folder belongs to the first that matches. */
const LAYERS = [
  {
    id: "top",
    title: "top level: entry, app, container, adapters",
    match: /^[^/]+\.ts$/,
    except: /^config\.ts$/,
  },
  { id: "uc", title: "use-cases: what the web asks for", match: /^use-cases\// },
  { id: "wiring", title: "wiring: capabilities on real ports", match: /^wiring$/ },
  { id: "config", title: "settings", match: /^config\.ts$/ },
  { id: "cap", title: "capabilities: reusable, no routes", match: /^capabilities\// },
  { id: "ports", title: "ports: the outside", match: /^ports\// },
  { id: "lib", title: "lib: leaf helpers", match: /^lib$/ },
];
const layerOf = (name) => LAYERS.findIndex((l) => l.match.test(name) && !l.except?.test(name));

const bin = path.join(root, "node_modules", "dependency-cruiser", "bin", "dependency-cruise.mjs");
const run = spawnSync(
  process.execPath,
  [
    bin,
    SRC,
    "--include-only",
    `^${SRC}`,
    "--collapse",
    `^${SRC}(use-cases|capabilities|ports)/[^/]+|^${SRC}[^/]+`,
    "--output-type",
    "json",
  ],
  { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
);
if (run.status !== 0 && !run.stdout) {
  console.error(run.stderr);
  process.exit(run.status ?? 1);
}
const { modules } = JSON.parse(run.stdout);

const short = (p) => p.slice(SRC.length);
const nodes = new Map();
const edges = new Set();
for (const m of modules) {
  if (!m.source.startsWith(SRC)) continue;
  nodes.set(short(m.source), layerOf(short(m.source)));
  for (const d of m.dependencies) {
    if (!d.resolved.startsWith(SRC) || d.resolved === m.source) continue;
    edges.add(`${short(m.source)}\t${short(d.resolved)}`);
  }
}

const id = (name) => name.replace(/[^a-z0-9]+/gi, "_");
const label = (name) => name.replace(/^(use-cases|capabilities|ports)\//, "");
const lines = ["flowchart TD"];
LAYERS.forEach((layer, i) => {
  const members = [...nodes]
    .filter(([, l]) => l === i)
    .map(([n]) => n)
    .sort();
  if (!members.length) return;
  lines.push(`  subgraph layer_${layer.id}["${layer.title}"]`);
  for (const n of members) lines.push(`    ${id(n)}["${label(n)}"]`);
  lines.push("  end");
});
const upward = [];
for (const e of [...edges].sort()) {
  const [from, to] = e.split("\t");
  if (nodes.get(to) < nodes.get(from)) upward.push(`${from} -> ${to}`);
  lines.push(`  ${id(from)} --> ${id(to)}`);
}
console.log(lines.join("\n"));
if (upward.length) {
  console.error(`Arrows pointing up:\n  ${upward.join("\n  ")}`);
  process.exit(1);
}
