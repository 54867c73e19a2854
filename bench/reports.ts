// PDF report generation: time (median of runs) and size of the full report and the one-page
// summary for 100 and 5,000 findings, screenshots (distinct, web-page-like) on 10% of them.
// Run: `npm run bench -- reports` or `node --import tsx bench/reports.ts`.
import { buildFullReport } from "@brandwarden/worker/use-cases/reports/build-full-report";
import { buildSummaryReport } from "@brandwarden/worker/use-cases/reports/build-summary-report";
import { buildReportModel } from "@brandwarden/worker/use-cases/reports/report-model";
import { resolveReportProse } from "@brandwarden/worker/use-cases/reports/report-prose";
import { makeSnapshot } from "@brandwarden/worker/testing/snapshot-fixture";

const quiet = { warn: () => undefined };
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MB`;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const CASES = [
  { findings: 100, runs: 7 },
  { findings: 5000, runs: 3 },
];

console.log(
  "findings  shots  full: median ms   size      pages | summary: median ms  size   | snapshot JSON",
);
for (const c of CASES) {
  const snapshot = makeSnapshot({
    findings: c.findings,
    screenshotShare: 0.1,
    screenshotSize: [640, 400],
    distinctScreenshots: true,
  });
  const shots = snapshot.findings.filter((f) => f.screenshot_data).length;
  const jsonBytes = Buffer.byteLength(JSON.stringify(snapshot));
  const fullMs: number[] = [];
  const summaryMs: number[] = [];
  let full: Buffer = Buffer.alloc(0);
  let summary: Buffer = Buffer.alloc(0);
  for (let r = 0; r < c.runs; r++) {
    const model = buildReportModel(snapshot);
    const prose = await resolveReportProse(model, undefined, quiet);
    let t = performance.now();
    summary = await buildSummaryReport(model, prose);
    summaryMs.push(performance.now() - t);
    t = performance.now();
    full = await buildFullReport(model, prose);
    fullMs.push(performance.now() - t);
  }
  const pages = full.toString("latin1").match(/\/Type \/Page\b/g)?.length ?? 0;
  console.log(
    `${String(c.findings).padStart(8)}  ${String(shots).padStart(5)}  ${median(fullMs).toFixed(0).padStart(15)}   ${mb(full.length).padStart(9)}  ${String(pages).padStart(5)} | ${median(summaryMs).toFixed(0).padStart(17)}  ${kb(summary.length).padStart(7)} | ${mb(jsonBytes)}`,
  );
}
console.log(`heap used at end: ${mb(process.memoryUsage().heapUsed)}, rss ${mb(process.memoryUsage().rss)}`);
console.log("budget: the web app reads the answer within 180 s (contract part 8)");
