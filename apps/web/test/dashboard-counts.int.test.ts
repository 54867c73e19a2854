import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { socialFindings } from "../src/db/schema.ts";
import { browserAgent } from "./browser-agent.ts";
import { insertDomainFinding, insertScan } from "./factories.ts";
import { dbVariants } from "./harness.ts";
import { suiteWeb } from "./suite-web.ts";

// `GET /dashboard/counts`: what the dashboard's severity chart and headers show after a live
// update, in one request instead of one per severity band.

for (const { variant, status } of await dbVariants()) {
  describe(`dashboard counts on ${variant}`, () => {
    const t = suiteWeb(variant, status);

    it("counts a scan's findings per severity and label, its social findings and campaigns", async () => {
      const owner = browserAgent(t.app);
      const user = await owner.signup(`counts-${randomUUID()}@example.com`);
      const scan = await insertScan(t.db, user.id);
      const rows: Array<Parameters<typeof insertDomainFinding>[3]> = [
        {
          severity: "critical",
          adjusted_severity: "critical",
          label: "confirmed",
          campaign_id: "c1",
          change: "new",
        },
        { severity: "high", adjusted_severity: "critical", campaign_id: "c1", change: "changed" },
        // The adjusted severity counts; the base one only where the audit left none.
        { severity: "low", adjusted_severity: "high", label: "benign", campaign_id: "c2" },
        { severity: "medium" },
        { severity: null },
      ];
      for (const r of rows) await insertDomainFinding(t.db, scan.id, user.id, r);
      await t.db.insert(socialFindings).values([
        { scan_id: scan.id, user_id: user.id, platform: "x", handle: "acme_bank" },
        { scan_id: scan.id, user_id: user.id, platform: "instagram", handle: "acme.bank" },
      ]);
      // Another scan's findings are not counted.
      await insertDomainFinding(t.db, (await insertScan(t.db, user.id)).id, user.id, {
        severity: "critical",
      });

      const res = await owner.get(`/dashboard/counts?scan_id=${scan.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        scan_id: scan.id,
        total: 5,
        by_severity: { info: 1, low: 0, medium: 1, high: 1, critical: 2 },
        by_label: { confirmed: 1, benign: 1, unlabeled: 3 },
        social_total: 2,
        campaigns: 2,
        // Since the previous scan (set when a scan completes; the others have none yet).
        by_change: { new: 1, changed: 1, unchanged: 0, reappeared: 0, gone: 0 },
      });
      // Another user's scan is 404, like every other dashboard route.
      const other = browserAgent(t.app);
      await other.signup(`other-${randomUUID()}@example.com`);
      expect((await other.get(`/dashboard/counts?scan_id=${scan.id}`)).statusCode).toBe(404);
    });
  });
}
