/**
 * Memory of a big scan with screenshots through the report and the AI audit (issue 27): the web app
 * (PGlite, screenshots in a disk blob store) and the worker each run in their own process, so each
 * one's peak RSS is its own. For each case the web app is seeded with N domain findings, each with
 * a distinct screenshot of the given size; the worker then generates both PDFs (POST
 * /report/generate over the paged `audit_data`, screenshots by reference) and runs the AI audit
 * stage against the world's LLM (findings at or above `high`, 2% of them, with their screenshots).
 *
 * Printed per case and process: baseline RSS once seeded or started, peak RSS during the work
 * (sampled every 20 ms) and its growth, `resourceUsage().maxRSS`, and the peak growth of the V8
 * heap plus buffers (the web app keeps the RSS its seeding took, so its RSS barely moves). Bounds
 * computed in the run:
 *   - screenshots: with 4x the screenshot bytes (10,000 findings), each process's peak growth stays
 *     within 1.25x (+16 MB) of the growth with 1x: memory does not follow the screenshots;
 *   - findings: each process's peak growth for 10,000 findings is under 10x its growth for 1,000.
 *
 *   npm run bench -- paged-audit   (or: node --import tsx --expose-gc bench/paged-audit.ts [1000 10000])
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { randomBytes } from "node:crypto";
import { deflateSync } from "node:zlib";

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const TOKEN = "bench-internal-token-0123456789";
const LLM_KEY = "sk-bench-paged";
const REVIEWED_SHARE = 0.02;

/** Peak RSS sampled every 20 ms from `start()` on, with the baseline taken after a GC. */
function rssSampler() {
  let baseline = 0;
  let peak = 0;
  let liveBase = 0;
  let livePeak = 0;
  let timer: NodeJS.Timeout | null = null;
  return {
    start() {
      (globalThis as { gc?: () => void }).gc?.();
      const m = process.memoryUsage();
      baseline = peak = m.rss;
      liveBase = livePeak = m.heapUsed + m.external;
      timer = setInterval(() => {
        const u = process.memoryUsage();
        peak = Math.max(peak, u.rss);
        livePeak = Math.max(livePeak, u.heapUsed + u.external);
      }, 20);
    },
    stop() {
      if (timer) clearInterval(timer);
      peak = Math.max(peak, process.memoryUsage().rss);
      const maxrss = process.resourceUsage().maxRSS * 1024;
      return { baseline, peak, growth: peak - baseline, maxrss, live: livePeak - liveBase };
    },
  };
}

// --- Screenshots: one random-pixel PNG of about `kb` (random pixels do not compress), made distinct
// per finding by an ancillary tEXt chunk, so thousands cost no PNG encoding.
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}
function screenshotMaker(kb: number) {
  const width = 160;
  const height = Math.max(1, Math.round((kb * 1024) / (width * 3)));
  const raw = Buffer.alloc((width * 3 + 1) * height);
  const noise = randomBytes(raw.length);
  for (let y = 0; y < height; y++)
    noise.copy(raw, y * (width * 3 + 1) + 1, y * width * 3, (y + 1) * width * 3);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const head = Buffer.concat([
    Buffer.from("89504e470d0a1a0a", "hex"),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw, { level: 1 })),
  ]);
  const tail = chunk("IEND", Buffer.alloc(0));
  return (i: number) => Buffer.concat([head, chunk("tEXt", Buffer.from(`finding\0${i}`, "latin1")), tail]);
}

