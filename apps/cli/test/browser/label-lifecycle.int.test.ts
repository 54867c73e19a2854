import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TDomainFindingInitial } from "@brandwarden/contract/findings";
import { insertScan, reportCompletedScan } from "@brandwarden/web/test/factories";
import { PASSWORD, snap } from "@brandwarden/web/test/browser/browser-harness";
import { startBrowserWorld, type BrowserWorld } from "./browser-world.ts";

// Issue 21 in Chromium: confirming a finding on the triage page makes its lookalike malicious at
// once, as its page and timeline show, without waiting for the next scan.

const OWNER = "owner@labels.test";

const parked = (domain: string, score: number): TDomainFindingInitial => ({
  domain,
  original_domain: "acmebank.com",
  fuzzer: "addition",
  resolve_status: "registered",
  dns_a: ["203.0.113.10"],
  dns_ns: ["ns1.registrar.example"],
  registrar: "NameCheap, Inc.",
  http_status: 200,
  page_title: `${domain} is for sale`,
  parked: true,
  score,
  severity: "low",
});

describe("a triage label in the browser", () => {
  let bw: BrowserWorld;

  beforeAll(async () => {
    bw = await startBrowserWorld();
    const { services, infra, consumer } = bw.app.web.container;
    const user = await services.users.createUser({ email: OWNER, password: PASSWORD });
    const s = await insertScan(infra.db, user.id, { status: "running" });
    const findings = [parked("acmebank-login.com", 38), parked("acmebank-pay.com", 25)];
    await reportCompletedScan(consumer, s.id, findings);
  }, 180_000);
  afterAll(async () => {
    await bw?.stop();
  });

  it(
    "confirmed on the triage page, a lookalike is malicious on its own page",
    { timeout: 120_000 },
    async () => {
      const { context, page } = await bw.newLoggedInPage(OWNER);

      await page
        .getByRole("navigation", { name: "Main" })
        .getByRole("link", { name: "Triage", exact: true })
        .click();
      const current = page.getByTestId("triage-current");
      await current.filter({ hasText: "acmebank-login.com" }).waitFor();
      await page.keyboard.press("c");
      await page.getByText(/marked confirmed\./).waitFor();
      await snap(page, "label-confirmed-triage");

      const { findings } = (await (await page.request.get("/dashboard/findings?label=confirmed")).json()) as {
        findings: Array<{ id: string; domain: string }>;
      };
      expect(findings.map((f) => f.domain)).toEqual(["acmebank-login.com"]);
      await page.goto(`/findings/${findings[0]!.id}`);
      await page.getByTestId("timeline").waitFor();
      expect(await page.getByTestId("lookalike-summary").innerText()).toMatch(/^malicious · first seen/);
      const events = await page
        .getByTestId("timeline")
        .locator(":scope > li")
        .evaluateAll((li) => li.map((l) => l.getAttribute("data-event")));
      expect(events).toEqual(["confirmed_malicious", "first_seen"]);
      await snap(page, "label-confirmed-finding");
      await context.close();
    },
  );
});
