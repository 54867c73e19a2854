import { startCtLog, type RunningCtLog } from "@brandwarden/world/services/ct-log";
import type { CtEntrySpec } from "@brandwarden/world/services/ct-log-entries";
import { syntheticEntries } from "@brandwarden/world/services/ct-log-synthetic";
import { WorldCa } from "@brandwarden/world/tls/ca";
import { Agent } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifySth, type CtEntry } from "./ct-client.ts";
import { CtLogError, undiciGet, type HttpGet } from "./http-get.ts";
import { createTiledClient } from "./tiled-client.ts";
import { tileLeaves, tilePath } from "./tile-leaf.ts";

const T0 = 1_760_000_000_000;
const BAD = new Set([13, 300]);

describe("static-ct (tiled) client against the world's log", () => {
  let log: RunningCtLog;
  const agent = new Agent();
  const requested: string[] = [];
  const plain = undiciGet(agent);
  const get: HttpGet = (url, signal) => (requested.push(url.replace(/^.*\/tiled\//, "")), plain(url, signal));
  const slept: number[] = [];
  const sleep = async (ms: number) => void slept.push(ms);

  beforeAll(async () => {
    const ca = new WorldCa();
    const specs: CtEntrySpec[] = Array.from({ length: 600 }, (_, i) => ({
      names: [`host${String(i).padStart(4, "0")}.example`, `www.host${String(i).padStart(4, "0")}.example`],
      precert: i % 2 === 0,
      timestamp: T0 + i * 1000,
      bad: BAD.has(i),
    }));
    log = await startCtLog(ca, specs, "127.0.0.1", 0, { build: syntheticEntries(ca) });
  });
  afterAll(async () => {
    await log?.close();
    await agent.close();
  });

  async function readAll(client: ReturnType<typeof createTiledClient>, start: number, end: number) {
    const out: CtEntry[] = [];
    const pages: number[] = [];
    for await (const page of client.entries(start, end)) {
      pages.push(page.entries.length);
      out.push(...page.entries);
    }
    return { out, pages };
  }

  it("reads the checkpoint as a tree head whose signature verifies against the log key", async () => {
    const client = createTiledClient(log.tiledUrl, { get, sleep });
    const sth = await client.getSth();
    expect(sth.tree_size).toBe(600);
    expect(verifySth(sth, log.publicKey)).toBe(true);
    expect(verifySth({ ...sth, tree_size: 601 }, log.publicKey)).toBe(false);
  });

  it("reads full and partial data tiles, skipping and counting entries it cannot parse", async () => {
    requested.length = 0;
    const client = createTiledClient(log.tiledUrl, { get, sleep });
    const { out, pages } = await readAll(client, 0, 599);
    expect(out.map((e) => e.index)).toEqual([...Array(600).keys()].filter((i) => !BAD.has(i)));
    expect(out.find((e) => e.index === 14)).toMatchObject({
      names: ["host0014.example", "www.host0014.example"],
      entry_type: "precert_entry",
      timestamp: T0 + 14_000,
    });
    expect(out.find((e) => e.index === 15)!.entry_type).toBe("x509_entry");
    expect(client.skipped).toBe(2);
    expect(pages).toEqual([255, 255, 88]);
    expect(requested).toEqual([
      "checkpoint",
      `tile/data/${tilePath(0)}`,
      "tile/data/001",
      "tile/data/002.p/88",
    ]);
  });

  it("reads a range from the middle of a tile", async () => {
    const client = createTiledClient(log.tiledUrl, { get, sleep });
    const { out } = await readAll(client, 250, 260);
    expect(out.map((e) => e.index)).toEqual([250, 251, 252, 253, 254, 255, 256, 257, 258, 259, 260]);
  });

  it("falls back to the full tile when the partial one it asked for is gone", async () => {
    const client = createTiledClient(log.tiledUrl, { get, sleep });
    await client.getSth(); // 600 entries: tile 2 is partial (88)
    const first = log.append(
      Array.from({ length: 200 }, (_, i) => ({
        names: [`late${String(i).padStart(3, "0")}.example`],
        precert: true,
      })),
    );
    requested.length = 0;
    const { out } = await readAll(client, 590, 599);
    expect(out.map((e) => e.index)).toEqual([590, 591, 592, 593, 594, 595, 596, 597, 598, 599]);
    expect(requested).toEqual(["tile/data/002.p/88", "tile/data/002"]);
    const late = await readAll(client, first, first + 1);
    expect(late.out.map((e) => e.names[0])).toEqual(["late000.example", "late001.example"]);
  });

  it("backs off on 429 with Retry-After, and gives up with a clear error", async () => {
    slept.length = 0;
    log.setFaults({ fail_next: 2, status: 429, retry_after: 4 });
    const client = createTiledClient(log.tiledUrl, { get, sleep });
    await client.getSth();
    expect(slept).toEqual([4000, 4000]);
    log.setFaults({ fail_next: 10, status: 503 });
    await expect(createTiledClient(log.tiledUrl, { get, sleep, maxAttempts: 2 }).getSth()).rejects.toThrow(
      CtLogError,
    );
    log.setFaults({});
  });

  it("finds the first entry of a time window by binary search over tiles", async () => {
    const client = createTiledClient(log.tiledUrl, { get, sleep });
    expect(await client.indexAt(T0 + 300_500, 600)).toBe(301);
    expect(await client.indexAt(T0 - 1, 600)).toBe(0);
    expect(await client.indexAt(T0 + 10_000_000, 600)).toBe(600);
  });
});

describe("data tile framing", () => {
  it("hands back the entries before a broken one and says where it broke", () => {
    const entry = (type: number, cert: number[]) => [
      ...Array(8).fill(0),
      0,
      type,
      ...(type === 1 ? Array(32).fill(7) : []),
      0,
      0,
      cert.length,
      ...cert,
      0,
      0, // extensions
      ...(type === 1 ? [0, 0, 1, 0x30] : []), // pre_certificate
      0,
      0, // fingerprints
    ];
    const tile = Uint8Array.from([
      ...entry(0, [0x30, 0]),
      ...entry(1, [0x30, 0]),
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0xff,
    ]);
    const { leaves, broken } = tileLeaves(tile);
    expect(leaves).toHaveLength(2);
    expect([...leaves[0]!.subarray(0, 2)]).toEqual([0, 0]);
    expect(leaves[1]!.length).toBe(2 + 10 + 32 + 3 + 2 + 2);
    expect(broken).toMatch(/runs past the tile/);
  });
});
