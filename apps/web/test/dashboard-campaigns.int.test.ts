import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { browserAgent } from "./browser-agent.ts";
import { insertDomainFinding, insertScan } from "./factories.ts";
import { dbVariants } from "./harness.ts";
import { suiteWeb } from "./suite-web.ts";

// `GET /dashboard/campaigns`: each campaign of a scan by a name a person can say, its kind,
// its evidence in words and its worst severity; the brand's own registrations last.

for (const { variant, status } of await dbVariants()) {
  describe(`dashboard campaigns on ${variant}`, () => {
    const t = suiteWeb(variant, status);

    it("names each campaign, says its evidence and worst severity, and puts the brand's own last", async () => {
      const owner = browserAgent(t.app);
      const user = await owner.signup(`campaigns-${randomUUID()}@example.com`);
      const scan = await insertScan(t.db, user.id);
      const member = (domain: string, day: number, over: Parameters<typeof insertDomainFinding>[3] = {}) =>
        insertDomainFinding(t.db, scan.id, user.id, {
          domain,
          campaign_id: "cmp_aaaaaaaaaaaaaaaa",
          campaign_keys: ["ip:127.20.80.1", "registrar:namesilo, llc@2025-10-25"],
          registrar: "NameSilo, LLC",
          registration_created: new Date(Date.UTC(2025, 9, 25 + day)),
          asn_org: "HOSTINGER-AS",
          ...over,
        });
      await member("acmebank-login.com", 0, { severity: "medium", score: 45 });
      await member("acmebank-verify.com", 1, {
        severity: "low",
        adjusted_severity: "high",
        adjusted_score: 70,
      });
      await member("acmebank-pay.com", 2, { severity: "medium", campaign_keys: ["ip:127.20.80.1"] });
      // A big defensive group with a worse score still goes last.
      for (const d of ["acmebank.net", "acmebank.org", "acme-bank.com", "acmebank.co"])
        await insertDomainFinding(t.db, scan.id, user.id, {
          domain: d,
          campaign_id: "def_bbbbbbbbbbbbbbbb",
          campaign_keys: ["brand:ns"],
          severity: "low",
          score: 30,
        });
      await insertDomainFinding(t.db, scan.id, user.id, { domain: "alone.com", severity: "critical" });

      const res = await owner.get(`/dashboard/campaigns?scan_id=${scan.id}`);
      expect(res.statusCode).toBe(200);
      const { campaigns } = res.json();
      expect(campaigns.map((c: { campaign_id: string }) => c.campaign_id)).toEqual([
        "cmp_aaaaaaaaaaaaaaaa",
        "def_bbbbbbbbbbbbbbbb",
      ]);
      expect(campaigns[0]).toMatchObject({
        name: "Hostinger 127.20.80.1 · registered Oct 25–27 · 3 domains",
        kind: "attack",
        size: 3,
        domains: ["acmebank-login.com", "acmebank-pay.com", "acmebank-verify.com"],
        worst_severity: "high",
        max_score: 70,
        earliest_registration: "2025-10-25T00:00:00.000Z",
        latest_registration: "2025-10-27T00:00:00.000Z",
        evidence: [
          {
            key: "ip:127.20.80.1",
            members: 3,
            text: "same IP address 127.20.80.1 (Hostinger): all 3 domains",
          },
          {
            key: "registrar:namesilo, llc@2025-10-25",
            members: 2,
            text: "registered at NameSilo within 48 hours of each other, from Oct 25, 2025: 2 of 3 domains",
          },
        ],
      });
      expect(campaigns[1]).toMatchObject({
        name: "Probably the brand's own registrations · 4 domains",
        kind: "defensive",
        worst_severity: "low",
        evidence: [{ key: "brand:ns", members: 4, text: "uses the brand's own name servers: all 4 domains" }],
      });

      // Another user's scan is 404.
      const other = browserAgent(t.app);
      await other.signup(`other-${randomUUID()}@example.com`);
      expect((await other.get(`/dashboard/campaigns?scan_id=${scan.id}`)).statusCode).toBe(404);
    });
  });
}
