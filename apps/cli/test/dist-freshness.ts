import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "./process.ts";

// Whether each workspace's dist/ (scripts/build.mjs, run at install and by `npm run build`) was
// built from its current src/: every compiled source has its output, no older than the source.

/** The workspaces scripts/build.mjs compiles: those with TypeScript sources (not the UI, built by vite). */
function compiledWorkspaces(): string[] {
  const { workspaces } = JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as {
    workspaces: string[];
  };
  return workspaces.filter((ws) => ws !== "apps/web-ui" && existsSync(path.join(REPO_ROOT, ws, "src")));
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}

/** Sources (relative to the repository) whose compiled file is missing or older than they are. */
export function staleDistFiles(): string[] {
  const stale: string[] = [];
  for (const ws of compiledWorkspaces()) {
    const src = path.join(REPO_ROOT, ws, "src");
    for (const file of walk(src)) {
      if (/\.test\.ts$|\.d\.ts$/.test(file)) continue;
      const rel = path.relative(src, file);
      const out = path.join(REPO_ROOT, ws, "dist", rel.replace(/\.ts$/, ".js"));
      if (!existsSync(out) || statSync(out).mtimeMs < statSync(file).mtimeMs) {
        stale.push(path.relative(REPO_ROOT, file));
      }
    }
  }
  return stale;
}
