import { describe, expect, it } from "vitest";
import { formatScanResult, type ScanRow } from "./scan-format.ts";

// Issue 19: `brandwarden scan` shows each campaign by the name a person can say and its evidence
// in plain words, as the dashboard does; the id stays beside it for machines.

const member = (domain: string, day: number): ScanRow => ({
  domain,
  score: 80,
  severity: "high",
  registrar: "NameSilo, LLC",
  registration_created: `2025-10-${day}T00:00:00.000Z`,
  asn_org: "HOSTINGER-AS",
  campaign_id: "cmp_8e91866f988f40c9",
  campaign_keys: ["ip:127.20.80.1"],
  dns_a: ["127.20.80.1"],
});
const rows: ScanRow[] = [
  member("acmebank-login.com", 25),
  member("acmebank-verify.com", 26),
  member("acmebank-secure.com", 27),
  { domain: "acme-bank.net", score: 20, severity: "low" },
];

describe("scan output campaigns", () => {
  it("names each campaign and says what links its domains, in the table's summary", () => {
    const text = formatScanResult(rows, "cli");
    expect(text).toContain(
      "campaign Hostinger 127.20.80.1 · registered Oct 25–27 · 3 domains (cmp_8e91866f988f40c9)\n" +
        "  same IP address 127.20.80.1 (Hostinger): all 3 domains\n" +
        "  acmebank-login.com acmebank-secure.com acmebank-verify.com",
    );
  });

  it("gives the name, kind and evidence beside the id and keys in JSON", () => {
    const json = JSON.parse(formatScanResult(rows, "json"));
    expect(json.campaigns).toEqual([
      {
        campaign_id: "cmp_8e91866f988f40c9",
        name: "Hostinger 127.20.80.1 · registered Oct 25–27 · 3 domains",
        kind: "attack",
        size: 3,
        keys: ["ip:127.20.80.1"],
        domains: ["acmebank-login.com", "acmebank-secure.com", "acmebank-verify.com"],
        evidence: [
          {
            key: "ip:127.20.80.1",
            members: 3,
            text: "same IP address 127.20.80.1 (Hostinger): all 3 domains",
          },
        ],
      },
    ]);
  });
});
