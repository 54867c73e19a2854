import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scanSettings, type ScanOptions } from "./scan-options.ts";

const base: ScanOptions = { domain: ["acmebank.com"], brand: " Acme Bank ", social: true, screenshots: true, format: "cli" }; // prettier-ignore
const settings = (o: Partial<ScanOptions>) => scanSettings({ ...base, ...o }, process.env);

describe("scan's flags as worker settings", () => {
  it("runs every stage by default, with the brand trimmed and keywords split", () => {
    const s = settings({ keywords: " Bank, Pay ,," });
    expect(s).toMatchObject({ domains: ["acmebank.com"], brand: "Acme Bank", keywords: ["bank", "pay"], skip: {} }); // prettier-ignore
    expect(s.env.SCREENSHOTS).toBe(process.env.SCREENSHOTS);
  });

  it("--stages keeps only the named stages (generate and resolve always run)", () => {
    const s = settings({ stages: "Enrich, score" });
    expect(s.skip).toEqual({ social: "not selected by --stages", audit: "not selected by --stages" });
    expect(s.env.SCREENSHOTS).toBe("false"); // screenshots not named
    expect(settings({ stages: "enrich,screenshots" }).env.SCREENSHOTS).toBeUndefined();
    expect(settings({ stages: "generate,resolve" }).skip).toEqual({
      enrich: "not selected by --stages",
      social: "not selected by --stages",
      score: "not selected by --stages",
      audit: "not selected by --stages",
    });
  });

  it("--no-social and --no-screenshots leave out one part", () => {
    expect(settings({ social: false }).skip).toEqual({ social: "--no-social" });
    const s = settings({ screenshots: false });
    expect(s.skip).toEqual({});
    expect(s.env.SCREENSHOTS).toBe("false");
  });

  it("--timeout sets the network timeouts, DNS queries capped at 2 s; -t sets the enrich concurrency", () => {
    const env = settings({ timeout: "2.5", threads: "8" }).env;
    expect(env).toMatchObject({ HTTP_TIMEOUT_MS: "2500", SOCIAL_TIMEOUT_MS: "2500", DNS_TIMEOUT_MS: "2000", ENRICH_CONCURRENCY: "8" }); // prettier-ignore
    expect(settings({ timeout: "0.5" }).env.DNS_TIMEOUT_MS).toBe("500");
    expect(settings({ concurrency: "4" }).env.ENRICH_CONCURRENCY).toBe("4");
  });

  it("names the flag of each mistake", () => {
    const cases: Array<[Partial<ScanOptions>, string]> = [
      [{ domain: ["acmebank.com", "not a domain"] }, "--domain: not a domain name: not a domain"],
      [{ brand: "  " }, "--brand: the brand name is empty"],
      [{ format: "xml" }, "--format: expected cli, json, jsonl, csv, list, got xml"],
      [{ stages: "enrich,bogus" }, '--stages: unknown stage "bogus"'],
      [{ stages: " , " }, '--stages: unknown stage " , "'],
      [{ timeout: "0" }, '--timeout must be a number above 0 and at most 600, got "0"'],
      [{ timeout: "10s" }, '--timeout must be a number above 0 and at most 600, got "10s"'],
      [{ threads: "0" }, '--threads must be an integer from 1 to 256, got "0"'],
      [{ concurrency: "many" }, '--concurrency must be an integer from 1 to 256, got "many"'],
    ];
    for (const [o, message] of cases) expect(() => settings(o), message).toThrow(message);
  });
});

describe("scan's social flags", () => {
  it("--handles takes platform:handle pairs and names what is wrong", () => {
    expect(settings({ handles: " x:acmebank, Mastodon:@acmebank@mastodon.social ,," }).handles).toEqual([
      { platform: "x", handle: "acmebank" },
      { platform: "mastodon", handle: "@acmebank@mastodon.social" },
    ]);
    expect(() => settings({ handles: "myspace:acme" })).toThrow(/--handles: unknown platform "myspace" in "myspace:acme" \(choose from x, /); // prettier-ignore
    expect(() => settings({ handles: "acmebank" })).toThrow(
      '--handles: expected platform:handle, got "acmebank"',
    );
    expect(() => settings({ handles: ":acme" })).toThrow("--handles: expected platform:handle");
    expect(() => settings({ handles: "," })).toThrow("--handles: no platform:handle pair given");
    expect(() => settings({ handles: "x:acme", social: false })).toThrow(/--handles is for social discovery/);
  });

  it("--logo reads an image file and refuses what is not one", () => {
    const dir = mkdtempSync(join(tmpdir(), "bw-logo-"));
    try {
      const png = join(dir, "logo.png");
      writeFileSync(png, Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"));
      expect(settings({ logo: png }).logo?.dataUrl).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
      const svg = join(dir, "logo.svg");
      writeFileSync(svg, '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"></svg>');
      expect(settings({ logo: svg }).logo?.dataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
      writeFileSync(join(dir, "notes.txt"), "hello");
      expect(() => settings({ logo: join(dir, "notes.txt") })).toThrow(
        /--logo: .*notes\.txt is not an image/,
      );
      expect(() => settings({ logo: join(dir, "none.png") })).toThrow(
        /--logo: cannot read .*none\.png: ENOENT/,
      );
      expect(() => settings({ logo: dir })).toThrow(/--logo: cannot read .*: EISDIR/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
