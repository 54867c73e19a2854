import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { TDomainFindingInitial } from "@brandwarden/contract/findings";
import { insertScan, reportCompletedScan } from "../factories.ts";
import type { TestWeb } from "../harness.ts";
import { logIn, PASSWORD, snap, startUiOnTestWeb } from "./browser-harness.ts";

// Issue 32 in Chromium: a first scan's dashboard leads with what to act on (critical and high
// findings, campaigns, takedowns) and says in one line that there is nothing to compare with; a
// later scan still lists what moved, folded behind a keyboard-usable control when the list is long.

const OWNER = "owner@first-scan.test";
/** Waiting on what the page shows (never on time): generous, for a loaded machine. */
const WAIT = { timeout: 30_000 };
const text = async (l: { innerText(): Promise<string> }) => (await l.innerText()).replace(/\s+/g, " ").trim();

const finding = (
  domain: string,
  severity: "critical" | "high" | "low",
  score: number,
  over: Partial<TDomainFindingInitial> = {},
): TDomainFindingInitial => ({
  domain,
  original_domain: "acmebank.com",
  fuzzer: "addition",
  resolve_status: "registered",
  dns_a: ["203.0.113.10"],
  registrar: "NameCheap, Inc.",
  http_status: 200,
  page_title: severity === "low" ? `${domain} is for sale` : "Acme Bank - Sign in",
  login_form: severity !== "low",
  parked: severity === "low",
  score,
  severity,
  ...over,
});

/** The two critical ones share an address: one attack campaign, as the worker clusters it. */
const CAMPAIGN = {
  campaign_id: "cmp_1111111111111111",
  campaign_keys: ["ip:203.0.113.10", "registrar:namecheap, inc.@2025-10-25"],
  asn_org: "HOSTINGER-AS",
};
/** The first scan: 2 critical, 1 high and 9 low (12 findings, more than the panel would fold). */
const FIRST: TDomainFindingInitial[] = [
  finding("acmebank-secure.com", "critical", 95, CAMPAIGN),
  finding("acmebank-login.com", "critical", 88, CAMPAIGN),
  finding("acmebank-verify.com", "high", 70),
  ...Array.from({ length: 9 }, (_, i) => finding(`acmebank-parked${i}.com`, "low", 20 + i)),
];
/** The second: every parked name turned into a login page (9 changed), one gone, two new. */
const SECOND: TDomainFindingInitial[] = [
  finding("acmebank-secure.com", "critical", 95),
  finding("acmebank-login.com", "critical", 88),
  ...Array.from({ length: 9 }, (_, i) =>
    finding(`acmebank-parked${i}.com`, "high", 72, { page_title: "Acme Bank - Sign in", parked: false }),
  ),
  finding("acmebank-new1.com", "critical", 91),
  finding("acmebank-new2.com", "low", 25),
];

/** A dropdown of the findings table's filter bar. */
const filter = (page: Page, name: string) =>
  page.getByRole("search", { name: "Filter findings" }).getByLabel(name, { exact: true });

/** The sections named, in document order (the order a reader and a screen reader meet them). */
const orderOf = (page: Page, testIds: string[]) =>
  page
    .locator(testIds.map((id) => `[data-testid="${id}"]`).join(", "))
    .evaluateAll((els) => els.map((e) => e.getAttribute("data-testid")));

