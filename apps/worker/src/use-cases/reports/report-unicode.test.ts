import { describe, expect, it } from "vitest";
import { generateReport } from "./generate-report.ts";
import { makeSnapshot } from "../../../testing/snapshot-fixture.ts";
import { captureLogger, popplerText } from "../../../test/pdf-inspect.ts";

// A homograph is the thing the reader must see: the report prints it in its Unicode form with the
// `xn--` form beside, and page titles in the scripts they are written in (read back by poppler).

function homographScan() {
  const snap = makeSnapshot({ findings: 6, screenshotShare: 0 });
  const titles = {
    "xn--pypal-4ve.com": "Вход в личный кабинет — Σύνδεση στον λογαριασμό σας", // Cyrillic а in pаypal
    "xn--mxaaaaaa.example": "ישראל כניסה לחשבון", // Hebrew
    "xn--mgbh0fb.example": "تسجيل الدخول", // Arabic
    "xn--eckwd4c7c.example": "ログイン 登录 로그인", // CJK: DejaVu Sans has no glyphs for it
  };
  const unicode: Record<string, string> = {
    "xn--pypal-4ve.com": "pаypal.com",
    "xn--eckwd4c7c.example": "ウェブ.example",
  };
  Object.entries(titles).forEach(([domain, title], i) =>
    Object.assign(snap.findings[i]!, {
      domain,
      domain_unicode: unicode[domain] ?? domain,
      page_title: title,
      login_form: true,
      score: 90,
      severity: "critical",
    }),
  );
  return snap;
}

describe("report in the reader's script", () => {
  it("prints a Cyrillic homograph as the reader sees it, with its xn-- form beside", async () => {
    const { full, summary } = await generateReport(homographScan(), { logger: captureLogger().logger });
    for (const pdf of [full, summary]) {
      const text = popplerText(pdf).replace(/\s+/g, " ");
      expect(text).toContain("pаypal.com (xn--pypal-4ve.com)");
      expect(text).not.toContain("xn--pypal-4ve.com (internationalised name");
    }
  });

  it("prints Cyrillic and Greek page titles, not question marks", async () => {
    const { full } = await generateReport(homographScan(), { logger: captureLogger().logger });
    const text = popplerText(full).replace(/\s+/g, " ");
    expect(text).toContain("Вход в личный кабинет — Σύνδεση στον λογαριασμό σας");
    expect(text).not.toMatch(/title "\?{3}/);
  });

  it("survives Hebrew, Arabic and CJK titles; a name the font cannot show keeps its xn-- form", async () => {
    const { full, summary } = await generateReport(homographScan(), { logger: captureLogger().logger });
    const text = popplerText(full).replace(/\s+/g, " ");
    expect(text).toContain("xn--eckwd4c7c.example (internationalised name; Unicode form not printable");
    for (const domain of ["xn--mxaaaaaa.example", "xn--mgbh0fb.example"]) expect(text).toContain(domain);
    // Right-to-left phrases read back in reading order (pdftotext applies the bidi algorithm).
    const rtl = text.replace(/[\u200b\u200e\u200f\u202a-\u202e]/g, "").replace(/\u00a0/g, " ");
    expect(rtl).toContain("כניסה לחשבון");
    expect(rtl).toContain("تسجيل الدخول");
    expect(summary.length).toBeGreaterThan(0);
  });

  it("embeds only the glyphs used (font subsets), so a short report stays small", async () => {
    const { full, summary } = await generateReport(homographScan(), { logger: captureLogger().logger });
    expect(full.length).toBeLessThan(120_000); // the three DejaVu faces are 2 MB whole
    expect(summary.length).toBeLessThan(80_000);
  });
});
