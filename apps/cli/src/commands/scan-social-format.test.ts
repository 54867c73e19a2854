import { describe, expect, it } from "vitest";
import { readAsSpreadsheet } from "@brandwarden/platform/csv/testing/spreadsheet-read";
import { formatScanResult, type SocialResult } from "./scan-format.ts";

// Issue 26: `brandwarden scan` prints the social accounts beside the lookalikes in every format,
// the brand's own accounts as owned (unscored), and the platforms it could not check, once each.

const social: SocialResult = {
  findings: [
    { platform: "bluesky", handle: "help.acmebank.com", status: "found", score: null, owned_evidence: "Bluesky handle help.acmebank.com is on the owned domain acmebank.com" }, // prettier-ignore
    { platform: "x", handle: "acmebank_care", status: "found", score: 55, severity: "medium", display_name: "Acme Bank", discovered_by: "permutation:affix" }, // prettier-ignore
    { platform: "x", handle: "acrnebank", status: "found", score: 82, severity: "high", display_name: "Acme Bank", profile_url: "https://x.com/acrnebank" }, // prettier-ignore
    { platform: "reddit", handle: "acmebank", status: "unknown", unknown_reason: "timeout: timeout" },
  ],
  coverage: [
    { platform: "linkedin", reason: "login_wall", detail: "40 login wall (e.g. linkedin 999)", probes: 40 },
  ],
};
const domains = [{ domain: "acmebank-login.com", score: 90, severity: "critical" as const }];

describe("scan output: social accounts", () => {
  it("table: worst first, owned last and unscored, then what could not be checked", () => {
    const text = formatScanResult(domains, "cli", false, social);
    const lines = text.split("\n");
    const at = (s: string) => lines.findIndex((l) => l.includes(s));
    expect(at("x:acrnebank")).toBeGreaterThan(at("acmebank-login.com"));
    expect(at("x:acrnebank")).toBeLessThan(at("x:acmebank_care"));
    expect(at("x:acmebank_care")).toBeLessThan(at("bluesky:help.acmebank.com"));
    expect(lines[at("bluesky:help.acmebank.com")]).toMatch(/^\s+- -\s+bluesky:help\.acmebank\.com\s+owned .*owned domain acmebank\.com/); // prettier-ignore
    expect(text).toContain("2 social accounts found, 1 of the brand's own, 1 unconfirmed");
    expect(text).toContain("could not be checked: linkedin (login wall): 40 login wall (e.g. linkedin 999)");
  });

  it("json and jsonl carry the social findings and coverage", () => {
    const json = JSON.parse(formatScanResult(domains, "json", false, social));
    expect(json.social_findings.map((f: { handle: string }) => f.handle)).toEqual(["acrnebank", "acmebank_care", "acmebank", "help.acmebank.com"]); // prettier-ignore
    expect(json.social_coverage).toEqual(social.coverage);
    const lines = formatScanResult(domains, "jsonl", false, social).trimEnd().split("\n").map((l) => JSON.parse(l)); // prettier-ignore
    expect(lines[0]).toEqual(domains[0]);
    expect(lines.filter((l) => l.kind === "social")).toHaveLength(4);
    expect(lines.at(-1)).toMatchObject({
      kind: "social_coverage",
      platform: "linkedin",
      reason: "login_wall",
    });
  });

  it("csv: one table, `kind` tells domain, social and coverage rows apart", () => {
    const [header, ...rows] = readAsSpreadsheet(formatScanResult(domains, "csv", false, social), ",");
    const col = (name: string) => header!.indexOf(name);
    expect(rows.map((r) => r[col("kind")])).toEqual(["domain", "social", "social", "social", "social", "social_coverage"]); // prettier-ignore
    const clone = rows.find((r) => r[col("handle")] === "acrnebank")!;
    expect([clone[col("platform")], clone[col("score")], clone[col("status")]]).toEqual(["x", "82", "found"]);
    const own = rows.find((r) => r[col("handle")] === "help.acmebank.com")!;
    expect([own[col("status")], own[col("score")]]).toEqual(["owned", ""]);
    expect(rows.at(-1)![col("platform")]).toBe("linkedin");
  });

  it("without the social stage the output is as before; with it and nothing found, it says so", () => {
    expect(formatScanResult(domains, "cli")).not.toContain("social accounts");
    expect(JSON.parse(formatScanResult(domains, "json"))).not.toHaveProperty("social_findings");
    expect(formatScanResult(domains, "csv").split("\r\n")[0]).not.toContain('"kind"');
    const none = { findings: [], coverage: [] };
    expect(formatScanResult(domains, "cli", false, none)).toContain("0 social accounts found");
    expect(JSON.parse(formatScanResult(domains, "json", false, none)).social_findings).toEqual([]);
  });
});
