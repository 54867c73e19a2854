import { describe, expect, it } from "vitest";
import { generateReport } from "./generate-report.ts";
import { makeSnapshot } from "../../../testing/snapshot-fixture.ts";
import { captureLogger, pdfText } from "../../../test/pdf-inspect.ts";

describe("AI demotions in the PDF report", () => {
  it("shows each demotion as such: lowered in full, or held in its band by hard evidence", async () => {
    const snap = makeSnapshot({ findings: 3, screenshotShare: 0 });
    const [lowered, held, untouched] = snap.findings;
    Object.assign(lowered!, {
      score: 85,
      severity: "critical",
      adjusted_score: 70,
      adjusted_severity: "high",
      ai_verdict: "benign",
      ai_demotion: {
        proposed: -15,
        from_score: 85,
        to_score: 70,
        from_severity: "critical",
        to_severity: "high",
        held_by: [],
      },
    });
    Object.assign(held!, {
      score: 85,
      severity: "critical",
      adjusted_score: 80,
      adjusted_severity: "critical",
      ai_verdict: "benign",
      ai_demotion: {
        proposed: -15,
        from_score: 85,
        to_score: 80,
        from_severity: "critical",
        to_severity: "critical",
        held_by: ["threat_feed_hit"],
      },
    });
    untouched!.ai_demotion = null;
    const { full } = await generateReport(snap, { logger: captureLogger().logger });
    const { text } = await pdfText(full);
    const flat = text.replace(/\s+/g, " ");
    expect(flat).toContain("AI demotion: Lowered by AI from critical 85 to high 70 (-15)");
    expect(flat).toContain(
      "AI demotion: AI asked for -15; held at critical 80 by hard evidence: threat-feed hit",
    );
    expect(flat.match(/AI demotion:/g)).toHaveLength(2);
  });
});
