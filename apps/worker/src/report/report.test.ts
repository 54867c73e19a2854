import { describe, expect, it } from "vitest";
import { generateReport } from "./generate-report.ts";
import { buildReportModel } from "./report-model.ts";
import { REPORT_AI_FALLBACK, resolveReportProse } from "./report-prose.ts";
import { executiveSummaryText, priorityAction, priorityActions } from "./report-text.ts";
import { displayDomain, pdfSafe } from "./pdf-text.ts";
import { blankFinding, makeSnapshot, pngDataUri } from "./testing/snapshot-fixture.ts";
import { captureLogger, imageCount, pdfText } from "./testing/pdf-inspect.ts";

const FULL_SECTIONS = [
  "Brand-abuse report",
  "Executive summary",
  "Priority actions",
  "Severity distribution",
  "Campaign analysis",
  "Threat-feed exposure",
  "Takedown contacts",
  "Social-media impersonation",
  "Findings (",
];
const SUMMARY_SECTIONS = [
  "Executive summary",
  "Priority actions",
  "Severity distribution",
  "Campaign analysis",
  "Threat-feed exposure",
  "Takedown contacts",
];

describe("full report", () => {
  it("has every section, every finding with its enrichment, score, signals, AI analysis and contacts", async () => {
    const snap = makeSnapshot({ findings: 40, screenshotShare: 0.25 });
    const { logger } = captureLogger();
    const { full } = await generateReport(snap, { logger });
    const { text } = await pdfText(full);
    for (const s of FULL_SECTIONS) expect(text).toContain(s);
    for (const f of snap.findings) expect(text).toContain(f.domain);
    const phish = snap.findings.find((f) => f.login_form)!;
    const listed = snap.findings.find((f) => f.threat_feed_hits)!;
    expect(text).toContain(
      `${listed.domain}: ${listed.threat_feed_hits![0]!.feed} by domain since 2025-05-30`,
    );
    expect(text).toContain(phish.registrar_abuse_email!);
    expect(text).toContain(phish.hosting_abuse_email!);
    expect(text).toContain(phish.registrar!);
    expect(text).toContain(phish.form_action!);
    expect(text).toContain("login_form +15.0");
    expect(text).toContain("registration_recent +10.0");
    expect(text).toContain("Clone of the brand's login page");
    expect(text).toContain("Campaign c1");
    expect(text).toMatch(/OpenPhish|URLhaus|PhishTank/);
    expect(text).toContain("Screenshot of https://");
  });

  it("embeds the logo and the screenshots as image XObjects (identical screenshots once)", async () => {
    const snap = makeSnapshot({ findings: 12, screenshotShare: 0.5 });
    snap.findings[1]!.screenshot_data = pngDataUri(200, 120, [0, 0, 0]);
    const { full, summary } = await generateReport(snap, { logger: captureLogger().logger });
    expect(imageCount(full)).toBe(3); // logo + the shared screenshot + the distinct one
    expect(imageCount(summary)).toBe(1); // logo
    const none = makeSnapshot({ findings: 3, screenshotShare: 0, logo: null });
    const bare = await generateReport(none, { logger: captureLogger().logger });
    expect(imageCount(bare.full)).toBe(0);
  });

  it("survives an SVG logo, a broken screenshot, Unicode domains and hostile text", async () => {
    const snap = makeSnapshot({ findings: 3, screenshotShare: 0 });
    snap.logo_data_uri = `data:image/svg+xml;base64,${Buffer.from("<svg/>").toString("base64")}`;
    snap.findings[0]!.screenshot_data = `data:image/png;base64,${Buffer.from("\x89PNG\r\n\x1a\nbroken").toString("base64")}`;
    snap.findings[1]!.domain = "xn--acmebnk-bxa.com";
    snap.findings[1]!.domain_unicode = "acmebänk.com";
    snap.findings[2]!.domain = "xn--cmebank-8nf.com";
    snap.findings[2]!.domain_unicode = "аcmebank.com"; // Cyrillic а: not in the standard fonts
    snap.findings[2]!.page_title = "Вход 日本 \u0000\u0007 tab\there";
    const { full } = await generateReport(snap, { logger: captureLogger().logger });
    const { text } = await pdfText(full);
    expect(text).toContain("Brand logo not shown: image/svg+xml images cannot be embedded");
    expect(text).toContain("Screenshot not shown");
    expect(text).toContain("xn--acmebnk-bxa.com (acmebänk.com)");
    expect(text).toContain("xn--cmebank-8nf.com (internationalised name; Unicode form not printable");
    expect(text).not.toContain("аcmebank");
    expect(imageCount(full)).toBe(0);
  });
});

