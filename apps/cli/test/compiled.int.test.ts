import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smallScenario, startTestWorld } from "@brandwarden/world/testing/test-world";
import type { World } from "@brandwarden/world/world";
import { generatePermutations } from "@brandwarden/worker/capabilities/lookalike/generate";
import { staleDistFiles } from "./dist-freshness.ts";
import { REPO_ROOT, runCompiledScript, runDist, spawnIn } from "./process.ts";

// The compiled JavaScript that `npm start`, `start:web`, `start:worker` and the `brandwarden` bin
// run (built at install by scripts/build.mjs). Other tests run the sources under tsx; these run
// dist/, so a build that breaks the compiled code (a dropped import attribute, a missing data
// file) fails here.

const VERSION = (JSON.parse(readFileSync(`${REPO_ROOT}/apps/cli/package.json`, "utf8")) as { version: string }).version; // prettier-ignore
const BAD_RDAP = { RDAP_BOOTSTRAP_URL: "http://127.0.0.1:9/rdap/bootstrap.json" };

describe("the compiled command line and services (dist/)", { timeout: 120_000 }, () => {
  it("dist/ is built from the current sources", () => {
    const stale = staleDistFiles();
    expect(
      stale,
      `dist/ is older than src/ for ${stale.length} file(s), e.g. ${stale.slice(0, 5).join(", ")}: run \`npm run build\``,
    ).toEqual([]);
  });

  it("--version prints the package's version (bin and dist), exit 0", async () => {
    const bin = spawnIn(process.execPath, ["apps/cli/bin/brandwarden.js", "--version"], {});
    expect(await bin.exited).toBe(0);
    expect(bin.stdout()).toBe(`${VERSION}\n`);
    expect(await runDist(["-V"])).toMatchObject({ code: 0, stdout: `${VERSION}\n` });
  });

  it("--help lists the commands and the exit codes, exit 0; no command is a usage error, exit 2", async () => {
    const help = await runDist(["--help"]);
    expect(help.code).toBe(0);
    for (const command of ["start", "scan", "permute", "world", "demo", "users", "learn"]) {
      expect(help.stdout).toMatch(new RegExp(`^  ${command}\\b`, "m"));
    }
    expect(help.stdout).toContain("Exit codes: 0 done, 1 failure");
    const scanHelp = await runDist(["scan", "--help"]);
    expect(scanHelp).toMatchObject({ code: 0 });
    expect(scanHelp.stdout).toContain("--stages <list>");
    const none = await runDist([]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("Usage: brandwarden");
  });

  it("a usage error is one line and exit 2", async () => {
    const res = await runDist(["scan", "--domain", "acmebank.com", "--brand", "Acme", "--stages", "bogus"]);
    expect(res).toMatchObject({ code: 2, stdout: "" });
    expect(res.stderr).toBe(
      'brandwarden: --stages: unknown stage "bogus" (choose from enrich, screenshots, social, score, audit)\n',
    );
  });

  it("the worker, the web application and `npm start` load their whole module graph, then name a bad setting (exit 2)", async () => {
    const worker = await runCompiledScript("start:worker", [], BAD_RDAP);
    expect(worker.code, worker.output).toBe(2);
    expect(worker.stderr).toContain("RDAP_BOOTSTRAP_URL: expected the bootstrap directory");
    const web = await runCompiledScript("start:web", [], { WEB_PORT: "not-a-port" });
    expect(web.code, web.output).toBe(2);
    expect(web.stderr).toContain("WEB_PORT");
    const both = await runCompiledScript("start", [], BAD_RDAP);
    expect(both.code, both.output).toBe(2);
    expect(both.stderr).toContain("RDAP_BOOTSTRAP_URL");
  });

  it("the worker's and the web application's compiled modules import", async () => {
    const script = [
      `const w = await import("./apps/worker/dist/container.js");`,
      `const a = await import("./apps/web/dist/app.js");`,
      `console.log(typeof w.createWorkerContainer, Object.keys(a).length > 0);`,
    ].join("\n");
    const p = spawnIn(process.execPath, ["--input-type=module", "-e", script], {});
    expect(await p.exited, p.output()).toBe(0);
    expect(p.stdout()).toBe("function true\n");
  });
});

describe("a scan run by the compiled command line", { timeout: 180_000 }, () => {
  let world: World;
  beforeAll(async () => {
    world = await startTestWorld(smallScenario(), { services: false });
  });
  afterAll(() => world?.stop());

  it("generates, resolves and scores the world's lookalikes", async () => {
    const res = await runDist(
      ["scan", "--domain", "acmebank.com", "--brand", "Acme Bank", "--stages", "score", "-f", "list", "-q"],
      world.env,
    );
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toBe("");
    const listed = new Set(res.stdout.trim().split("\n"));
    const generated = new Set(generatePermutations("acmebank.com").permutations.map((p) => p.domain));
    const live = world.scenario.lookalikes
      .filter((l) => generated.has(l.domain) && l.dns.fault !== "servfail" && l.dns.fault !== "noanswer")
      .map((l) => l.domain);
    expect(live.length).toBeGreaterThan(3);
    expect(live.filter((d) => listed.has(d))).toEqual(live);
  });
});
