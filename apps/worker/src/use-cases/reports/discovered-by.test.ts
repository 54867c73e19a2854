import { describe, expect, it } from "vitest";
import { generateReport } from "./generate-report.ts";
import { captureLogger, pdfText } from "../../../test/pdf-inspect.ts";
import { makeSnapshot } from "../../../testing/snapshot-fixture.ts";

describe("the PDF report says which source found each lookalike", () => {
  it("names Certificate Transparency and why it matched, and permutations", async () => {
    const snap = makeSnapshot({ findings: 3, screenshotShare: 0, logo: null });
    snap.findings[0] = {
      ...snap.findings[0]!,
      domain: "acmebank-refund-center.xyz",
      discovered_by: ["ct"],
      discovery_reason: 'label "acmebank-refund-center" contains the brand "acmebank"',
    };
    snap.findings[1] = { ...snap.findings[1]!, discovered_by: ["permutation", "ct"], discovery_reason: null };
    const { full } = await generateReport(snap, { logger: captureLogger().logger });
    const { text } = await pdfText(full);
    const flat = text.replace(/\s+/g, " ");
    expect(flat).toContain(
      'Found by: Certificate Transparency: label "acmebank-refund-center" contains the brand "acmebank"',
    );
    expect(flat).toContain("Found by: permutations and Certificate Transparency");
  });
});
