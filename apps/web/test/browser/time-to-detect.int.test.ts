import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { ownedDomains, trackedLookalikes } from "../../src/db/schema.ts";
import { insertScan } from "../factories.ts";
import type { TestWeb } from "../harness.ts";
import { logIn, PASSWORD, snap, startUiOnTestWeb } from "./browser-harness.ts";

// Issue 28 in Chromium: the lookalikes page shows the median time from registration to detection
// per source, a lookalike's page shows when it was registered, when its certificate and
// Brandwarden first saw it and by which source, and the alert feed says it.

const OWNER = "owner@ttd.test";
const MIN = 60_000;
const H = 60 * MIN;
const D = 24 * H;
const WAIT = { timeout: 30_000 };
const text = async (l: { innerText(): Promise<string> }) => (await l.innerText()).replace(/\s+/g, " ").trim();

describe("time to detect, in Chromium", () => {
  let t: TestWeb;
  let browser: Browser;
  let baseUrl = "";
  let stop: () => Promise<void>;
  const ids = new Map<string, string>();
  let zoneLookalike = "";

  beforeAll(async () => {
    ({ t, browser, baseUrl, stop } = await startUiOnTestWeb());
    const { services } = t.container;
    const user = await services.users.createUser({ email: OWNER, password: PASSWORD });
    const base = Date.now() - 30 * D;
    await t.db
      .insert(ownedDomains)
      .values({ user_id: user.id, domain: "acmebank.com", enrichment_status: "completed", created_at: new Date(base) }); // prettier-ignore
    await insertScan(t.db, user.id, { created_at: new Date(base) });
    const tracked = (name: string, source: string, registered: number | null, seen: number) => ({
      user_id: user.id,
      kind: "domain" as const,
      name,
      state: "live" as const,
      discovered_by: source,
      first_seen_at: new Date(seen),
      registered_at: registered === null ? null : new Date(registered),
      cert_first_seen_at: source === "ct" ? new Date(seen - 10 * MIN) : null,
    });
    const rows = await t.db
      .insert(trackedLookalikes)
      .values([
        tracked("acmebank-old.com", "scan", base - 900 * D, base + H),
        tracked("acmebank-new.net", "scan", base + D, base + 3 * D + 4 * H),
        tracked("acmebank-w1.com", "watch", base + 2 * D, base + 2 * D + H),
        tracked("acmebank-w2.com", "watch", base + 4 * D, base + 4 * D + 3 * H),
        tracked("acmebank-cert.org", "ct", base + 5 * D, base + 5 * D + 40 * MIN),
        tracked("acmebank-nodate.org", "ct", null, base + 6 * D),
      ])
      .returning();
    for (const r of rows) ids.set(r.name, r.id);
    // A zone-file discovery as the worker raises it: tracked, alerted.
    const alert = await services.monitoring.events.raiseFromSource({
      user_id: user.id,
      type: "lookalike.discovered",
      subject: "acmebankk.com",
      title: "New lookalike in the .com zone file: acmebankk.com",
      reason: 'label "acmebankk" is 1 edit from the brand "acmebank"',
      severity: "high",
      finding: {
        domain: "acmebankk.com",
        original_domain: "acmebank.com",
        discovered_by: ["zone"],
        resolve_status: "registered",
        registration_created: new Date(Date.now() - 3 * H).toISOString(),
        registrar: "NameSilo, LLC",
        score: 72,
        severity: "high",
      },
      data: { source: "zone", zone: "com", file: "com.zone.gz" },
      dedupe_key: "zone:acmebankk.com",
    });
    zoneLookalike = alert!.lookalike_id!;
  }, 180_000);
  afterAll(async () => {
    await stop?.();
  });

  it("shows the median time to detect per source on the lookalikes page", { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await logIn(page, OWNER);
    await page.goto("/lookalikes");
    const table = page.getByRole("table", { name: /Median time from registration to detection/ });
    await table.waitFor(WAIT);
    const row = async (source: string) => text(table.locator(`tbody tr[data-source="${source}"]`));
    // Source | median | measured | pre-existing | date unknown
    expect(await row("scan")).toBe("Scans 2 d 4 h 1 1 0");
    expect(await row("watch")).toBe("The watch 2 h 2 0 0");
    expect(await row("ct")).toBe("Certificate Transparency 40 min 1 0 1");
    expect(await row("zone")).toBe("Zone files 3 h 1 0 0");
    expect(await row("nrd")).toBe("Newly registered domains list — 0 0 0");
    expect(await table.getByRole("columnheader", { name: "Median time to detect" }).count()).toBe(1);
    expect(await table.getByRole("rowheader", { name: "The watch" }).count()).toBe(1);
    await snap(page, "time-to-detect");
    await context.close();
  });

  it(
    "shows a lookalike's registration, certificate, first sighting and time to detect",
    { timeout: 120_000 },
    async () => {
      const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await logIn(page, OWNER);

      await page.goto(`/lookalikes/${zoneLookalike}`);
      const detection = page.locator("section", { has: page.getByRole("heading", { name: "Detection" }) });
      await detection.waitFor(WAIT);
      const facts = await text(detection);
      expect(facts).toContain("First seen");
      expect(facts).toContain("Found in the .com zone file");
      expect(facts).toMatch(/Time to detect 3 h$/);
      expect(facts).toContain("Certificate first seen none seen");
      expect(await text(page.getByTestId("lookalike-summary"))).toContain("(found in the .com zone file)");
      const evidence = page.locator("section", { has: page.getByRole("heading", { name: /Evidence/ }) });
      expect(await text(evidence)).toContain(
        "Found in the .com zone file; the next scan adds it to the findings.",
      );
      await snap(page, "detection-zone");

      await page.goto(`/lookalikes/${ids.get("acmebank-old.com")}`);
      await detection.waitFor(WAIT);
      expect(await text(detection)).toContain(
        "Time to detect pre-existing: registered before monitoring began",
      );
      expect(await text(detection)).toContain("Found by a scan");

      await page.goto(`/lookalikes/${ids.get("acmebank-cert.org")}`);
      await detection.waitFor(WAIT);
      const cert = await text(detection);
      expect(cert).toContain("Found by Certificate Transparency");
      expect(cert).toMatch(/Time to detect 40 min$/);
      expect(cert).not.toContain("none seen");

      // The alert feed says how long after its registration the zone file showed it.
      await page.goto("/alerts");
      const item = page.getByTestId("alerts").locator('li[data-type="lookalike.discovered"]');
      await item.waitFor(WAIT);
      expect(await text(item)).toContain("registered 3 h ago, found in the .com zone file");
      await snap(page, "alert-time-to-detect");
      await context.close();
    },
  );
});
