import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertDomainFinding, insertScan } from "@brandwarden/web/test/factories";
import { PASSWORD, snap } from "@brandwarden/web/test/browser/browser-harness";
import { startBrowserWorld, type BrowserWorld } from "./browser-world.ts";

// Issue 22 in Chromium: the findings table says which source found each lookalike ("Found by",
// on by default), and the evidence drawer says it in words with why the name was taken.

const OWNER = "owner@sources.test";
const REASON = 'label "acmebank-refund-center" contains the brand "acmebank"';

describe("where a finding came from, in Chromium", () => {
  let bw: BrowserWorld;
  let scanId = "";
  let userId = "";

  beforeAll(async () => {
    bw = await startBrowserWorld();
    const { services, infra } = bw.app.web.container;
    const user = await services.users.createUser({ email: OWNER, password: PASSWORD });
    userId = user.id;
    const scan = await insertScan(infra.db, user.id, { status: "completed", completed_at: new Date() });
    scanId = scan.id;
    const add = (domain: string, over: Parameters<typeof insertDomainFinding>[3]) =>
      insertDomainFinding(infra.db, scan.id, user.id, {
        domain,
        resolve_status: "registered",
        original_domain: "acmebank.com",
        ...over,
      });
    await add("acmebank-refund-center.xyz", {
      discovered_by: ["ct"],
      discovery_reason: REASON,
      fuzzer: null,
      score: 82,
      severity: "critical",
    });
    await add("acmebnak.com", {
      discovered_by: ["permutation", "ct"],
      discovery_reason: 'label "acmebnak" is 1 edit from the brand "acmebank"',
      fuzzer: "transposition",
      fuzzers: ["transposition"],
      score: 60,
      severity: "high",
    });
    await add("acmebank.net", {
      discovered_by: ["permutation"],
      fuzzer: "tld-swap",
      score: 30,
      severity: "low",
    });
  }, 180_000);
  afterAll(async () => {
    await bw?.stop();
  });

  it(
    "shows the source in the table and, with why, in the evidence drawer",
    { timeout: 120_000 },
    async () => {
      const { context, page } = await bw.newLoggedInPage(OWNER);
      await page.goto(`/dashboard?scan=${scanId}`);
      const table = page.getByTestId("findings-table");
      await expect.poll(() => table.locator("tbody tr").count(), { timeout: 30_000 }).toBe(3);
      const column = await table
        .locator("thead th")
        .evaluateAll((ths) => ths.findIndex((th) => th.getAttribute("data-column") === "discovered_by"));
      expect(column).toBeGreaterThan(0);
      expect(await table.locator("thead th").nth(column).innerText()).toContain("Found by");
      const foundBy = async (domain: string) =>
        (
          await table.locator(`tbody tr[data-domain="${domain}"] td:nth-child(${column + 1})`).innerText()
        ).trim();
      expect(await foundBy("acmebank-refund-center.xyz")).toBe("ct");
      expect(await foundBy("acmebnak.com")).toBe("permutation, ct");
      expect(await foundBy("acmebank.net")).toBe("permutation");
      await snap(page, "found-by-column");

      await table.getByRole("button", { name: "acmebank-refund-center.xyz", exact: true }).click();
      const dialog = page.getByRole("dialog");
      const section = dialog.locator("section", {
        has: page.getByRole("heading", { name: "How it was found" }),
      });
      await section.waitFor();
      const facts = (await section.innerText()).replace(/\s+/g, " ");
      expect(facts).toContain("Found by Certificate Transparency");
      expect(facts).toContain(`Why found ${REASON}`);
      expect(facts).toContain("Lookalike of acmebank.com");
      expect(facts).toContain("Fuzzer —");
      await section.scrollIntoViewIfNeeded();
      await snap(page, "found-by-drawer");
      await dialog.getByRole("button", { name: /close/i }).first().click();

      await table.getByRole("button", { name: "acmebnak.com", exact: true }).click();
      const both = page
        .getByRole("dialog")
        .locator("section", { has: page.getByRole("heading", { name: "How it was found" }) });
      expect((await both.innerText()).replace(/\s+/g, " ")).toContain(
        "Found by permutations and Certificate Transparency",
      );
      await context.close();
    },
  );

  it(
    "opens the page a CT alert links, before any scan lists the name, with what the follower found",
    { timeout: 120_000 },
    async () => {
      const name = "acmebank-refund-desk.xyz";
      const alert = await bw.app.web.container.services.monitoring.events.raiseFromSource({
        user_id: userId,
        type: "lookalike.discovered",
        subject: name,
        reason: `label "acmebank-refund-desk" contains the brand "acmebank". A precertificate for it was logged by Example log.`,
        severity: "critical",
        finding: {
          domain: name,
          original_domain: "acmebank.com",
          discovered_by: ["ct"],
          resolve_status: "registered",
          registrar: "NameCheap, Inc.",
          dns_a: ["127.20.56.1"],
          page_title: "Acme Bank | Sign in",
          login_form: true,
          score: 88,
          severity: "critical",
        },
        dedupe_key: `ct:${userId}:${name}`,
      });
      expect(alert!.link).toMatch(/^\/lookalikes\//);
      const { context, page } = await bw.newLoggedInPage(OWNER);
      await page.goto(alert!.link);
      const evidence = page.locator("section", { has: page.getByRole("heading", { name: /Evidence/ }) });
      await evidence.getByText("Found in a Certificate Transparency log").waitFor();
      const text = (await evidence.innerText()).replace(/\s+/g, " ");
      expect(text).toContain("Critical");
      for (const fact of [
        "Score 88",
        "Page title Acme Bank | Sign in",
        "Login form yes",
        "Found by Certificate Transparency",
        "Registrar NameCheap, Inc.",
        "Addresses 127.20.56.1",
      ])
        expect(text).toContain(fact);
      expect(text).not.toContain("Seen by the watch");
      await snap(page, "ct-lookalike-page");
      await context.close();
    },
  );
});
