import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestWorld, smallScenario } from "@brandwarden/world/testing/test-world";
import type { World } from "@brandwarden/world/world";
import { runCli } from "./process.ts";

// `brandwarden scan --handles … --logo …` against the world's social platforms (issue 26):
// the brand's own accounts are taken as its own, impersonators are printed with their scores,
// and a mistake in either flag is named before any network work.

interface SocialRow {
  platform: string;
  handle: string;
  status: string;
  score?: number | null;
  owned_evidence?: string | null;
}

describe("brandwarden scan with social handles and a logo", () => {
  let world: World;
  let dir: string;
  let logo: string;
  beforeAll(async () => {
    world = await startTestWorld(smallScenario());
    dir = mkdtempSync(join(tmpdir(), "bw-scan-social-"));
    logo = join(dir, "logo.png");
    // A 1x1 PNG: the flag's job is to bring a decodable image to the social stage.
    writeFileSync(logo, Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64")); // prettier-ignore
    writeFileSync(join(dir, "notes.txt"), "not an image");
  });
  afterAll(async () => {
    await world?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const scan = (extra: string[], format = "json") =>
    runCli(
      ["scan", "--domain", "acmebank.com", "--brand", "Acme Bank", "--stages", "social", "--format", format, ...extra], // prettier-ignore
      { ...world.env, SCREENSHOTS: "false", SOCIAL_BUDGET_PER_PLATFORM: "60" },
    );

  it("runs social discovery with the brand's handles and logo and prints the social findings", async () => {
    const res = await scan(["--handles", "x:acmebank,instagram:acmebank,github:acmebank", "--logo", logo]);
    expect(res.code, res.output).toBe(0);
    const json = JSON.parse(res.stdout) as { social_findings: SocialRow[]; social_coverage: unknown[] };
    const found = json.social_findings.filter((f) => f.status === "found" && !f.owned_evidence);
    expect(found.length).toBeGreaterThan(2);
    // The world's live impersonators are printed, scored.
    expect(found.map((f) => `${f.platform}:${f.handle}`)).toEqual(expect.arrayContaining(["x:acrnebank"]));
    for (const f of found) expect(f.score).toBeTypeOf("number");
    // The handles given are the brand's: never findings.
    const keys = json.social_findings.map((f) => `${f.platform}:${f.handle}`);
    for (const own of ["x:acmebank", "instagram:acmebank", "github:acmebank"])
      expect(keys).not.toContain(own);
    expect(Array.isArray(json.social_coverage)).toBe(true);
  }, 240_000);

  it("prints the social accounts in the table and as CSV rows", async () => {
    const table = await scan(["--handles", "x:acmebank"], "cli");
    expect(table.code, table.output).toBe(0);
    expect(table.stdout).toMatch(/x:acrnebank/);
    expect(table.stdout).toMatch(/\d+ social accounts found/);
    const csv = await scan(["--handles", "x:acmebank"], "csv");
    expect(csv.code, csv.output).toBe(0);
    const lines = csv.stdout.trimEnd().split("\r\n");
    expect(lines[0]).toContain('"kind","platform","handle","status"');
    expect(lines.some((l) => l.includes('"social","x","acrnebank","found"'))).toBe(true);
  }, 240_000);

  it("names the bad flag: unknown platform, malformed pair, bad handle, unreadable or non-image logo", async () => {
    const cases: Array<[string[], RegExp]> = [
      [["--handles", "myspace:acme"], /--handles: unknown platform "myspace"/],
      [["--handles", "acmebank"], /--handles: expected platform:handle, got "acmebank"/],
      [["--handles", "x:"], /--handles: expected platform:handle/],
      [["--handles", "x:not a handle!"], /--handles: "not a handle!" is not a valid x handle/],
      [["--logo", join(dir, "missing.png")], /--logo: cannot read .*missing\.png: ENOENT/],
      [["--logo", join(dir, "notes.txt")], /--logo: .*notes\.txt is not an image/],
      [["--handles", "x:acmebank", "--no-social"], /--handles is for social discovery/],
    ];
    for (const [args, message] of cases) {
      const res = await scan(args);
      expect(res.code, `${args.join(" ")}: ${res.output}`).toBe(2);
      expect(res.output).toMatch(message);
    }
  }, 120_000);
});
