/**
 * A big scan read in bounded pages: 1,500 domain findings, each with its own screenshot, and a few
 * social findings, in a real web app (PGlite). The worker's client walks `audit_data` by cursor
 * (every page bounded, no image inline), fetches images one at a time by reference, and the report
 * and the AI audit (the world's LLM) complete over it. Memory is measured by bench/paged-audit.ts.
 */
import { describe, expect, it } from "vitest";
import Fastify from "fastify";
import { PNG } from "pngjs";
import { ZReportResponse } from "@brandwarden/contract/worker-api";
import { installErrorHandler } from "@brandwarden/platform/http/error-handler";
import {
  insertDomainFindings,
  insertScan,
  insertSocialFindings,
  insertUser,
} from "@brandwarden/web/test/factories";
import { TEST_TOKEN } from "@brandwarden/web/test/harness";
import { auditPages } from "../src/ports/web-api/load-snapshot.ts";
import { REPORT_SCREENSHOTS } from "../src/use-cases/reports/report-model.ts";
import { registerReportRoutes } from "../src/use-cases/reports/report.routes.ts";
import { ctx, configureAi, runAudit, useAiWorld } from "./ai-harness.ts";
import { captureLogger, imageCount, pdfText } from "./pdf-inspect.ts";

useAiWorld();

const FINDINGS = 1_500;
const SOCIAL = 3;
const REVIEWED = 12; // findings at or above the audit threshold (medium)

/** A 4x4 PNG whose colour encodes `i`: every screenshot distinct, a few dozen bytes each. */
function tinyPng(i: number): Buffer {
  const img = new PNG({ width: 4, height: 4, colorType: 2 });
  for (let p = 0; p < 16; p++) img.data.set([i & 0xff, (i >> 8) & 0xff, p * 16, 255], p * 4);
  return PNG.sync.write(img, { colorType: 2 });
}

async function bigScan() {
  const { db, container } = ctx.web;
  const user = await insertUser(db, { brand_name: "Acme Bank" });
  const scan = await insertScan(db, user.id, { status: "running" });
  const keys = await Promise.all(
    Array.from({ length: FINDINGS }, (_, i) => container.infra.blobs.put(tinyPng(i))),
  );
  await insertDomainFindings(
    db,
    keys.map((screenshot_key, i) => ({
      scan_id: scan.id,
      user_id: user.id,
      domain: `acme-paged-${String(i).padStart(4, "0")}.com`,
      score: i < REVIEWED ? 70 : 10,
      severity: i < REVIEWED ? ("high" as const) : ("info" as const),
      login_form: i < REVIEWED,
      screenshot_key,
    })),
  );
  await insertSocialFindings(
    db,
    Array.from({ length: SOCIAL }, (_, i) => ({
      scan_id: scan.id,
      user_id: user.id,
      platform: "github",
      handle: `acme-paged-${i}`,
      status: "found",
      score: 5,
    })),
  );
  return { user, scan };
}

describe("audit_data of a 1,500-finding scan with screenshots", () => {
  it("pages by cursor within bounds, images by reference; the report and the AI audit complete", async () => {
    const { user, scan } = await bigScan();

    // Unpaged, the scan is too big for one answer: a clear 422 naming the paging parameters.
    const whole = await fetch(`${ctx.webAddress}/v1/scans/${scan.id}/audit_data`, {
      headers: { authorization: `Bearer ${TEST_TOKEN}` },
    });
    expect(whole.status).toBe(422);
    expect(await whole.json()).toMatchObject({
      error: "invalid",
      message: expect.stringContaining("?cursor="),
    });

    // Every page is reachable by cursor, bounded in items and bytes, and carries no image bytes.
    const seen = new Set<string>();
    let pages = 0;
    let social = 0;
    let firstRef: { ref: string; index: number } | null = null;
    for await (const page of auditPages(ctx.client, scan.id, 200)) {
      pages++;
      expect(page.findings.length + page.social_findings.length).toBeLessThanOrEqual(200);
      const json = JSON.stringify(page);
      expect(json).not.toContain("data:image");
      expect(Buffer.byteLength(json)).toBeLessThan(400_000);
      expect(page.page).toMatchObject({ total_findings: FINDINGS, total_social_findings: SOCIAL });
      for (const f of page.findings) {
        expect(f.screenshot_data).toBeNull();
        expect(f.screenshot_ref).toBe(`/v1/scans/${scan.id}/screenshots/${f.id}`);
        expect(seen.has(f.id)).toBe(false);
        seen.add(f.id);
        firstRef ??= { ref: f.screenshot_ref!, index: Number(f.domain.slice(11, 15)) };
      }
      social += page.social_findings.length;
    }
    expect(seen.size).toBe(FINDINGS);
    expect(social).toBe(SOCIAL);
    expect(pages).toBe(Math.ceil((FINDINGS + SOCIAL) / 200));
    // The image by reference: the exact bytes, over the internal API with the bearer token.
    expect(await ctx.client.getImage!(firstRef!.ref)).toEqual(tinyPng(firstRef!.index));
    expect(await ctx.client.getImage!(`/v1/scans/${scan.id}/screenshots/${user.id}`)).toBeNull();

    // The report over the paged input: every finding listed, the top screenshots embedded.
    const worker = Fastify();
    installErrorHandler(worker);
    registerReportRoutes(worker, { web: ctx.client, logger: captureLogger().logger });
    const res = await worker.inject({
      method: "POST",
      url: "/report/generate",
      payload: { scan_id: scan.id },
    });
    await worker.close();
    expect(res.statusCode, res.body).toBe(200);
    const full = Buffer.from(ZReportResponse.parse(res.json()).full, "base64");
    expect(imageCount(full)).toBe(REPORT_SCREENSHOTS);
    const text = (await pdfText(full)).text;
    expect(text).toContain(`Findings (${FINDINGS})`);
    expect(text).toContain("acme-paged-1499.com");
    expect(text).toContain(`this report shows the ${REPORT_SCREENSHOTS} highest-priority screenshots`);

    // The AI audit reads the same pages and sends each reviewed finding's screenshot, fetched by reference.
    await configureAi("openai");
    const run = await runAudit(scan.id, user.id);
    expect(run.status).toBe("completed");
    expect(run.audit.status).toBe("completed");
    const requests = ctx.llm.requests();
    expect(requests).toHaveLength(REVIEWED);
    for (const r of requests)
      expect(JSON.stringify(r.body).match(/"type":"image_url"/g) ?? []).toHaveLength(1);
  }, 120_000);
});
