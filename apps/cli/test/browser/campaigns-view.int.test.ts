import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "@brandwarden/platform/testing/wait-for";
import { insertDomainFinding, insertScan } from "@brandwarden/web/test/factories";
import { PASSWORD, snap } from "@brandwarden/web/test/browser/browser-harness";
import { startBrowserWorld, type BrowserWorld } from "./browser-world.ts";

// The dashboard's campaigns view in Chromium: campaigns by name with their evidence in words
// and worst severity, the brand's own registrations badged and last, names in the graph and
// in the findings table's campaign filter and column.

const OWNER = "owner@campaigns.test";

const until = (what: string, check: () => Promise<boolean>) =>
  waitFor(() => check().catch(() => false), what, 30_000);

describe("the campaigns view, in Chromium", () => {
  let bw: BrowserWorld;
  let scanId = "";

  beforeAll(async () => {
    bw = await startBrowserWorld();
    const { services, infra } = bw.app.web.container;
    const user = await services.users.createUser({ email: OWNER, password: PASSWORD });
    const scan = await insertScan(infra.db, user.id, { status: "completed", completed_at: new Date() });
    scanId = scan.id;
    const add = (domain: string, over: Parameters<typeof insertDomainFinding>[3]) =>
      insertDomainFinding(infra.db, scan.id, user.id, { domain, resolve_status: "registered", ...over });
    // A campaign on one Hostinger address registered in a burst at NameSilo.
    for (const [i, d] of ["acmebank-login.com", "acmebank-verify.com", "acmebank-secure.net"].entries())
      await add(d, {
        campaign_id: "cmp_1111111111111111",
        campaign_keys: ["ip:127.20.80.1", "registrar:namesilo, llc@2025-10-25"],
        registrar: "NameSilo, LLC",
        registration_created: new Date(Date.UTC(2025, 9, 25 + i)),
        asn_org: "HOSTINGER-AS",
        severity: i ? "high" : "critical",
        score: i ? 70 : 88,
      });
    // A second one sharing one kit page and a Stark Industries address.
    for (const [i, d] of ["acme-bank-pay.com", "acmebank-card.com"].entries())
      await add(d, {
        campaign_id: "cmp_2222222222222222",
        campaign_keys: ["ip:127.20.96.4", "page:sha256:kit"],
        registration_created: new Date(Date.UTC(2025, 10, 2 + 3 * i)),
        asn_org: "STARK-INDUSTRIES",
        severity: "medium",
        score: 45,
      });
    // The brand's own registrations.
    for (const d of ["acmebank.net", "acmebank.org", "acme-bank.com"])
      await add(d, {
        campaign_id: "def_3333333333333333",
        campaign_keys: ["brand:ns"],
        redirects_to_brand: true,
        registration_created: new Date(Date.UTC(2014, 2, 1)),
        severity: "low",
        score: 20,
      });
    await add("acmebank-news.com", { severity: "info", score: 5 });
  }, 180_000);
  afterAll(async () => {
    await bw?.stop();
  });

  it(
    "shows each campaign by name with its evidence, and badges the brand's own",
    { timeout: 120_000 },
    async () => {
      const { context, page } = await bw.newLoggedInPage(OWNER);
      await page.goto(`/dashboard?scan=${scanId}`);
      const table = page.getByTestId("campaigns-table");
      await table.waitFor();
      const rows = table.locator("tbody tr");
      expect(await rows.count()).toBe(3);
      const rowText = async (i: number) => ((await rows.nth(i).innerText()) ?? "").replace(/\s+/g, " ");
      expect(await rowText(0)).toContain("Hostinger 127.20.80.1 · registered Oct 25–27 · 3 domains");
      expect(await rowText(0)).toMatch(/critical/i);
      expect(await rowText(0)).toContain("same IP address 127.20.80.1 (Hostinger): all 3 domains");
      expect(await rowText(0)).toContain(
        "registered at NameSilo within 48 hours of each other, from Oct 25, 2025: all 3 domains",
      );
      expect(await rowText(1)).toContain("Stark Industries 127.20.96.4 · registered Nov 2–5 · 2 domains");
      expect(await rowText(1)).toContain("identical web page (one phishing kit): both domains");
      expect(await rowText(2)).toContain(
        "Probably the brand's own registrations · registered Mar 1 · 3 domains",
      );
      expect(await rowText(2)).toContain("brand's own");
      expect(await rowText(2)).toContain("uses the brand's own name servers: all 3 domains");
      expect(await table.innerText()).not.toMatch(/cmp_|def_/);

      // The graph's captions and hubs say the names, not the ids or raw keys.
      const graph = page.getByTestId("campaign-graph");
      const captions = await graph
        .locator("text.graph-caption")
        .evaluateAll((texts) =>
          texts.map((t) => [...t.querySelectorAll("tspan")].map((s) => s.textContent).join(" ")),
        );
      expect(captions).toEqual([
        "Hostinger 127.20.80.1 registered Oct 25–27 · 3 domains",
        "Stark Industries 127.20.96.4 registered Nov 2–5 · 2 domains",
        "Brand's own registrations registered Mar 1 · 3 domains",
      ]);
      await graph
        .getByRole("button", {
          name: "Filter findings by campaign Stark Industries 127.20.96.4 · registered Nov 2–5 · 2 domains",
        })
        .waitFor();
      await snap(page, "campaigns-view");
      await page.getByTestId("campaigns-table").scrollIntoViewIfNeeded();
      await snap(page, "campaigns-table");

      // Picking a campaign filters the findings; the filter and the campaign column use names.
      await rows.nth(2).getByRole("button").click();
      const findings = page.getByTestId("findings-table");
      await until(
        "the findings table filtered to the campaign",
        async () => (await findings.locator("tbody tr").count()) === 3,
      );
      const filter = page.getByRole("combobox", { name: "Campaign" });
      expect(await filter.locator("option:checked").innerText()).toBe("Brand's own registrations (3)");
      expect(await filter.locator("option").allInnerTexts()).toContain(
        "Hostinger 127.20.80.1 · registered Oct 25–27 · 3 domains",
      );
      await page.getByText(/^Columns \(/).click();
      await page
        .getByRole("group", { name: "Visible columns" })
        .getByRole("checkbox", { name: "Campaign", exact: true })
        .check();
      await page.getByText(/^Columns \(/).click();
      const column = await findings
        .locator("thead th")
        .evaluateAll((ths) => ths.findIndex((th) => th.getAttribute("data-column") === "campaign_id"));
      expect(column).toBeGreaterThan(0);
      const cells = await findings.locator(`tbody tr td:nth-child(${column + 1})`).allInnerTexts();
      expect(cells).toEqual(["brand's own", "brand's own", "brand's own"]);
      await snap(page, "campaigns-filtered");
      await context.close();
    },
  );
});