/** Child: the web app, seeded; prints where it listens, then its memory when stdin says "stop". */
async function serveWeb(n: number, kb: number): Promise<void> {
  const { startTestWeb } = await import("@brandwarden/web/test/harness");
  const { insertDomainFindings, insertScan, insertUser } = await import("@brandwarden/web/test/factories");
  const { createDiskBlobStore } = await import("@brandwarden/platform/blob/disk-blob-store");
  const dir = mkdtempSync(join(tmpdir(), "bw-paged-bench-"));
  const blobs = createDiskBlobStore({ root: dir });
  const web = await startTestWeb(
    "pglite",
    { WEB_UI_DIR: "/nonexistent/web-ui", INTERNAL_API_TOKEN: TOKEN },
    { blobs },
  );
  const url = await web.app.listen({ port: 0, host: "127.0.0.1" });
  const user = await insertUser(web.db, { brand_name: "Acme Bank" });
  const scan = await insertScan(web.db, user.id, { status: "running" });
  const shot = screenshotMaker(kb);
  const reviewed = Math.round(n * REVIEWED_SHARE);
  let shotBytes = 0;
  for (let from = 0; from < n; from += 500) {
    const rows = [];
    for (let i = from; i < Math.min(n, from + 500); i++) {
      const png = shot(i);
      shotBytes += png.length;
      const high = i < reviewed;
      rows.push({
        scan_id: scan.id,
        user_id: user.id,
        domain: `acme-bench-${i}.com`,
        score: high ? 70 + (i % 25) : (i * 37) % 60,
        severity: high ? ("high" as const) : undefined,
        dns_a: [`203.0.113.${(i % 250) + 1}`],
        registrar: ["NameCheap, Inc.", "GoDaddy.com, LLC"][i % 2]!,
        registrar_abuse_email: ["abuse@namecheap.test", "abuse@godaddy.test"][i % 2]!,
        login_form: high,
        page_title: high ? "Acme Bank - Sign in" : "Parked domain",
        campaign_id: i % 9 === 0 ? `c-${i % 4}` : null,
        screenshot_key: await blobs.put(png),
      });
    }
    await insertDomainFindings(web.db, rows);
  }
  const sampler = rssSampler();
  sampler.start();
  console.log(JSON.stringify({ url, scan_id: scan.id, user_id: user.id, shot_bytes: shotBytes }));
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    if (line !== "stop") continue;
    console.log(JSON.stringify(sampler.stop()));
    // Exiting frees the database and server (closing them could wait on idle connections).
    rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  }
}

/** Child: the worker's report route and AI audit stage over the web app's internal API. */
async function runWorker(url: string, scanId: string, userId: string): Promise<void> {
  const { ZScanStartPayload } = await import("@brandwarden/contract/scan");
  const { createMemoryKv } = await import("@brandwarden/platform/kv/memory-kv");
  const { createSilentLogger } = await import("@brandwarden/platform/logger/logger");
  const { createWebClient } = await import("@brandwarden/worker/ports/web-api/web-client");
  const { createAiSettings } = await import("@brandwarden/worker/ports/llm/ai-settings");
  const { loadSnapshot } = await import("@brandwarden/worker/ports/web-api/load-snapshot");
  const { generateReport, toReportResponse } =
    await import("@brandwarden/worker/use-cases/reports/generate-report");
  const { createCheckpoints } = await import("@brandwarden/worker/use-cases/scan/checkpoints");
  const { createScanRunner } = await import("@brandwarden/worker/use-cases/scan/scan-runner");
  const { auditStage } = await import("@brandwarden/worker/use-cases/scan/stages/audit");
  const client = createWebClient({ baseUrl: url, token: TOKEN });
  const quiet = { warn: () => undefined };

  const sampler = rssSampler();
  sampler.start();
  let t = performance.now();
  // What POST /report/generate does: the paged snapshot, both PDFs, the base64 answer.
  const snapshot = await loadSnapshot(client, scanId);
  const images = (ref: string) => client.getImage!(ref);
  const report = toReportResponse(await generateReport(snapshot, { logger: quiet, images }));
  const reportMs = performance.now() - t;
  const fullBytes = Buffer.from(report.full, "base64").length;

  t = performance.now();
  const envelopes: Array<{ kind: string; data: Record<string, unknown> }> = [];
  const runner = createScanRunner({
    stages: [
      auditStage({
        web: client,
        ai: createAiSettings(client, { ttlMs: 0, network: { allowPrivateNetwork: true } }),
        waitForFindingsMs: 0,
      }),
    ],
    checkpoints: createCheckpoints(createMemoryKv()),
    sink: async (envelope) => void envelopes.push(envelope as never),
    logger: createSilentLogger(),
    concurrency: 1,
  });
  await runner.submit(
    ZScanStartPayload.parse({
      scan_id: scanId,
      user_id: userId,
      brand_name: "Acme Bank",
      keywords: [],
      owned_domains: ["acmebank.com"],
      social_handles: [],
      logo_url: null,
      domain_profiles: [],
      resume_from_stage: null,
    }),
  );
  const auditMs = performance.now() - t;
  const last = envelopes.filter((e) => e.kind === "scan_update").at(-1)?.data as
    | { status: string; stage_states: Record<string, { status: string; done: number; total: number }> }
    | undefined;
  const audit = last?.stage_states.audit;
  if (last?.status !== "completed" || audit?.status !== "completed")
    throw new Error(`audit did not complete: ${JSON.stringify(last)}`);
  const mem = sampler.stop();
  console.log(JSON.stringify({ ...mem, reportMs, auditMs, fullBytes, audited: audit.done }));
  process.exit(0);
}