describe("executive summary PDF", () => {
  it("is exactly one page with every section, also for 5,000 findings", async () => {
    for (const n of [0, 30, 5000]) {
      const snap = makeSnapshot({ findings: n, screenshotShare: 0 });
      const model = buildReportModel(snap);
      const prose = await resolveReportProse(model, undefined, captureLogger().logger);
      const { buildSummaryReport } = await import("./build-summary-report.ts");
      const { pages, text } = await pdfText(await buildSummaryReport(model, prose));
      expect(pages).toBe(1);
      for (const s of SUMMARY_SECTIONS) expect(text).toContain(s);
      if (n === 5000) {
        expect(text).toMatch(/and \d+ more actions/);
        expect(text).toMatch(/and \d+ more campaigns/);
        expect(text).toMatch(/and \d+ more listed domains/);
        expect(text).toContain("critical");
      }
    }
  }, 60_000);

  it("stays one page with a very long AI summary", async () => {
    const snap = makeSnapshot({ findings: 200, screenshotShare: 0 });
    const prose = { summarize: async () => "A very long analysis sentence. ".repeat(200) };
    const { summary } = await generateReport(snap, { logger: captureLogger().logger, prose });
    expect((await pdfText(summary)).pages).toBe(1);
  });
});

describe("AI prose fallback", () => {
  const snap = makeSnapshot({ findings: 5, screenshotShare: 0 });
  const model = buildReportModel(snap);

  it("uses the deterministic text and logs the warning when no provider is configured", async () => {
    const { logger, lines } = captureLogger();
    const prose = await resolveReportProse(model, undefined, logger);
    expect(prose).toEqual({ executive_summary: executiveSummaryText(model), source: "deterministic" });
    expect(lines).toEqual([
      expect.objectContaining({
        level: "warn",
        msg: REPORT_AI_FALLBACK,
        code: REPORT_AI_FALLBACK,
        scan_id: snap.scan.scan_id,
      }),
    ]);
  });

  it("falls back when the provider throws, times out or answers nothing; the report is still produced", async () => {
    for (const provider of [
      { summarize: async () => Promise.reject(new Error("LLM down")) },
      { summarize: () => new Promise<string>(() => undefined) },
      { summarize: async () => "   " },
    ]) {
      const { logger, lines } = captureLogger();
      const prose = await resolveReportProse(model, provider, logger, 50);
      expect(prose.source).toBe("deterministic");
      expect(lines.filter((l) => l.msg === REPORT_AI_FALLBACK)).toHaveLength(1);
    }
    const { logger, lines } = captureLogger();
    const report = await generateReport(snap, {
      logger,
      prose: { summarize: async () => Promise.reject(new Error("LLM down")) },
    });
    expect(report.prose_source).toBe("deterministic");
    expect(lines.filter((l) => l.msg === REPORT_AI_FALLBACK)).toHaveLength(1);
    expect((await pdfText(report.summary)).text).toContain(executiveSummaryText(model).slice(0, 60));
  });

  it("uses the provider's text when it answers, without the warning", async () => {
    const { logger, lines } = captureLogger();
    const report = await generateReport(snap, {
      logger,
      prose: { summarize: async () => "The AI says: two phishing sites need action." },
    });
    expect(report.prose_source).toBe("ai");
    expect(lines).toEqual([]);
    expect((await pdfText(report.full)).text).toContain("The AI says: two phishing sites need action.");
  });
});

describe("report text", () => {
  it("writes priority actions from the worst findings", () => {
    const f = blankFinding(crypto.randomUUID(), "acme-login.com", {
      score: 92,
      severity: "critical",
      login_form: true,
      brand_in_page: true,
      http_status: 200,
    });
    expect(priorityAction(f)).toBe(
      "Request takedown of acme-login.com (critical, login form cloning your site)",
    );
    const snap = makeSnapshot({ findings: 0 });
    snap.findings = [f, blankFinding(snap.scan.scan_id, "acme-info.com", { score: 5, severity: "info" })];
    const { actions, more } = priorityActions(buildReportModel(snap), 5);
    expect(actions).toEqual([priorityAction(f)]);
    expect(more).toBe(0);
  });

  it("counts in the executive summary", () => {
    const model = buildReportModel(makeSnapshot({ findings: 100, screenshotShare: 0 }));
    const text = executiveSummaryText(model);
    expect(text).toContain("recorded 100 lookalike domains");
    expect(text).toContain(`${model.counts.critical} critical`);
    expect(text).toMatch(/\d+ domains are already listed by threat feeds/);
  });

  it("prints only what the standard fonts can show", () => {
    expect(pdfSafe("a\u0000b\tc€日")).toBe("ab c€?");
    expect(displayDomain("example.com", null)).toBe("example.com");
  });
});
