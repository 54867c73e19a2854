import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createSilentLogger } from "@brandwarden/platform/logger/logger";
import { ownedDomains, scans } from "../src/db/schema.ts";
import { createScansRepository } from "../src/modules/scans/scans.repository.ts";
import { rescanDueUsers, type RescanDeps } from "../src/modules/scans/weekly-rescan.ts";
import { insertScan, insertUser } from "./factories.ts";
import { dbVariants } from "./harness.ts";
import { suiteWebWithStubWorker } from "./suite-web.ts";

const DAY = 24 * 3600 * 1000;
const WEEK = 7 * DAY;

// The weekly rescan is scheduled from each user's last scan, on a clock the test controls: a
// restart (the schedule's first, immediate run) rescans only users whose last scan is a week old.
for (const { variant, status } of await dbVariants()) {
  describe(`weekly rescan on ${variant}`, () => {
    const t = suiteWebWithStubWorker(variant, status);
    // Starts at the real time, since new scans get the database's now() as created_at.
    let clock = new Date();
    const deps = (): RescanDeps => ({
      scans: createScansRepository(t.db),
      scansService: t.container.services.scans,
      logger: createSilentLogger(),
      now: () => clock,
    });

    async function userLastScanned(at: Date, scanStatus: "completed" | "running" = "completed") {
      const user = await insertUser(t.db);
      await t.db
        .insert(ownedDomains)
        .values({ user_id: user.id, domain: "acmebank.com", enrichment_status: "completed" });
      await insertScan(t.db, user.id, { status: scanStatus, created_at: at });
      return user.id;
    }
    const scanCount = async (userId: string) =>
      (await t.db.select().from(scans).where(eq(scans.user_id, userId))).length;

    it("rescans a user whose last scan is older than the interval, not one who scanned recently or is scanning", async () => {
      const stale = await userLastScanned(new Date(clock.getTime() - 8 * DAY));
      const recent = await userLastScanned(new Date(clock.getTime() - 1 * DAY));
      const busy = await userLastScanned(new Date(clock.getTime() - 30 * DAY), "running");

      await rescanDueUsers(deps(), WEEK); // the run at start-up
      expect(await scanCount(stale)).toBe(2);
      expect(await scanCount(recent)).toBe(1);
      expect(await scanCount(busy)).toBe(1);

      // The rescan finished; a restart an hour later starts nothing again.
      await t.db.update(scans).set({ status: "completed" }).where(eq(scans.user_id, stale));
      clock = new Date(clock.getTime() + 3600 * 1000);
      await rescanDueUsers(deps(), WEEK);
      expect(await scanCount(stale)).toBe(2);
      expect(await scanCount(recent)).toBe(1);
    });

    it("rescans each user one interval after their own last scan", async () => {
      const user = await userLastScanned(new Date(clock.getTime() - 2 * DAY));
      clock = new Date(clock.getTime() + 4 * DAY); // six days after the last scan
      await rescanDueUsers(deps(), WEEK);
      expect(await scanCount(user)).toBe(1);
      clock = new Date(clock.getTime() + 1 * DAY); // seven days
      await rescanDueUsers(deps(), WEEK);
      expect(await scanCount(user)).toBe(2);
      const calls = t.worker.calls.filter((c) => c.path === "/scan/start");
      expect(calls.some((c) => (c.body as { user_id: string }).user_id === user)).toBe(true);
    });
  });
}
