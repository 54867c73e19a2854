import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TDomainFindingInitial } from "@brandwarden/contract/findings";
import { insertScan, reportCompletedScan } from "@brandwarden/web/test/factories";
import { PASSWORD, snap } from "@brandwarden/web/test/browser/browser-harness";
import { startBrowserWorld, type BrowserWorld } from "./browser-world.ts";

// Issue 21 in Chromium: the dashboard opens on what changed since the last scan, the findings
// table filters by change, a finding's page shows its change and its lookalike's timeline (and
// sends a takedown by hand from its case), and the alert feed lists findings.changed with a working link.

/** Waiting on the page to show something (not on time): generous, for a loaded machine. */
const WAIT = { timeout: 30_000 };
const OWNER = "owner@monitoring.test";
const PARKED = "tlsh:T1B1A1C4D2E3F4051627384950A1B2C3D4E5F60718293A4B5C6D7E8F90A1B2C3D4E5F607";
const CLONE = "tlsh:T19F41A7B2C3D4E5F60718293A4B5C6D7E8F90A1B2C3D4E5F60718293A4B5C6D7E8F90A1";

const site = (domain: string, phishing = false): TDomainFindingInitial => ({
  domain,
  original_domain: "acmebank.com",
  fuzzer: "addition",
  resolve_status: "registered",
  dns_a: ["203.0.113.10"],
  dns_ns: ["ns1.registrar.example"],
  registrar: "NameCheap, Inc.",
  http_status: 200,
  page_title: phishing ? "Acme Bank - Sign in" : `${domain} is for sale`,
  login_form: phishing,
  password_form: phishing,
  parked: !phishing,
  html_hash: phishing ? CLONE : PARKED,
  html_similarity: phishing ? 0.9 : 0.3,
  score: phishing ? 85 : 30,
  severity: phishing ? "critical" : "low",
});

