import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readAsSpreadsheet } from "@brandwarden/platform/csv/testing/spreadsheet-read";
import { browserAgent } from "./browser-agent.ts";
import { insertScan } from "./factories.ts";
import { startTestWeb, type TestWeb } from "./harness.ts";

// Issue 22: which source found a lookalike (permutations, Certificate Transparency) and why is
// stored from the worker's events, returned by the findings API and carried by the exports.

const REASON = 'label "acmebank-refund-center" contains the brand "acmebank"';

describe("discovered_by and discovery_reason of findings", () => {
  let t: TestWeb;
  beforeAll(async () => {
    t = await startTestWeb("pglite");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("are stored from the worker's findings, returned by the findings API and exported", async () => {
    const a = browserAgent(t.app);
    const user = await a.signup("sources@example.test");
    const scan = await insertScan(t.db, user.id, { status: "running" });
    const base = {
      resolve_status: "registered" as const,
      dns_a: ["127.0.0.9"],
      dns_aaaa: [],
      dns_mx: [],
      dns_ns: [],
      wildcard: false,
      original_domain: "acmebank.com",
    };
    await t.container.consumer.apply({
      v: 1,
      kind: "findings_initial",
      scan_id: scan.id,
      seq: 1,
      ts: new Date().toISOString(),
      data: {
        original_domain: "acmebank.com",
        findings: [
          {
            ...base,
            domain: "acmebank-refund-center.xyz",
            domain_unicode: "acmebank-refund-center.xyz",
            registrable_domain: "acmebank-refund-center.xyz",
            fuzzer: null,
            fuzzers: [],
            discovered_by: ["ct"],
            discovery_reason: REASON,
          },
          {
            ...base,
            domain: "acmebnak.com",
            domain_unicode: "acmebnak.com",
            registrable_domain: "acmebnak.com",
            fuzzer: "transposition",
            fuzzers: ["transposition"],
            discovered_by: ["permutation", "ct"],
            discovery_reason: 'label "acmebnak" is 1 edit from the brand "acmebank"',
          },
          {
            ...base,
            domain: "acmebank.net",
            domain_unicode: "acmebank.net",
            registrable_domain: "acmebank.net",
            fuzzer: "tld-swap",
            fuzzers: ["tld-swap"],
            discovered_by: ["permutation"],
            discovery_reason: null,
          },
        ],
      },
    });

    const page = await a.get(`/dashboard/findings?scan_id=${scan.id}&sort=domain&dir=asc`);
    expect(page.statusCode).toBe(200);
    const rows = (page.json() as { findings: Array<Record<string, unknown>> }).findings;
    expect(rows.map((r) => [r.domain, r.discovered_by, r.discovery_reason, r.fuzzer])).toEqual([
      ["acmebank-refund-center.xyz", ["ct"], REASON, null],
      ["acmebank.net", ["permutation"], null, "tld-swap"],
      [
        "acmebnak.com",
        ["permutation", "ct"],
        'label "acmebnak" is 1 edit from the brand "acmebank"',
        "transposition",
      ],
    ]);

    const csv = await a.get(`/dashboard/findings/export?scan_id=${scan.id}&format=csv&sort=domain&dir=asc`);
    const [header, ...lines] = readAsSpreadsheet(csv.body, ",");
    const col = (name: string) => header!.indexOf(name);
    expect(col("discovered_by")).toBeGreaterThanOrEqual(0);
    // Lists are written as JSON, like every list column of the export (dns_a, fuzzers ...).
    expect(lines.map((l) => [l[col("domain")], l[col("discovered_by")], l[col("discovery_reason")]])).toEqual(
      [
        ["acmebank-refund-center.xyz", '["ct"]', REASON],
        ["acmebank.net", '["permutation"]', ""],
        ["acmebnak.com", '["permutation","ct"]', 'label "acmebnak" is 1 edit from the brand "acmebank"'],
      ],
    );

    const json = await a.get(`/dashboard/findings/export?scan_id=${scan.id}&format=json&sort=domain&dir=asc`);
    const exported = (json.json() as { findings: Array<Record<string, unknown>> }).findings;
    expect(exported[0]).toMatchObject({
      domain: "acmebank-refund-center.xyz",
      discovered_by: ["ct"],
      discovery_reason: REASON,
    });
  });
});
