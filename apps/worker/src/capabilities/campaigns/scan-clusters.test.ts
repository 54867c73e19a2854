import { describe, expect, it } from "vitest";
import type { TKeyHistoryRequest } from "@brandwarden/contract/scoring";
import { candidateKeys, clusterScan } from "./scan-clusters.ts";

const payload = {
  owned_domains: ["acmebank.com"],
  domain_profiles: [
    {
      domain: "acmebank.com",
      title: null,
      content_snippet: null,
      ips: ["192.0.2.10"],
      name_servers: ["ns1.acmebank.com"],
      html_hash: null,
      favicon_hash: null,
      screenshot_hash: null,
      fetched_at: "2025-06-01T00:00:00.000Z",
    },
  ],
};
/** Two names on one small-host address, registered years apart: linked by the address alone. */
const evidence = ["a.com", "b.com"].map((domain, i) => ({
  domain,
  dns_a: ["203.0.113.77"],
  asn: 64500,
  registrar: `Registrar ${i}`,
  registration_created: new Date(Date.UTC(2016 + 3 * i, 0, 1)).toISOString(),
}));
const lonely = { domain: "c.com", dns_a: ["192.0.2.10"], asn: 64500 }; // on the brand's address

describe("clusterScan", () => {
  it("asks the history only for keys two findings share, leaving out the scan's own domains", async () => {
    const asked: TKeyHistoryRequest[] = [];
    const r = await clusterScan([...evidence, lonely], payload, {
      getKeyHistory: async (body) => (asked.push(body), { "ip:203.0.113.77": 0 }),
    });
    expect(asked).toEqual([
      { keys: ["ip:203.0.113.77", "net24:203.0.113.0/24"], exclude_domains: ["a.com", "b.com", "c.com"] },
    ]);
    expect(r.clusters.map((c) => [c.kind, c.domains])).toEqual([
      ["attack", ["a.com", "b.com"]],
      ["defensive", ["c.com"]], // on the brand's own address, from the scan payload
    ]);
    expect(r.historyError).toBeNull();
  });

  it("drops a link whose key earlier scans saw on hundreds of other domains", async () => {
    const r = await clusterScan(evidence, payload, {
      getKeyHistory: async () => ({ "ip:203.0.113.77": 800 }),
    });
    expect(r.clusters).toEqual([]);
  });

  it("still clusters when the history cannot be read, and says why", async () => {
    const r = await clusterScan(evidence, payload, {
      getKeyHistory: async () => Promise.reject(new Error("HTTP 503")),
    });
    expect(r.clusters).toHaveLength(1);
    expect(r.historyError).toBe("HTTP 503");
    expect((await clusterScan(evidence, payload, null)).clusters).toHaveLength(1);
  });

  it("ranks candidate keys by how many findings hold them", () => {
    const three = [...evidence, { domain: "d.com", dns_a: ["203.0.113.77"], asn: 64500 }];
    expect(candidateKeys(three, {})).toEqual(["ip:203.0.113.77", "net24:203.0.113.0/24"]);
  });
});
