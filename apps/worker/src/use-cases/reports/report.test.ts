import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { ZStoredSocialFinding, type TStoredSocialFinding } from "@brandwarden/contract/findings";
import { describe, expect, it } from "vitest";
import { pngBomb } from "@brandwarden/platform/images/image-bomb";
import { generateReport } from "./generate-report.ts";
import { buildReportModel } from "./report-model.ts";
import { REPORT_AI_FALLBACK, resolveReportProse } from "./report-prose.ts";
import { executiveSummaryText, priorityAction, priorityActions } from "./report-text.ts";
import { displayDomain, pdfSafe } from "./pdf-text.ts";
import { blankFinding, makeSnapshot, pngDataUri } from "../../../testing/snapshot-fixture.ts";
import { captureLogger, imageCount, pdfText } from "../../../test/pdf-inspect.ts";

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
    // Campaigns go by a name a person can say, with their evidence in plain words; the id stays.
    const flat = text.replace(/\s+/g, " ");
    expect(flat).toContain("DigitalOcean 203.0.113.1 · registered May 1–2 · 2 domains");
    expect(flat).toContain("• same IP address 203.0.113.1 (DigitalOcean): both domains");
    expect(flat).toContain(
      "• registered at NameCheap within 48 hours of each other, from May 1, 2025: both domains",
    );
    expect(flat).toContain("Campaign id c1");
    expect(flat).toContain("Campaign: DigitalOcean 203.0.113.1 · registered May 1–2 · 2 domains (id c1)");
    // The brand's own registrations: named so, last, never an attack, no takedown.
    expect(flat).toContain(
      "Probably the brand's own registrations · registered May 4–19 · 3 domains Probably registered by the brand itself, not an attack",
    );
    expect(flat).toContain("• redirects to the brand's own site: all 3 domains");
    expect(flat.indexOf("Probably the brand's own registrations ·")).toBeGreaterThan(
      flat.indexOf("OVH 203.0.113.3 ·"),
    );
    expect(flat).toContain("Brand's own?: probably the brand's own registration, not an attack (id def_");
    expect(flat).not.toMatch(/undefined|null|NaN/);
    expect(text).toMatch(/OpenPhish|URLhaus|PhishTank/);
    expect(text).toContain("Screenshot of https://");
  });

  it("describes campaign keys of older scans (no day, an old month format) without printing undefined", async () => {
    const snap = makeSnapshot({ findings: 2, screenshotShare: 0, logo: null });
    snap.findings.forEach((f, i) =>
      Object.assign(f, {
        registrar: "NameCheap, Inc.",
        campaign_id: "c9",
        campaign_keys: ["registrar:namecheap, inc.", i ? "registrar:NameCheap|2025-05" : "cert:sha256:ab"],
      }),
    );
    const { full, summary } = await generateReport(snap, { logger: captureLogger().logger });
    for (const pdf of [full, summary]) {
      const flat = (await pdfText(pdf)).text.replace(/\s+/g, " ");
      expect(flat).toContain("NameCheap burst · registered May 1–2 · 2 domains");
      expect(flat).toContain("registered at NameCheap within 48 hours of each other: both domains");
      // A key one member holds is not shared evidence.
      expect(flat).not.toContain("same TLS certificate");
      expect(flat).not.toMatch(/undefined|NaN/);
    }
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

  it("draws SVG and WebP logos, and refuses a decompression-bomb logo from its header with a note", async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><circle cx="32" cy="32" r="30" fill="#123"/></svg>`; // prettier-ignore
    const webp = await sharp(Buffer.from(svg)).webp().toBuffer();
    for (const uri of [
      `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
      `data:image/webp;base64,${webp.toString("base64")}`,
    ]) {
      // prettier-ignore
      const snap = makeSnapshot({ findings: 2, screenshotShare: 0, logo: null });
      snap.logo_data_uri = uri;
      // (one XObject, plus its soft mask when the PNG has transparency)
      expect(
        imageCount((await generateReport(snap, { logger: captureLogger().logger })).summary),
      ).toBeGreaterThanOrEqual(1);
    }
    const bomb = makeSnapshot({ findings: 2, screenshotShare: 0, logo: null });
    bomb.logo_data_uri = `data:image/png;base64,${pngBomb(8000, 8000).toString("base64")}`;
    const { full } = await generateReport(bomb, { logger: captureLogger().logger });
    expect(imageCount(full)).toBe(0);
    expect((await pdfText(full)).text).toContain("Brand logo not shown: The image is 8000×8000 pixels");
  });

  it("does not draw an SVG logo with filters stored before uploads were checked, and says why", async () => {
    const stacked = Array.from({ length: 40 }, (_, i) => `<feGaussianBlur stdDeviation="200"/><feMorphology operator="dilate" radius="${i + 1}"/>`).join(""); // prettier-ignore
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="4000"><filter id="f">${stacked}</filter><rect width="4000" height="4000" filter="url(#f)"/></svg>`; // prettier-ignore
    const snap = makeSnapshot({ findings: 2, screenshotShare: 0, logo: null });
    snap.logo_data_uri = `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
    const { full } = await generateReport(snap, { logger: captureLogger().logger });
    expect(imageCount(full)).toBe(0);
    expect((await pdfText(full)).text).toContain("Brand logo not shown: The SVG uses filter effects");
  });

  it("survives an SVG logo, a broken screenshot, Unicode domains and hostile text", async () => {
    const snap = makeSnapshot({ findings: 3, screenshotShare: 0 });
    snap.logo_data_uri = `data:image/svg+xml;base64,${Buffer.from("<svg/>").toString("base64")}`;
    snap.findings[0]!.screenshot_data = `data:image/png;base64,${Buffer.from("\x89PNG\r\n\x1a\nbroken").toString("base64")}`;
    snap.findings[1]!.domain = "xn--acmebnk-bxa.com";
    snap.findings[1]!.domain_unicode = "acmebänk.com";
    snap.findings[2]!.domain = "xn--cmebank-8nf.com";
    snap.findings[2]!.domain_unicode = "аcmebank.com"; // Cyrillic а
    snap.findings[2]!.page_title = "Вход 日本 \u0000\u0007 tab\there";
    const { full } = await generateReport(snap, { logger: captureLogger().logger });
    const { text } = await pdfText(full);
    expect(text).toContain("Brand logo not shown: The image cannot be read");
    expect(text).toContain("Screenshot not shown");
    expect(text).toContain("acmebänk.com (xn--acmebnk-bxa.com)");
    expect(text).toContain("аcmebank.com (xn--cmebank-8nf.com)");
    expect(text).toContain('title "Вход ');
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

  it("keeps every script and drops control characters; the xn-- form stands beside the Unicode one", () => {
    expect(pdfSafe("a\u0000b\tc€日")).toBe("ab c€日");
    const any = () => true;
    expect(displayDomain("example.com", null, any)).toBe("example.com");
    expect(displayDomain("xn--pypal-4ve.com", "pаypal.com", any)).toBe("pаypal.com (xn--pypal-4ve.com)");
    expect(displayDomain("xn--pypal-4ve.com", "pаypal.com", () => false)).toMatch(
      /^xn--pypal-4ve.com \(internationalised/,
    );
  });
});

describe("social section", () => {
  it("names the platforms that could not be checked and lists the brand's own accounts apart, unscored", async () => {
    const snap = makeSnapshot({ findings: 2 });
    const social = (handle: string, over: Partial<TStoredSocialFinding>): TStoredSocialFinding =>
      ({
        ...Object.fromEntries(Object.keys(ZStoredSocialFinding.shape).map((k) => [k, null])),
        id: randomUUID(),
        scan_id: snap.scan.scan_id,
        platform: "x",
        handle,
        status: "found",
        created_at: "2025-06-01T12:00:00.000Z",
        updated_at: "2025-06-01T12:00:00.000Z",
        ...over,
      }) as TStoredSocialFinding;
    snap.social_findings = [
      social("acrnebank", { score: 80, severity: "high" }),
      social("help.acmebank.com", { platform: "bluesky", owned_evidence: "Bluesky handle help.acmebank.com is on the owned domain acmebank.com" }), // prettier-ignore
    ];
    snap.scan.social_coverage = [
      { platform: "linkedin", reason: "login_wall", detail: "40 login wall (e.g. linkedin 999)", probes: 40 },
    ];
    const { full } = await generateReport(snap, { logger: captureLogger().logger });
    const flat = (await pdfText(full)).text.replace(/\s+/g, " ");
    expect(flat).toContain("x @acrnebank: high 80/100");
    expect(flat).toContain("Could not be checked");
    expect(flat).toContain("linkedin: 40 login wall (e.g. linkedin 999)");
    expect(flat).toContain("The brand's own accounts (not scored)");
    expect(flat).toContain("bluesky @help.acmebank.com: Bluesky handle help.acmebank.com is on the owned domain acmebank.com"); // prettier-ignore
    expect(flat).not.toContain("bluesky @help.acmebank.com: unscored");
  });
});
