import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { browserAgent } from "./browser-agent.ts";
import { insertScan } from "./factories.ts";
import { auth, dbVariants } from "./harness.ts";
import { suiteWeb } from "./suite-web.ts";

// Issue 26: the platforms a scan could not check logged-out arrive once, with the first social
// batch, and are kept on the scan for the dashboard and the report; the brand's own accounts
// arrive with the proof of ownership and are shown as owned.

const COVERAGE = [
  { platform: "linkedin", reason: "login_wall", detail: "40 login wall (e.g. linkedin 999)", probes: 40 },
  { platform: "instagram", reason: "rate_limited", detail: "38 rate limited (e.g. status 429)", probes: 38 },
];

for (const { variant, status } of await dbVariants()) {
  describe(`social coverage and owned accounts on ${variant}`, () => {
    const t = suiteWeb(variant, status);

    it("keeps the scan's uncheckable platforms and shows owned accounts as owned", async () => {
      const owner = browserAgent(t.app);
      const user = await owner.signup(`coverage-${randomUUID()}@example.com`);
      const scan = await insertScan(t.db, user.id, { status: "running" });
      let seq = 0;
      const envelope = (kind: string, data: unknown) => ({ v: 1, kind, scan_id: scan.id, seq: ++seq, ts: new Date().toISOString(), data }); // prettier-ignore
      await t.container.consumer.apply(
        envelope("social_findings_initial", {
          findings: [
            { platform: "x", handle: "acrnebank", status: "found" },
            { platform: "bluesky", handle: "help.acmebank.com", status: "found", owned_evidence: "Bluesky handle help.acmebank.com is on the owned domain acmebank.com", score: null }, // prettier-ignore
          ],
          coverage: COVERAGE,
        }),
      );
      // A later batch without coverage leaves it as it was.
      await t.container.consumer.apply(
        envelope("social_findings_delta", { findings: [{ platform: "x", handle: "acrnebank", status: "found", score: 72, severity: "high" }] }), // prettier-ignore
      );

      const statusRes = await owner.get(`/dashboard/status?scan_id=${scan.id}`);
      expect(statusRes.statusCode).toBe(200);
      expect(statusRes.json().scan.social_coverage).toEqual(COVERAGE);

      const page = await owner.get(`/dashboard/social_findings?scan_id=${scan.id}&page=1`);
      expect(page.statusCode).toBe(200);
      const rows = page.json().findings as Array<{ handle: string; owned_evidence: string | null; score: number | null }>; // prettier-ignore
      expect(rows.find((r) => r.handle === "help.acmebank.com")).toMatchObject({
        owned_evidence: expect.stringMatching(/owned domain acmebank\.com/),
        score: null,
      });
      expect(rows.find((r) => r.handle === "acrnebank")).toMatchObject({ owned_evidence: null, score: 72 });

      // The report's snapshot carries it too.
      const snap = await t.app.inject({
        method: "GET",
        url: `/v1/scans/${scan.id}/audit_data`,
        headers: auth,
      });
      expect(snap.statusCode).toBe(200);
      expect(snap.json().scan.social_coverage).toEqual(COVERAGE);
    });
  });
}
