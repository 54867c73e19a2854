import { describe, expect, it } from "vitest";
import { buildSummaryReport } from "./build-summary-report.ts";
import { generateReport } from "./generate-report.ts";
import { buildReportModel } from "./report-model.ts";
import { resolveReportProse } from "./report-prose.ts";
import { medianTimeToDown } from "./takedown-text.ts";
import { makeSnapshot } from "../../../testing/snapshot-fixture.ts";
import { manyOpenCases, takedownCases } from "../../../testing/takedown-cases-fixture.ts";
import { captureLogger, pdfText, popplerText } from "../../../test/pdf-inspect.ts";

const flat = (s: string) => s.replace(/\s+/g, " ");

describe("takedown cases in the reports", () => {
  it("lists every case in the full report: name, state, dates, time to down, escalations, recipients", async () => {
    const cases = takedownCases();
    const snap = makeSnapshot({ findings: 6, screenshotShare: 0 });
    const { full } = await generateReport(snap, {
      logger: captureLogger().logger,
      takedowns: { cases, unreadable: null },
    });
    const text = flat(popplerText(full));
    expect(text).toContain("Takedown cases (6)");
    expect(text).toContain(
      "6 cases: 1 escalated, 1 sent, 1 open, 2 down and 1 withdrawn. Median time to down 1 d 4 h over 2 cases.",
    );
    // Open cases first, the longest-running first; then the ended ones, newest first.
    const order = ["acmebank-verify.net: Escalated", "acmebank-pay.com: Sent", "acmebnak.com: Open"];
    const at = order.map((o) => text.indexOf(o));
    expect(at.every((i) => i > 0)).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    expect(text.indexOf("acmebank-secure-login.com: Down")).toBeGreaterThan(at[2]!);
    expect(text).toContain("opened 2025-06-01 · first sent 2025-06-01 · down 2025-06-01 (5 h after sending)");
    expect(text).toContain("opened 2025-05-28 · first sent 2025-05-28 · 2 escalations");
    expect(text).toContain("Registrar NameCheap, Inc.: abuse@namecheap.test (sent)");
    expect(text).toContain("Hosting DigitalOcean, LLC: abuse@digitalocean.test (failed)");
    expect(text).toContain("CDN Cloudflare, Inc.: https://abuse.cloudflare.com/phishing (manual)");
    expect(text).toContain("Registry Verisign: abuse@verisign.test (sent)");
    expect(text).toContain("x @acmebank_help: Down");
    expect(text).toContain("Platform X Corp.: https://help.x.com/forms/impersonation (manual)");
    expect(text).toContain("acmebnak.com: Open opened 2025-06-03 · not sent yet");
    expect(text).not.toMatch(/undefined|null|NaN/);
  });

  it("shows the open cases with their state in the one-page summary, and not the ended ones", async () => {
    const snap = makeSnapshot({ findings: 30, screenshotShare: 0 });
    const { summary } = await generateReport(snap, {
      logger: captureLogger().logger,
      takedowns: { cases: takedownCases(), unreadable: null },
    });
    const { pages, text } = await pdfText(summary);
    expect(pages).toBe(1);
    expect(text).toContain("Open takedown cases (3 of 6)");
    // One line each (cut with an ellipsis where it is long).
    expect(text).toContain("acmebank-verify.net: escalated · first sent 2025-05-28 · 2 escalations · to NameCheap"); // prettier-ignore
    expect(text).toContain("acmebank-pay.com: sent · first sent 2025-06-02 · to NameCheap, Inc. and DigitalOcean, LLC"); // prettier-ignore
    expect(text).toContain("acmebnak.com: open · to NameCheap, Inc. and DigitalOcean, LLC");
    expect(text).not.toContain("acmebank-secure-login.com: down");
    expect(text).not.toContain("acme-bank-login.org");
  });

  it("keeps the summary on one page with 5,000 findings and 60 open cases", async () => {
    const snap = makeSnapshot({ findings: 5000, screenshotShare: 0 });
    const model = buildReportModel(snap, new Date(), { cases: manyOpenCases(60), unreadable: null });
    const prose = await resolveReportProse(model, undefined, captureLogger().logger);
    const { pages, text } = await pdfText(await buildSummaryReport(model, prose));
    expect(pages).toBe(1);
    expect(text).toContain("Open takedown cases (60 of 60)");
    expect(text).toContain("acme-open-0.com: open");
    expect(text).toMatch(/and 5\d more open cases/);
  }, 60_000);

  it("says when there is no case, when every case ended, and when the cases could not be read", async () => {
    const snap = makeSnapshot({ findings: 3, screenshotShare: 0 });
    const logger = captureLogger().logger;
    const none = await generateReport(snap, { logger });
    expect(flat(popplerText(none.full))).toContain(
      "Takedown cases (0) No takedown case has been opened for this brand's lookalikes.",
    );
    expect((await pdfText(none.summary)).text).not.toContain("takedown case");

    const ended = takedownCases().filter((c) => c.state === "down" || c.state === "withdrawn");
    const closed = await generateReport(snap, { logger, takedowns: { cases: ended, unreadable: null } });
    expect((await pdfText(closed.summary)).text).toContain(
      "No takedown case is open (3 ended: down or withdrawn).",
    );

    const unreadable = { cases: [], unreadable: "the web application did not answer" };
    const failed = await generateReport(snap, { logger, takedowns: unreadable });
    expect(flat(popplerText(failed.full))).toContain(
      "The takedown cases could not be read (the web application did not answer); see the Takedowns page.",
    );
    expect((await pdfText(failed.summary)).text).toContain("Takedown cases could not be read");
  });

  it("takes the median time to down over the cases that went down", () => {
    expect(medianTimeToDown(takedownCases())).toBe((5 * 3600 + 12 * 60 + 2 * 86400 + 3 * 3600) / 2);
    expect(medianTimeToDown([])).toBeNull();
  });
});