describe("the dashboard of a first scan, in Chromium", () => {
  let t: TestWeb;
  let browser: Browser;
  let baseUrl = "";
  let stop: () => Promise<void>;
  let userId = "";
  const scanIds: string[] = [];

  const reportScan = async (findings: TDomainFindingInitial[]) => {
    const s = await insertScan(t.db, userId, {
      status: "running",
      created_at: new Date(Date.now() - 60_000 + scanIds.length * 1000),
    });
    scanIds.push(s.id);
    await reportCompletedScan(t.container.consumer, s.id, findings);
  };
  const open = async () => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await logIn(page, OWNER);
    return { context, page };
  };

  beforeAll(async () => {
    ({ t, browser, baseUrl, stop } = await startUiOnTestWeb());
    userId = (await t.container.services.users.createUser({ email: OWNER, password: PASSWORD })).id;
    await reportScan(FIRST);
  }, 180_000);
  afterAll(async () => {
    await stop?.();
  });

  it(
    "says in one line that a first scan has nothing to compare with, and survives a reload",
    { timeout: 120_000 },
    async () => {
      const { context, page } = await open();
      const panel = page.getByTestId("changes-panel");
      await panel.waitFor(WAIT);
      const line = "Since the last scan First scan: 12 findings, nothing to compare with yet.";
      expect(await text(panel)).toBe(line);
      expect(await panel.getAttribute("data-first-scan")).not.toBeNull();
      // No row per finding, no count buttons: the table below lists the findings.
      expect(await panel.locator("li, a, button").count()).toBe(0);
      await snap(page, "dashboard-first-scan");

      await page.reload();
      await page.getByTestId("changes-panel").waitFor(WAIT);
      expect(await text(page.getByTestId("changes-panel"))).toBe(line);
      await context.close();
    },
  );

  it(
    "leads with the critical and high findings, campaigns and takedowns, before the table",
    { timeout: 120_000 },
    async () => {
      const { context, page } = await open();
      const act = page.getByTestId("act-on");
      const worst = act.getByRole("list", { name: "Worst findings" }).getByRole("link");
      await worst.first().waitFor(WAIT);
      await page.getByTestId("findings-table").waitFor(WAIT);
      expect(await orderOf(page, ["findings-table", "changes-panel", "act-on"])).toEqual([
        "act-on",
        "changes-panel",
        "findings-table",
      ]);

      const urgent = act.getByTestId("act-urgent");
      // (Lower-cased: the badge capitalises its band with CSS, which innerText follows.)
      expect((await text(urgent.locator('button[data-severity="critical"]'))).toLowerCase()).toBe(
        "2 critical",
      );
      expect((await text(urgent.locator('button[data-severity="high"]'))).toLowerCase()).toBe("1 high");
      // The worst first, each linked to its page; nothing below high.
      expect(await worst.allInnerTexts()).toEqual([
        "acmebank-secure.com",
        "acmebank-login.com",
        "acmebank-verify.com",
      ]);
      expect(await worst.first().getAttribute("href")).toMatch(/^\/findings\/[0-9a-f-]{36}$/);
      const campaigns = act.getByTestId("act-campaigns");
      expect(await text(campaigns)).toMatch(
        /^Campaigns 1 attack campaign: lookalikes that share infrastructure\. critical /i,
      );
      // Headings are upper-cased by CSS (innerText follows): matched without case.
      expect(await text(act.getByTestId("act-takedowns"))).toMatch(
        /^Takedowns No takedown case yet\. Open one with “Open takedown” on a finding in the table below\.$/i,
      );

      // By keyboard: the critical count filters the table to the critical findings.
      await urgent.locator('button[data-severity="critical"]').focus();
      await page.keyboard.press("Enter");
      const rows = page.getByTestId("findings-table").locator("tbody tr");
      await expect.poll(() => rows.count(), WAIT).toBe(2);
      expect(await filter(page, "Severity").inputValue()).toBe("critical");
      expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-domain")))).toEqual([
        "acmebank-secure.com",
        "acmebank-login.com",
      ]);

      // The campaign, picked by keyboard, filters the table to its two findings (replacing the severity).
      await campaigns.getByRole("list", { name: "Worst campaigns" }).getByRole("button").focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => filter(page, "Campaign").inputValue(), WAIT).toBe(CAMPAIGN.campaign_id);
      expect(await filter(page, "Severity").inputValue()).toBe("");
      await expect.poll(() => rows.count(), WAIT).toBe(2);

      // A takedown opened from the table shows on the dashboard as a case to send, linked.
      await page.getByRole("button", { name: "Open takedown for acmebank-secure.com", exact: true }).click();
      await page.waitForURL(/\/takedowns\/[0-9a-f-]{36}$/);
      await page.goto("/dashboard");
      const takedowns = page.getByTestId("act-takedowns");
      await takedowns.locator('li[data-state="open"]').waitFor(WAIT);
      expect(await text(takedowns)).toMatch(/^Takedowns 1 case running\. 1 to send All takedown cases$/i);
      await takedowns.getByRole("link", { name: "to send" }).click();
      await page.waitForURL(/\/takedowns\?state=open$/);
      await page.getByTestId("takedown-cases").locator("tbody tr").first().waitFor(WAIT);
      expect(await text(page.getByTestId("takedown-cases").locator("tbody"))).toContain(
        "acmebank-secure.com",
      );
      await context.close();
    },
  );

  it(
    "still lists what moved on a later scan, folded when long and unfolded by keyboard",
    { timeout: 120_000 },
    async () => {
      await reportScan(SECOND);
      const { context, page } = await open();
      const panel = page.getByTestId("changes-panel");
      await panel.locator('button[data-change="new"]').waitFor(WAIT);
      expect(await panel.getAttribute("data-first-scan")).toBeNull();
      const count = async (change: string) => text(panel.locator(`button[data-change="${change}"] .n`));
      expect([await count("new"), await count("changed"), await count("gone")]).toEqual(["2", "9", "1"]);
      expect(await text(panel)).toContain("12 lookalike domains moved since the previous scan.");

      // 12 rows: folded behind a button that says how many and is announced as collapsed.
      const fold = panel.getByRole("button", { name: "Show what moved (12)" });
      expect(await fold.getAttribute("aria-expanded")).toBe("false");
      const moved = page.locator("#changes-moved");
      expect(await moved.isVisible()).toBe(false);
      await fold.focus();
      await page.keyboard.press("Enter");
      const hide = panel.getByRole("button", { name: "Hide what moved" });
      expect(await hide.getAttribute("aria-expanded")).toBe("true");
      const list = panel.getByRole("list", { name: "What moved" });
      await list.waitFor(WAIT);
      expect(await list.locator(":scope > li").count()).toBe(12);
      expect(await text(list)).toMatch(
        /new acmebank-new1\.com.*changed acmebank-parked\d\.com.*gone acmebank-verify\.com/,
      );
      await snap(page, "dashboard-second-scan");
      await page.keyboard.press("Enter");
      await list.waitFor({ ...WAIT, state: "hidden" });
      expect(
        await panel.getByRole("button", { name: "Show what moved (12)" }).getAttribute("aria-expanded"),
      ).toBe("false");
      await context.close();
    },
  );
});
