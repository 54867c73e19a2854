import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smallScenario, startTestWorld } from "@brandwarden/world/testing/test-world";
import type { World } from "@brandwarden/world/world";
import { startUnreachablePlatforms, type UnreachablePlatforms } from "@brandwarden/worker/testing/unreachable-platforms"; // prettier-ignore
import { runCli } from "./process.ts";

// `brandwarden scan` as a CI job runs it: off a terminal, stage selection, progress lines or
// JSON, the output formats and files, and usage errors. Every social platform of these runs drops
// connections, so a stage left out can be seen to ask none of them.

let world: World;
let dead: UnreachablePlatforms;
let dir: string;
let env: Record<string, string>;
const SCAN = ["scan", "--domain", "acmebank.com", "--brand", "Acme Bank", "--keywords", "bank"];
const totalConnections = () => Object.values(dead.connections()).reduce((a, b) => a + b, 0);

beforeAll(async () => {
  [world, dead] = await Promise.all([
    startTestWorld(smallScenario({ lookalikes: 20 })),
    startUnreachablePlatforms(),
  ]);
  env = { ...world.env, ...dead.env, NO_COLOR: "" };
  dir = mkdtempSync(join(tmpdir(), "scan-options-"));
});
afterAll(async () => {
  await Promise.all([world?.stop(), dead?.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

describe("brandwarden scan: stages, progress and output", { timeout: 240_000 }, () => {
  it("--stages enrich,score: one line per stage off a terminal, the rest skipped; -f csv -o FILE", async () => {
    const file = join(dir, "findings.csv");
    const res = await runCli([...SCAN, "--stages", "enrich,score", "-f", "csv", "-o", file], env);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toBe("");
    expect(totalConnections()).toBe(0); // social was not selected
    const err = res.stderr;
    expect(err).not.toContain("\r"); // no bar off a terminal
    const resolve = /^resolve: completed, (\d+)\/\1, (\d+) registered, (\d+) unknown in \d+\.\d+s$/m.exec(
      err,
    );
    expect(resolve, err).not.toBeNull();
    const [registered, unknown] = [Number(resolve![2]), Number(resolve![3])];
    expect(err).toMatch(/^generate: completed, (\d+)\/\1 in \d+\.\d+s$/m);
    expect(err).toMatch(new RegExp(`^enrich: completed, ${registered}/${registered} in \\d+\\.\\d+s$`, "m"));
    expect(err).toMatch(/^social: skipped \(not selected by --stages\)$/m);
    expect(err).toMatch(/^score: completed, \d+\/\d+ in \d+\.\d+s$/m);
    expect(err).toMatch(/^audit: skipped \(not selected by --stages\)$/m);

    // The one CSV writer: every cell quoted, CRLF line ends; discovered_by among the columns.
    const lines = readFileSync(file, "utf8").split("\r\n");
    expect(lines.pop()).toBe("");
    expect(lines[0]).toBe(
      '"domain","score","severity","fuzzer","discovered_by","campaign_id","registrar","registration_created","dns_a","dns_mx","page_title","login_form","threat_feed_hits"',
    );
    expect(lines.length - 1).toBe(registered + unknown);
    for (const line of lines.slice(1))
      expect(line).toMatch(/^"[a-z0-9.-]+","\d+(\.\d+)?","\w+",(".*",){9}".*"$/);
    expect(lines.some((l) => l.includes(',"[""permutation""]",'))).toBe(true);
  });

  it("--no-social --no-screenshots --progress json -f jsonl: JSON events on stderr, a finding a line", async () => {
    const res = await runCli([...SCAN, "--no-social", "--no-screenshots", "--progress", "json", "-f", "jsonl"], env); // prettier-ignore
    expect(res.code, res.stderr).toBe(0);
    expect(totalConnections()).toBe(0);
    const events = res.stderr
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const stages = events.filter((e) => e.event === "stage");
    expect(stages.map((e) => e.stage)).toEqual(["generate", "resolve", "enrich", "social", "score", "audit"]);
    expect(stages.find((e) => e.stage === "social")).toMatchObject({
      status: "skipped",
      detail: "--no-social",
    });
    const resolve = stages.find((e) => e.stage === "resolve")!;
    expect(resolve).toMatchObject({ status: "completed", registered: expect.any(Number), unknown: expect.any(Number) }); // prettier-ignore
    expect(resolve.elapsed_ms).toBeTypeOf("number");
    const rows = res.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { domain: string; score: number; discovered_by: string[] });
    expect(rows.length).toBe(Number(resolve.registered) + Number(resolve.unknown));
    for (const r of rows) {
      expect(r.score).toBeTypeOf("number");
      expect(r.discovered_by.length).toBeGreaterThan(0);
    }
  });

  it("--quiet: results only; the table shows who discovered each name and true counts", async () => {
    const res = await runCli([...SCAN, "--stages", "score", "--quiet"], env);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toBe("");
    const lines = res.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^score severity domain +fuzzer +discovered by +registrar +address$/);
    const rows = lines.slice(1, lines.indexOf(""));
    expect(rows.length).toBeGreaterThan(5);
    // The "discovered by" column: permutation, ct or both, joined by "+".
    const at = lines[0]!.indexOf("discovered by");
    const discoveredBy = rows.map((row) => row.slice(at, at + 16).trim());
    for (const d of discoveredBy) expect(["permutation", "ct", "permutation+ct", "ct+permutation", ""]).toContain(d); // prettier-ignore
    expect(discoveredBy.filter((d) => d === "permutation").length).toBeGreaterThan(5);
    const unknown = rows.filter((r) => r.endsWith(" unknown")).length;
    const summary = unknown
      ? `${rows.length - unknown} registered lookalikes and ${unknown} of unknown status, `
      : `${rows.length} registered lookalikes, `;
    expect(lines[lines.indexOf("") + 1]).toContain(summary);
  });
});

describe(
  "brandwarden scan: usage errors name the flag, exit 2, before any work",
  { timeout: 120_000 },
  () => {
    const cases: Array<[string, string[], Record<string, string>, string]> = [
      ["unknown stage", ["--stages", "enrich,bogus"], {}, '--stages: unknown stage "bogus"'],
      ["zero timeout", ["--timeout", "0"], {}, "--timeout must be a number above 0"],
      ["zero threads", ["-t", "0"], {}, "--threads must be an integer from 1 to 256"],
      ["bad progress", ["--progress", "loud"], {}, 'invalid --progress "loud"'],
      ["bad colour", ["--color", "pink"], {}, 'invalid --color "pink"'],
      [
        "unwritable output",
        ["-o", "/no/such/dir/out.json"],
        {},
        "cannot write /no/such/dir/out.json: ENOENT",
      ],
      [
        "a bootstrap file for RDAP_BOOTSTRAP_URL",
        [],
        { RDAP_BOOTSTRAP_URL: "https://rdap.example/bootstrap.json" },
        "RDAP_BOOTSTRAP_URL: expected the bootstrap directory that holds dns.json",
      ],
    ];
    it.each(cases)("%s", async (_name, args, extra, message) => {
      const res = await runCli([...SCAN, ...args], { DNS_NAMESERVERS: "127.0.0.1:9", ...extra });
      expect(res.code).toBe(2);
      expect(res.stdout).toBe("");
      expect(res.stderr.trim().split("\n")).toHaveLength(1);
      expect(res.stderr).toContain(message);
    });
  },
);
