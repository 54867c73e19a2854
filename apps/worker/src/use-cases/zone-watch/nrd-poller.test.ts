import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { createMemoryKv } from "@brandwarden/platform/kv/memory-kv";
import type { KeyValueStore } from "@brandwarden/platform/kv/kv";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createGuardedFetch } from "../../ports/http/guarded-fetch.ts";
import type { NameAssessor } from "../../capabilities/discovery/follow/assess-name.ts";
import { createBrandRegistry } from "../../capabilities/discovery/follow/brand-registry.ts";
import { CONTOSO } from "../../capabilities/discovery/follow/test-brands.ts";
import {
  discoveredAlert,
  type LookalikeDiscovered,
} from "../../capabilities/discovery/follow/discovered-alert.ts";
import { createDiscoveryHandOff } from "./hand-off.ts";
import { createNrdPoller, nrdSourceOf, type NrdSource } from "./nrd-poller.ts";

/** A real published list (WhoisDS, 2026-01-01) with two lookalikes of the test brand added. */
const REAL_LIST = readFileSync(
  new URL("../../../samples/zones/whoisds-nrd-2026-01-01.txt", import.meta.url),
  "utf8",
);
const LIST = `${REAL_LIST}contosopay-verify.com\ncontosopay.support\n`;

describe("the newly-registered-domains poller", () => {
  let server: Server;
  let base: string;
  let answers: Array<{ status: number; body?: Buffer }>;
  let requests: number;
  let kv: KeyValueStore;
  let delivered: LookalikeDiscovered[];
  let warnings: Array<Record<string, unknown>>;
  let clock: { t: number; now(): number };
  const open = createGuardedFetch({ allowPrivateNetwork: true, timeoutMs: 5_000 });
  const guarded = createGuardedFetch({ allowPrivateNetwork: false, timeoutMs: 5_000 });

  const assessor: NameAssessor = {
    assess: async (m, brand) => ({
      domain: m.name,
      original_domain: m.owned ?? brand.owned_domains[0]!,
      discovered_by: [m.source ?? "ct"],
      discovery_reason: m.reason,
      resolve_status: "registered",
      score: 55,
      severity: "medium",
    }),
  };

  function poller(source: NrdSource, fetch = open.fetch) {
    return createNrdPoller({
      source,
      fetch,
      kv,
      owner: "w1",
      clock,
      brands: createBrandRegistry({ load: async () => [CONTOSO], refreshMs: 60_000, clock }),
      handOff: createDiscoveryHandOff({
        kv,
        prefix: "test",
        assessor,
        sink: async (d) => void delivered.push(d),
      }),
      logger: {
        info: () => undefined,
        warn: (obj: Record<string, unknown>) => void warnings.push(obj),
      } as never,
      prefix: "test",
      intervalMs: 6 * 3_600_000,
    });
  }

  beforeAll(async () => {
    server = createServer((_req, res) => {
      requests++;
      const a = answers.shift() ?? { status: 404 };
      res.writeHead(a.status, { "content-type": "application/octet-stream" });
      res.end(a.body);
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    await open.close();
    await guarded.close();
  });
  beforeEach(() => {
    answers = [];
    requests = 0;
    kv = createMemoryKv();
    delivered = [];
    warnings = [];
    clock = { t: Date.UTC(2026, 0, 2, 6), now: () => clock.t };
  });

  it("a 503 is logged and retried at the next interval; then the gzip list raises each lookalike once", async () => {
    const p = poller({ url: `${base}/nrd/latest.txt.gz?key=SECRET` });
    answers.push({ status: 503 });
    const failed = await p.round();
    expect(failed).toMatchObject({ state: "failed", error: "HTTP 503" });
    expect(warnings).toHaveLength(1);
    expect(delivered).toEqual([]);

    answers.push({ status: 200, body: gzipSync(LIST) });
    const read = await p.round();
    expect(read).toMatchObject({ state: "read", names: REAL_LIST.trim().split("\n").length + 2, handed: 2 });
    expect(delivered.map((d) => d.domain).sort()).toEqual(["contosopay-verify.com", "contosopay.support"]);
    const alert = discoveredAlert(delivered[0]!);
    expect(alert).toMatchObject({
      title: `New lookalike in the newly registered domains list: ${delivered[0]!.domain}`,
      finding: { discovered_by: ["nrd"] },
      data: { source: "nrd", list: new URL(base).host, fetched_at: new Date(clock.t).toISOString() },
    });
    // The download key never reaches an alert.
    expect(JSON.stringify(alert)).not.toContain("SECRET");

    // Not due again before the interval.
    expect((await p.round()).state).toBe("not_due");
    expect(requests).toBe(2);

    // The next day's list overlaps: names already raised are not raised again.
    clock.t += 6 * 3_600_000;
    answers.push({ status: 200, body: Buffer.from(`${LIST}contosopay-refunds.com\n`) });
    expect(await p.round()).toMatchObject({ state: "read", handed: 1 });
    expect(delivered.map((d) => d.domain)).toContain("contosopay-refunds.com");
    expect(delivered).toHaveLength(3);
  });

  it("without ALLOW_PRIVATE_NETWORK a list on a private address is refused, logged, not fatal", async () => {
    const p = poller({ url: `${base}/nrd.txt` }, guarded.fetch);
    const r = await p.round();
    expect(r.state).toBe("failed");
    expect(requests).toBe(0);
    expect(warnings).toHaveLength(1);
  });

  it("a local file or file: URL, gzip or not", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "nrd-"));
    try {
      const file = path.join(dir, "nrd.gz");
      writeFileSync(file, gzipSync(LIST));
      expect(nrdSourceOf(pathToFileURL(file).href)).toEqual({ file });
      const r = await poller(nrdSourceOf(pathToFileURL(file).href)).round();
      expect(r).toMatchObject({ state: "read", handed: 2 });
      expect(discoveredAlert(delivered[0]!).data).toMatchObject({ list: "nrd.gz" });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