function child(args: string[]): { proc: ChildProcess; next: () => Promise<Record<string, unknown>> } {
  const proc = spawn(process.execPath, ["--import", "tsx", "--expose-gc", process.argv[1]!, ...args], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = createInterface({ input: proc.stdout! })[Symbol.asyncIterator]();
  return {
    proc,
    async next() {
      for (;;) {
        const { value, done } = await lines.next();
        if (done) throw new Error(`${args[0]} exited without an answer`);
        if (value.startsWith("{")) return JSON.parse(value) as Record<string, unknown>;
      }
    },
  };
}

interface Mem {
  baseline: number;
  peak: number;
  growth: number;
  maxrss: number;
  /** Peak growth of the V8 heap plus buffers (what the process holds live, whatever RSS it kept). */
  live: number;
}

async function main(): Promise<void> {
  const { startLlm } = await import("@brandwarden/world/services/llm/server");
  const { LlmSchema } = await import("@brandwarden/world/scenario/services-schema");
  const llm = await startLlm(LlmSchema.parse({ api_key: LLM_KEY, model: "world-llm-1" }), "127.0.10.1", 0);
  const [few = 1_000, many = 10_000] = process.argv.slice(2).map(Number);
  const cases = [
    { n: few, kb: 16 },
    { n: many, kb: 16 },
    { n: many, kb: 64 },
  ];
  const results: Array<{ n: number; kb: number; web: Mem; worker: Mem }> = [];
  console.log("findings  shot   screenshots | web: base    peak   growth  maxRSS | worker: base   peak   growth  maxRSS | report s  full PDF  audited  audit s"); // prettier-ignore
  for (const c of cases) {
    const web = child(["--web", String(c.n), String(c.kb)]);
    const ready = (await web.next()) as { url: string; scan_id: string; user_id: string; shot_bytes: number };
    const put = async (key: string, body: unknown) => {
      const res = await fetch(`${ready.url}/v1/settings/${key}`, {
        method: "PUT",
        headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`PUT ${key}: ${res.status}`);
    };
    await put("audit_config", { threshold: "high" });
    await put("ai_provider", {
      enabled: true,
      config: {
        provider: "openai",
        base_url: llm.openaiBaseUrl,
        model: "world-llm-1",
        api_key: LLM_KEY,
        timeout_ms: 30_000,
        max_tokens_per_scan: 10_000_000,
      },
    });
    const worker = child(["--worker", ready.url, ready.scan_id, ready.user_id]);
    const w = (await worker.next()) as unknown as Mem & {
      reportMs: number;
      auditMs: number;
      fullBytes: number;
      audited: number;
    };
    web.proc.stdin!.write("stop\n");
    const wm = (await web.next()) as unknown as Mem;
    results.push({ ...c, web: wm, worker: w });
    const row = (m: Mem) => `${mb(m.baseline).padStart(8)} ${mb(m.peak).padStart(8)} ${mb(m.growth).padStart(8)} ${mb(m.maxrss).padStart(8)}`; // prettier-ignore
    console.log(
      `${String(c.n).padStart(8)} ${`${c.kb} KB`.padStart(6)} ${mb(ready.shot_bytes).padStart(10)}  | ${row(wm)} |  ${row(w)} | ${(w.reportMs / 1000).toFixed(1).padStart(8)} ${mb(w.fullBytes).padStart(9)} ${String(w.audited).padStart(8)} ${(w.auditMs / 1000).toFixed(1).padStart(7)}`,
    );
    console.log(`         live heap + buffers peak growth: web ${mb(wm.live)}, worker ${mb(w.live)}`);
  }
  await llm.close();

  const [small, big, bigShots] = results as [(typeof results)[0], (typeof results)[0], (typeof results)[0]];
  let failed = false;
  for (const p of ["web", "worker"] as const) {
    const limit = 1.25 * big[p].growth + 16 * 1024 * 1024;
    const okShots = bigShots[p].growth <= limit;
    const ratio = big[p].growth / Math.max(1, small[p].growth);
    const okFindings = ratio < 10;
    failed ||= !okShots || !okFindings;
    console.log(
      `${p}: growth with 4x screenshot bytes ${mb(bigShots[p].growth)} vs ${mb(big[p].growth)} (bound ${mb(limit)}) ${okShots ? "ok" : "EXCEEDED"}; ` +
        `${many} vs ${few} findings ${ratio.toFixed(2)}x (bound 10x) ${okFindings ? "ok" : "EXCEEDED"}`,
    );
  }
  if (failed) process.exit(1);
}

const mode = process.argv[2];
if (mode === "--web") await serveWeb(Number(process.argv[3]), Number(process.argv[4]));
else if (mode === "--worker") await runWorker(process.argv[3]!, process.argv[4]!, process.argv[5]!);
else await main().then(() => process.exit(0));