describe("monitoring in the browser", () => {
  let bw: BrowserWorld;
  const scanIds: string[] = [];

  beforeAll(async () => {
    bw = await startBrowserWorld();
    const { services, infra } = bw.app.web.container;
    const consumer = bw.app.web.container.consumer;
    const user = await services.users.createUser({ email: OWNER, password: PASSWORD });
    // Two scans as the worker reports them: findings, then completion.
    const scan = async (findings: TDomainFindingInitial[]) => {
      const s = await insertScan(infra.db, user.id, {
        status: "running",
        created_at: new Date(Date.now() - 60_000 + scanIds.length * 1000),
      });
      scanIds.push(s.id);
      await reportCompletedScan(consumer, s.id, findings);
    };
    await scan([site("acmebank-login.com"), site("acmebank-secure.com", true), site("acmebank-pay.com"), site("acmebank-help.com")]); // prettier-ignore
    await scan([site("acmebank-login.com", true), site("acmebank-secure.com", true), site("acmebank-help.com"), site("acmebank-verify.com", true)]); // prettier-ignore
  }, 180_000);
  afterAll(async () => {
    await bw?.stop();
  });

  it(
    "opens on what changed since the last scan and filters the findings by change",
    { timeout: 120_000 },
    async () => {
      const { context, page } = await bw.newLoggedInPage(OWNER);
      const panel = page.getByTestId("changes-panel");
      await panel.waitFor();
      const count = async (change: string) =>
        (await panel.locator(`button[data-change="${change}"] .n`).innerText()).trim();
      expect(await count("new")).toBe("1");
      expect(await count("changed")).toBe("1");
      expect(await count("gone")).toBe("1");
      expect(await count("unchanged")).toBe("2");
      const moved = panel.getByRole("list", { name: "What moved" });
      expect((await moved.innerText()).replace(/\s+/g, " ")).toMatch(
        /new acmebank-verify\.com.*changed acmebank-login\.com.*login form appeared.*gone acmebank-pay\.com/,
      );
      await snap(page, "changes-panel");

      // A count filters the table below it; the column says how each finding moved.
      await panel.locator('button[data-change="changed"]').click();
      const table = page.getByTestId("findings-table");
      await expect.poll(() => table.locator("tbody tr").count(), WAIT).toBe(1);
      expect(await table.locator("tbody tr").getAttribute("data-domain")).toBe("acmebank-login.com");
      expect(await page.getByLabel("Change since the last scan").inputValue()).toBe("changed");
      const column = await table
        .locator("thead th")
        .evaluateAll((ths) => ths.findIndex((th) => th.getAttribute("data-column") === "change"));
      expect(column).toBeGreaterThan(0);
      expect((await table.locator(`tbody tr td:nth-child(${column + 1})`).innerText()).trim()).toBe(
        "changed",
      );
      await page.getByLabel("Change since the last scan").selectOption("gone");
      await expect
        .poll(() => table.locator("tbody tr").first().getAttribute("data-domain"), WAIT)
        .toBe("acmebank-pay.com");
      await snap(page, "findings-by-change");
      await context.close();
    },
  );

  it(
    "shows a finding's change and its lookalike's timeline, and sends a takedown by hand from its case",
    { timeout: 120_000 },
    async () => {
      const { context, page } = await bw.newLoggedInPage(OWNER);
      await page.getByTestId("changes-panel").getByRole("link", { name: "acmebank-login.com" }).click();
      await page.waitForURL(/\/findings\/[0-9a-f-]{36}$/);
      const findingUrl = page.url();
      await page.getByTestId("timeline").waitFor();
      expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("acmebank-login.com");
      const change = page.locator("section", {
        has: page.getByRole("heading", { name: /Since the previous scan/ }),
      });
      expect((await change.innerText()).replace(/\s+/g, " ")).toMatch(
        /changed.*login form appeared.*password field appeared.*severity low → critical/,
      );
      const events = () => page.getByTestId("timeline").locator(":scope > li").evaluateAll((li) => li.map((l) => l.getAttribute("data-event"))); // prettier-ignore
      expect(await events()).toEqual(["changed", "first_seen"]);
      expect(await page.getByTestId("lookalike-summary").innerText()).toMatch(/^malicious · first seen/);
      await snap(page, "finding-page");

      // Open a takedown case from the finding's page and send it by hand: the lookalike follows.
      // The site is not on the world's internet, so no desk is found: the analyst adds one.
      await page.getByRole("button", { name: "Open takedown for acmebank-login.com", exact: true }).click();
      await page.waitForURL(/\/takedowns\/[0-9a-f-]{36}$/);
      await page.locator('[data-testid="case-evidence"]:not([data-status="capturing"])').waitFor(WAIT);
      await page.getByText("No recipient found yet").waitFor(WAIT);
      await page.getByRole("button", { name: "Edit recipients" }).click();
      await page.getByRole("button", { name: "Add recipient" }).click();
      await page.getByLabel("Role of recipient 1", { exact: true }).selectOption("registrar");
      await page.getByLabel("Organisation of recipient 1", { exact: true }).fill("NameCheap, Inc.");
      await page.getByLabel("Address of recipient 1", { exact: true }).fill("abuse@namecheap.example");
      await page.getByRole("button", { name: "Save recipients" }).click();
      await page.getByTestId("recipients-table").waitFor(WAIT);
      await page.getByRole("button", { name: "Mark as sent by hand" }).click();
      await page.locator('[data-testid="takedown-case"][data-state="sent"]').waitFor(WAIT);
      await page.getByRole("link", { name: "The lookalike's page" }).click();
      await page.waitForURL(findingUrl);
      await page.getByTestId("lookalike-summary").filter({ hasText: "takedown sent" }).waitFor(WAIT);
      expect((await events())[0]).toBe("takedown_requested");
      expect(await page.getByTestId("lookalike-summary").innerText()).toMatch(/^takedown requested/);
      // The page reloads as a page (the link alerts and e-mails carry).
      await page.goto(findingUrl);
      await page.getByTestId("timeline").waitFor();
      expect(await page.getByTestId("lookalike-summary").innerText()).toMatch(/takedown sent/);
      await snap(page, "finding-takedown-sent");

      await page.getByRole("link", { name: "Lookalikes" }).click();
      const rows = page.getByTestId("lookalikes-table").locator("tbody tr");
      await rows.first().waitFor();
      expect(await rows.count()).toBe(5);
      await page.getByLabel("State").selectOption("down");
      await expect.poll(() => rows.count(), WAIT).toBe(1);
      expect(await rows.first().innerText()).toContain("acmebank-pay.com");
      await snap(page, "lookalikes");
      await context.close();
    },
  );

  it("lists alerts, marks them read, and opens what they are about", { timeout: 120_000 }, async () => {
    const { context, page } = await bw.newLoggedInPage(OWNER);
    const nav = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /Alerts/ });
    // The scan's changes, and the takedown report sent from the case in the test before.
    await page.locator(".nav-count", { hasText: /^2$/ }).waitFor();
    await nav.click();
    const feed = page.getByTestId("alerts");
    await feed.waitFor();
    const item = feed.locator('li[data-type="findings.changed"]');
    expect(await item.getAttribute("class")).toContain("unread");
    expect((await item.innerText()).replace(/\s+/g, " ")).toMatch(
      /Since the last scan: 1 new, 1 changed, 1 gone.*Changed: acmebank-login\.com \(login form appeared/,
    );
    await snap(page, "alerts");
    await item.getByRole("button", { name: "Mark read" }).click();
    await expect.poll(() => item.getAttribute("class"), WAIT).not.toContain("unread");
    await page.locator(".nav-count", { hasText: /^1$/ }).waitFor();
    const sent = feed.locator('li[data-type="takedown.sent"]');
    expect((await sent.innerText()).replace(/\s+/g, " ")).toMatch(
      /Takedown report sent: acmebank-login\.com.*went to/,
    );
    expect(await sent.getByRole("link").first().getAttribute("href")).toMatch(/^\/takedowns\/[0-9a-f-]{36}$/);

    await item.getByRole("link", { name: /Since the last scan/ }).click();
    await page.waitForURL(/\/dashboard\?scan=.*&change=moved/);
    await expect.poll(() => page.getByTestId("findings-table").locator("tbody tr").count(), WAIT).toBe(3);
    const domains = await page
      .getByTestId("findings-table")
      .locator("tbody tr")
      .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-domain")).sort());
    expect(domains).toEqual(["acmebank-login.com", "acmebank-pay.com", "acmebank-verify.com"]);
    await context.close();
  });
});
