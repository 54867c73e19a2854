import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { TAccount } from "@brandwarden/contract/browser/account";
import { API_TOKEN_PREFIX, TAXII_DISCOVERY_PATH } from "@brandwarden/contract/intel-words";
import { waitFor } from "@brandwarden/platform/testing/wait-for";
import { insertDomainFinding, insertScan, insertSocialFindings } from "../factories.ts";
import type { TestWeb } from "../harness.ts";
import { logIn, PASSWORD, snap, startUiOnTestWeb } from "./browser-harness.ts";

// Issue 30 in Chromium: the account page's API tokens (created, read once, used by a program with
// Bearer and no CSRF token, listed without the secret, revoked from the keyboard: then 401), the
// Slack/Teams webhook fields and the threat-intel sharing settings kept across a reload, and the
// dashboard's export menu driven from the keyboard, each entry a download of the scan shown.

const WAIT = { timeout: 30_000 };
const until = (what: string, check: () => Promise<boolean>) =>
  waitFor(() => check().catch(() => false), what, WAIT.timeout);

async function freshPage(browser: Browser, baseUrl: string) {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1280, height: 900 },
    acceptDownloads: true,
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  return { context, page, problems };
}

/** Tabs until `name`d button has the focus (a few presses at most), as a keyboard user would. */
async function tabTo(page: Page, name: string): Promise<void> {
  for (let i = 0; i < 6; i++) {
    const focused = await page.evaluate("document.activeElement && document.activeElement.textContent");
    if (String(focused).trim() === name) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached "${name}"`);
}

const focusedText = (page: Page) =>
  page.evaluate("document.activeElement && document.activeElement.textContent.trim()") as Promise<string>;

describe("API tokens, chat webhooks, intel sharing and exports in Chromium", () => {
  let t: TestWeb;
  let browser: Browser;
  let baseUrl: string;
  let stop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ t, browser, baseUrl, stop } = await startUiOnTestWeb());
  }, 240_000);
  afterAll(async () => {
    await stop?.();
  });

  it(
    "creates a token shown once, which a program uses without CSRF until it is revoked from the keyboard",
    { timeout: 120_000 },
    async () => {
      const email = "tokens@intel-ui.test";
      await t.container.services.users.createUser({ email, password: PASSWORD });
      const { context, page, problems } = await freshPage(browser, baseUrl);
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
      await logIn(page, email);
      await page.goto("/account");
      const section = page.getByRole("region", { name: "API tokens" });
      await section.getByText("No API tokens").waitFor(WAIT);

      // An empty name is refused before any request.
      await section.getByRole("button", { name: "Create token" }).click();
      await section.getByText("Name the token").waitFor(WAIT);

      await section.getByLabel("Token name", { exact: true }).fill("SOC pipeline");
      await section.getByRole("button", { name: "Create token" }).click();
      const shown = section.getByTestId("new-api-token");
      await shown.waitFor(WAIT);
      const token = (await shown.innerText()).trim();
      expect(token.startsWith(API_TOKEN_PREFIX)).toBe(true);
      expect(token).toMatch(/^bw_[A-Za-z0-9_-]{43}$/);
      expect(await section.getByRole("status", { name: "New API token" }).innerText()).toMatch(
        /you will not see it again/,
      );
      await section.getByRole("button", { name: "Copy token" }).click();
      await section.getByRole("button", { name: "Copied", exact: true }).waitFor(WAIT);
      expect(await page.evaluate("navigator.clipboard.readText()")).toBe(token);
      await snap(page, "account-token-created");

      // A program (no cookie, no CSRF token) reads and changes through the browser JSON routes.
      const bearer = { authorization: `Bearer ${token}` };
      const asProgram = () =>
        fetch(`${baseUrl}/account`, { headers: { ...bearer, accept: "application/json" } });
      const read = await asProgram();
      expect(read.status).toBe(200);
      expect(((await read.json()) as TAccount).email).toBe(email);
      const write = await fetch(`${baseUrl}/alerts/read_all`, {
        method: "POST",
        headers: { ...bearer, "content-type": "application/json" },
        body: "{}",
      });
      expect(write.status).toBe(200);

      // After a reload the token is listed by name and prefix, never the secret, and its use shows.
      await page.reload();
      const rows = page.getByTestId("api-tokens").locator("tbody tr");
      await rows.first().waitFor(WAIT);
      expect(await rows.count()).toBe(1);
      const row = rows.first();
      expect(await row.getAttribute("data-token-name")).toBe("SOC pipeline");
      const cells = await row.locator("td").allInnerTexts();
      expect(cells[0]).toBe("SOC pipeline");
      expect(cells[1]).toMatch(/^bw_\S+…$/);
      expect(token.startsWith(cells[1]!.replace(/…$/, ""))).toBe(true);
      expect(cells[3]).not.toBe("never");
      expect(await page.content()).not.toContain(token);
      await snap(page, "account-tokens-listed");

      // Revoked from the keyboard: Enter on Revoke, Tab to the confirmation, Enter.
      await row.getByRole("button", { name: "Revoke SOC pipeline" }).focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: /Revoke the token “SOC pipeline”/ });
      await dialog.waitFor(WAIT);
      await snap(page, "account-token-revoke-dialog");
      await tabTo(page, "Revoke token");
      await page.keyboard.press("Enter");
      await section.getByText("No API tokens").waitFor(WAIT);
      expect(await dialog.isVisible()).toBe(false);
      expect((await asProgram()).status).toBe(401);
      await page.reload();
      await section.getByText("No API tokens").waitFor(WAIT);
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  it(
    "keeps the Slack and Teams webhooks and the intel sharing settings across a reload, and says why a URL is refused",
    { timeout: 120_000 },
    async () => {
      const email = "chat@intel-ui.test";
      await t.container.services.users.createUser({ email, password: PASSWORD });
      const { context, page, problems } = await freshPage(browser, baseUrl);
      await logIn(page, email);
      await page.goto("/account");
      const profile = page.getByRole("form", { name: "Brand profile" });
      await profile.getByLabel("Brand name", { exact: true }).waitFor(WAIT);

      // The feed's connection facts, from this origin.
      const feed = page.getByRole("region", { name: "Threat-intel feed" });
      expect(await feed.getByTestId("taxii-discovery-url").innerText()).toBe(
        `${baseUrl}${TAXII_DISCOVERY_PATH}`,
      );
      expect(await feed.innerText()).toMatch(/lookalike-indicators/);
      expect(await feed.innerText()).toMatch(/HTTP Basic/);
      // Sharing waits for a saved profile; the defaults are medium and TLP:AMBER.
      expect(await feed.getByRole("button", { name: "Save sharing settings" }).isDisabled()).toBe(true);
      expect(await feed.getByLabel("Minimum severity", { exact: true }).inputValue()).toBe("medium");
      expect(await feed.getByLabel("TLP marking", { exact: true }).inputValue()).toBe("amber");

      const slack = "https://hooks.slack.com/services/T0000/B0000/XXXXXXXXXXXXXXXX";
      const teams = "https://prod-00.westeurope.logic.azure.com/workflows/abc/triggers/manual/paths/invoke";
      await profile.getByLabel("Brand name", { exact: true }).fill("Acme Bank");
      await profile.getByLabel("Owned domains", { exact: true }).fill("acmebank.com");
      await profile.getByLabel("Slack webhook URL", { exact: true }).fill("not a url");
      await profile.getByLabel("Teams webhook URL", { exact: true }).fill(teams);
      await profile.getByRole("button", { name: "Save profile" }).click();
      // The server's 422 message, beside the field it is about.
      const slackField = profile.locator(".field", {
        has: page.getByLabel("Slack webhook URL", { exact: true }),
      });
      await slackField.locator(".field-error").waitFor(WAIT);
      expect(await slackField.locator(".field-error").innerText()).toMatch(
        /Slack webhook URL must be an http\(s\) URL/,
      );
      expect(
        await profile.getByLabel("Slack webhook URL", { exact: true }).getAttribute("aria-invalid"),
      ).toBe("true");
      await snap(page, "account-slack-invalid");

      // Plain http is refused for chat webhooks as for the webhook (the SSRF rule), beside its field.
      await profile.getByLabel("Slack webhook URL", { exact: true }).fill(slack);
      await profile.getByLabel("Teams webhook URL", { exact: true }).fill("http://teams.example/hook");
      await profile.getByRole("button", { name: "Save profile" }).click();
      const teamsField = profile.locator(".field", {
        has: page.getByLabel("Teams webhook URL", { exact: true }),
      });
      await teamsField.locator(".field-error").waitFor(WAIT);
      expect(await teamsField.locator(".field-error").innerText()).toMatch(/must use https:\/\//);
      expect(await slackField.locator(".field-error").count()).toBe(0);

      await profile.getByLabel("Teams webhook URL", { exact: true }).fill(teams);
      await profile.getByRole("button", { name: "Save profile" }).click();
      await profile.getByText(/^Saved\./).waitFor(WAIT);

      await feed.getByLabel("Minimum severity", { exact: true }).selectOption("high");
      await feed.getByLabel("TLP marking", { exact: true }).selectOption("green");
      await feed.getByRole("button", { name: "Save sharing settings" }).click();
      await feed.getByText("Sharing settings saved.").waitFor(WAIT);

      await page.reload();
      await profile.getByLabel("Brand name", { exact: true }).waitFor(WAIT);
      await until(
        "the saved profile shown",
        async () => (await profile.getByLabel("Brand name", { exact: true }).inputValue()) === "Acme Bank",
      );
      expect(await profile.getByLabel("Slack webhook URL", { exact: true }).inputValue()).toBe(slack);
      expect(await profile.getByLabel("Teams webhook URL", { exact: true }).inputValue()).toBe(teams);
      expect(await feed.getByLabel("Minimum severity", { exact: true }).inputValue()).toBe("high");
      expect(await feed.getByLabel("TLP marking", { exact: true }).inputValue()).toBe("green");
      const stored = (await (await page.request.get("/account")).json()) as TAccount;
      expect(stored).toMatchObject({
        slack_webhook_url: slack,
        teams_webhook_url: teams,
        intel: { min_severity: "high", tlp: "green" },
      });

      // Saving the profile again keeps the sharing settings (PUT /account replaces the profile).
      await profile.getByLabel("Keywords", { exact: true }).fill("login");
      await profile.getByRole("button", { name: "Save profile" }).click();
      await profile.getByText(/^Saved\./).waitFor(WAIT);
      const again = (await (await page.request.get("/account")).json()) as TAccount;
      expect(again.intel).toEqual({ min_severity: "high", tlp: "green" });
      expect(again.keywords).toEqual(["login"]);
      await snap(page, "account-intel-saved");
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  it(
    "downloads every export of the scan shown from the keyboard-driven export menu",
    { timeout: 180_000 },
    async () => {
      const email = "exports@intel-ui.test";
      const user = await t.container.services.users.createUser({ email, password: PASSWORD });
      const scan = await insertScan(t.db, user.id, { status: "completed", completed_at: new Date() });
      const domains = ["acmebank-login.com", "acmebank-secure.net", "acmebnak.com"];
      for (const [i, domain] of domains.entries())
        await insertDomainFinding(t.db, scan.id, user.id, {
          domain,
          resolve_status: "registered",
          original_domain: "acmebank.com",
          dns_a: [`203.0.113.${10 + i}`],
          http_status: 200,
          login_form: i === 0,
          score: 90 - i * 10,
          severity: i === 0 ? "critical" : "high",
        });
      const handles = ["acmebank_help", "acmebanksupport"];
      await insertSocialFindings(
        t.db,
        handles.map((handle) => ({
          scan_id: scan.id,
          user_id: user.id,
          platform: "x" as const,
          handle,
          status: "found" as const,
          profile_url: `https://x.com/${handle}`,
          display_name: "Acme Bank Support",
          bio: "Official Acme Bank help desk",
          followers: 321,
          name_similarity: 0.92,
          score: 80,
          severity: "high" as const,
        })),
      );

      const { page, context, problems } = await freshPage(browser, baseUrl);
      await logIn(page, email);
      await page.goto(`/dashboard?scan=${scan.id}`);
      await page.getByTestId("findings-table").locator("tbody tr").first().waitFor(WAIT);
      const button = page.getByRole("button", { name: "Export" });
      const menu = page.getByRole("menu", { name: "Export" });

      // Opening on Enter puts the focus on the first entry; Escape closes back to the button.
      await button.focus();
      await page.keyboard.press("Enter");
      await menu.waitFor(WAIT);
      expect(await button.getAttribute("aria-expanded")).toBe("true");
      expect(await focusedText(page)).toBe("Domain findings (CSV)");
      const entries = await menu.getByRole("menuitem").allInnerTexts();
      expect(entries).toEqual([
        "Domain findings (CSV)",
        "Domain findings (JSON)",
        "Domain findings (JSON Lines)",
        "Social findings (CSV)",
        "Social findings (JSON)",
        "Social findings (JSON Lines)",
        "STIX 2.1 bundle",
        "MISP event",
      ]);
      await snap(page, "dashboard-export-menu");
      // ↑ from the first entry wraps to the last; End and Home jump.
      await page.keyboard.press("ArrowUp");
      expect(await focusedText(page)).toBe("MISP event");
      await page.keyboard.press("Home");
      expect(await focusedText(page)).toBe("Domain findings (CSV)");
      await page.keyboard.press("End");
      expect(await focusedText(page)).toBe("MISP event");
      await page.keyboard.press("Escape");
      expect(await menu.isVisible()).toBe(false);
      expect(await button.getAttribute("aria-expanded")).toBe("false");
      expect(await focusedText(page)).toBe("Export ▾");

      /** Opens the menu from the keyboard, moves to entry `index` with ↓ and downloads it with Enter. */
      const download = async (index: number) => {
        await button.focus();
        await page.keyboard.press("ArrowDown");
        await menu.waitFor(WAIT);
        for (let i = 0; i < index; i++) await page.keyboard.press("ArrowDown");
        expect(await focusedText(page)).toBe(entries[index]);
        const [dl] = await Promise.all([page.waitForEvent("download", WAIT), page.keyboard.press("Enter")]);
        const body = (await readFile(await dl.path())).toString("utf8");
        // The download is of the scan shown, and the menu closed back to its button.
        expect(new URL(dl.url()).searchParams.get("scan_id")).toBe(scan.id);
        expect(await menu.isVisible()).toBe(false);
        expect(await focusedText(page)).toBe("Export ▾");
        // Downloads bypass request interception: the same address asked again, for its headers.
        const again = await page.request.get(dl.url());
        expect(again.status()).toBe(200);
        const answer = {
          type: again.headers()["content-type"] ?? "",
          disposition: again.headers()["content-disposition"] ?? "",
        };
        return { name: dl.suggestedFilename(), type: answer.type, disposition: answer.disposition, body };
      };
      const jsonLines = (body: string) =>
        body
          .split("\n")
          .filter((l) => l.trim())
          .map((l) => JSON.parse(l) as Record<string, unknown>);

      const domainCsv = await download(0);
      expect(domainCsv.name).toMatch(/\.csv$/);
      expect(domainCsv.type).toMatch(/^text\/csv/);
      expect(domainCsv.disposition).toMatch(/^attachment/);
      const csvLines = domainCsv.body.trim().split("\r\n");
      expect(csvLines[0]).toMatch(/^"id","scan_id","domain",/);
      expect(csvLines).toHaveLength(1 + domains.length);

      const domainJson = await download(1);
      expect(domainJson.name).toMatch(/\.json$/);
      expect(domainJson.type).toMatch(/^application\/json/);
      const djson = JSON.parse(domainJson.body) as { findings: Array<{ domain: string }> };
      expect(djson.findings.map((f) => f.domain).sort()).toEqual([...domains].sort());

      const domainJsonl = await download(2);
      expect(domainJsonl.name).toMatch(/\.jsonl$/);
      expect(domainJsonl.type).toMatch(/^application\/(x-)?(ndjson|jsonl|jsonlines)/);
      expect(
        jsonLines(domainJsonl.body)
          .map((f) => f.domain)
          .sort(),
      ).toEqual([...domains].sort());

      const socialCsv = await download(3);
      expect(socialCsv.name).toMatch(/\.csv$/);
      expect(socialCsv.type).toMatch(/^text\/csv/);
      const socialCsvLines = socialCsv.body.trim().split(/\r?\n/);
      expect(socialCsvLines).toHaveLength(1 + handles.length);
      for (const h of handles) expect(socialCsv.body).toContain(h);

      const socialJson = await download(4);
      expect(socialJson.name).toMatch(/\.json$/);
      expect(socialJson.type).toMatch(/^application\/json/);
      const sjson = JSON.parse(socialJson.body) as { findings: Array<{ handle: string }> };
      expect(sjson.findings.map((f) => f.handle).sort()).toEqual([...handles].sort());

      const socialJsonl = await download(5);
      expect(socialJsonl.name).toMatch(/\.jsonl$/);
      expect(socialJsonl.type).toMatch(/^application\/(x-)?(ndjson|jsonl|jsonlines)/);
      expect(
        jsonLines(socialJsonl.body)
          .map((f) => f.handle)
          .sort(),
      ).toEqual([...handles].sort());

      const stix = await download(6);
      expect(stix.name).toMatch(/\.json$/);
      expect(stix.type).toMatch(/^application\/(stix\+)?json/);
      const bundle = JSON.parse(stix.body) as { type: string; id: string; objects: Array<{ type: string }> };
      expect(bundle.type).toBe("bundle");
      expect(bundle.id).toMatch(/^bundle--[0-9a-f-]{36}$/);
      // An indicator for each lookalike at or above the default floor (medium): all three here.
      const patterns = bundle.objects
        .filter((o) => o.type === "indicator")
        .map((o) => (o as { pattern?: string }).pattern ?? "");
      for (const d of domains)
        expect(patterns.some((p) => p.includes(`domain-name:value = '${d}'`))).toBe(true);

      const misp = await download(7);
      expect(misp.name).toMatch(/\.json$/);
      expect(misp.type).toMatch(/^application\/json/);
      const event = (JSON.parse(misp.body) as { Event: { info: string; Tag?: Array<{ name: string }> } })
        .Event;
      expect(typeof event.info).toBe("string");
      expect(event.Tag?.map((tag) => tag.name)).toContain("tlp:amber");
      // The phishing lookalike (a login form) is in the event.
      expect(misp.body).toContain("acmebank-login.com");

      expect(problems).toEqual([]);
      await context.close();
    },
  );
});
