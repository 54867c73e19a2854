import { startCtLog, type RunningCtLog } from "@brandwarden/world/services/ct-log";
import type { CtEntrySpec } from "@brandwarden/world/services/ct-log-entries";
import { WorldCa } from "@brandwarden/world/tls/ca";
import { Agent } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCtClient, verifySth, type CtEntry } from "./ct-client.ts";
import { CtLogError, undiciGet } from "./http-get.ts";

const T0 = 1_760_000_000_000;

describe("CT client against the world's log", () => {
  let log: RunningCtLog;
  const agent = new Agent();
  const get = undiciGet(agent);
  const slept: number[] = [];
  const sleep = async (ms: number) => void slept.push(ms);

  beforeAll(async () => {
    const specs: CtEntrySpec[] = Array.from({ length: 40 }, (_, i) => ({
      names: [`host${i}.example`],
      precert: i % 2 === 0,
      timestamp: T0 + i * 1000,
      bad: i === 13 || i === 27,
    }));
    log = await startCtLog(new WorldCa(), specs, "127.0.0.1", 0, { pageCap: 7 });
  });
  afterAll(async () => {
    await log?.close();
    await agent.close();
  });

  async function readAll(
    start: number,
    end: number,
    pages: number[],
    nexts: number[] = [],
  ): Promise<CtEntry[]> {
    const client = createCtClient(log.baseUrl, { get, sleep });
    const out: CtEntry[] = [];
    for await (const page of client.entries(start, end)) {
      nexts.push(page.next);
      pages.push(page.entries.length);
      out.push(...page.entries);
    }
    expect(client.skipped).toBe([13, 27].filter((i) => i >= start && i <= end).length);
    return out;
  }

  it("reads a range in as many calls as the log's page cap needs, skipping and counting bad entries", async () => {
    const pages: number[] = [];
    const nexts: number[] = [];
    const entries = await readAll(0, 39, pages, nexts);
    expect(entries.map((e) => e.index)).toEqual([...Array(40).keys()].filter((i) => i !== 13 && i !== 27));
    expect(entries[5]).toMatchObject({
      names: ["host5.example"],
      entry_type: "x509_entry",
      timestamp: T0 + 5000,
    });
    expect(pages.length).toBe(6); // 40 entries at 7 per call
    // Each page says how far it covered, skipped entries included (where a follower resumes).
    expect(nexts).toEqual([7, 14, 21, 28, 35, 40]);
    expect(pages).toEqual([7, 6, 7, 6, 7, 5]);
  });

  it("continues after a short page from mid-range", async () => {
    const pages: number[] = [];
    const entries = await readAll(5, 12, pages);
    expect(entries.map((e) => e.index)).toEqual([5, 6, 7, 8, 9, 10, 11, 12]);
    // The log cuts a full-size request at its next page boundary (7 here), as Trillian's CTFE does.
    expect(pages).toEqual([2, 6]);
  });

  it("backs off on 429 honouring Retry-After, and exponentially on 503 without it", async () => {
    slept.length = 0;
    log.setFaults({ fail_next: 2, status: 429, retry_after: 3 });
    const client = createCtClient(log.baseUrl, { get, sleep, baseDelayMs: 100 });
    expect((await client.getSth()).tree_size).toBe(40);
    expect(slept).toEqual([3000, 3000]);
    slept.length = 0;
    log.setFaults({ fail_next: 3, status: 503 });
    await client.getSth();
    expect(slept).toEqual([100, 200, 400]);
  });

  it("gives up with a clear error after its attempts", async () => {
    log.setFaults({ fail_next: 10, status: 503, retry_after: 1 });
    const client = createCtClient(log.baseUrl, { get, sleep, maxAttempts: 3 });
    await expect(client.getSth()).rejects.toThrow(CtLogError);
    await expect(client.getSth()).rejects.toThrow(/gave up after 3 attempts \(HTTP 503\)/);
    log.setFaults({});
  });

  it("finds the first entry of a time window by binary search", async () => {
    const client = createCtClient(log.baseUrl, { get, sleep });
    expect(await client.indexAt(T0 + 20_500, 40)).toBe(21);
    expect(await client.indexAt(T0 - 1, 40)).toBe(0);
    expect(await client.indexAt(T0 + 999_999, 40)).toBe(40);
  });

  it("verifies the tree head signature against the log's key, and rejects a tampered one", async () => {
    const client = createCtClient(log.baseUrl, { get, sleep });
    const sth = await client.getSth();
    expect(verifySth(sth, log.publicKey)).toBe(true);
    expect(verifySth({ ...sth, tree_size: sth.tree_size + 1 }, log.publicKey)).toBe(false);
  });

  it("sees entries appended while it runs", async () => {
    const first = log.append([{ names: ["late.example"], precert: true }]);
    const client = createCtClient(log.baseUrl, { get, sleep });
    expect((await client.getSth()).tree_size).toBe(first + 1);
    const pages: CtEntry[][] = [];
    for await (const p of client.entries(first, first)) pages.push(p.entries);
    expect(pages[0]![0]!.names).toEqual(["late.example"]);
  });
});
