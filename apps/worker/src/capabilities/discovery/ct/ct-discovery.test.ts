import { generateKeyPairSync } from "node:crypto";
import { startCtLog, type RunningCtLog } from "@brandwarden/world/services/ct-log";
import type { CtEntrySpec } from "@brandwarden/world/services/ct-log-entries";
import { WorldCa } from "@brandwarden/world/tls/ca";
import { Agent } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StageContext } from "../../../use-cases/scan/stage.ts";
import { createBrandMatcher } from "../match/brand-matcher.ts";
import { ctLogSources, discoverFromCt } from "./ct-discovery.ts";
import { ctDiscoveryHook } from "./ct-scan-step.ts";
import { undiciGet } from "./http-get.ts";
import { LogListError, sourcesFromUrls } from "./log-list.ts";

const NOW = 1_770_000_000_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const brand = { brand_names: ["Acme Bank"], keywords: [], owned_domains: ["acmebank.com"] };

describe("CT discovery over a scan's lookback", () => {
  let log: RunningCtLog;
  const agent = new Agent();
  const get = undiciGet(agent);
  const sleep = async () => {};

  beforeAll(async () => {
    const specs: CtEntrySpec[] = [
      { names: ["acmebank-old-refund.xyz"], precert: true, timestamp: NOW - 30 * HOUR },
      { names: ["bakery-berlin.de", "www.bakery-berlin.de"], precert: false, timestamp: NOW - 20 * HOUR },
      { names: ["acmebank-refund-center.xyz"], precert: true, timestamp: NOW - 2 * HOUR },
      { names: [], precert: false, timestamp: NOW - 90 * 60_000, bad: true },
      { names: ["www.acmebank-login.help", "acmebank-login.help"], precert: false, timestamp: NOW - HOUR },
      { names: ["mail.acmebank.com"], precert: true, timestamp: NOW - HOUR },
      ...Array.from({ length: 12 }, (_, i) => ({
        names: [`garden-${i}.example.org`],
        precert: i % 2 === 0,
        timestamp: NOW - 30 * 60_000 + i,
      })),
    ];
    log = await startCtLog(new WorldCa(), specs, "127.0.0.1", 0, { pageCap: 5 });
  });
  afterAll(async () => {
    await log?.close();
    await agent.close();
  });

  it("takes only the certificates logged within the lookback, and counts progress to the end", async () => {
    const progress: Array<[number, number]> = [];
    const result = await discoverFromCt({
      sources: sourcesFromUrls([log.baseUrl]),
      get,
      sleep,
      matcher: createBrandMatcher(brand),
      lookbackMs: DAY,
      now: NOW,
      onProgress: (done, total) => progress.push([done, total]),
    });
    expect(result.matches.map((m) => m.name).sort()).toEqual([
      "acmebank-login.help",
      "acmebank-refund-center.xyz",
    ]);
    expect(result.matches.every((m) => m.owned === "acmebank.com")).toBe(true);
    expect(result.errors).toEqual([]);
    expect(result.skipped).toBe(1);
    // The window starts after the 30-hour-old entry: 17 entries, read in pages of 5.
    expect(progress[0]).toEqual([0, 17]);
    expect(progress.at(-1)).toEqual([17, 17]);
    expect(progress.map(([d]) => d)).toEqual([...progress.map(([d]) => d)].sort((a, b) => a - b));
    // A longer lookback reaches the older one.
    const week = await discoverFromCt({
      sources: sourcesFromUrls([log.baseUrl]),
      get,
      sleep,
      matcher: createBrandMatcher(brand),
      lookbackMs: 7 * DAY,
      now: NOW,
    });
    expect(week.matches.map((m) => m.name)).toContain("acmebank-old-refund.xyz");
  });

  it("reads the usable logs of a v3 log list, both APIs, checking each tree head against its key", async () => {
    const sources = await ctLogSources({ logs: [], logListUrl: log.logListUrl, lookbackMs: DAY }, get);
    expect(sources.map((s) => [s.kind, s.url, s.key])).toEqual([
      ["rfc6962", log.baseUrl, log.publicKey],
      ["tiled", log.tiledUrl, log.publicKey],
    ]);
    const result = await discoverFromCt({
      sources,
      get,
      sleep,
      matcher: createBrandMatcher(brand),
      lookbackMs: DAY,
      now: NOW,
    });
    expect(result.errors).toEqual([]);
    expect(result.entriesRead).toBe(32); // 17 in each API's window, one unparseable
    expect(result.skipped).toBe(2);
    expect(result.matches.map((m) => m.name).sort()).toEqual([
      "acmebank-login.help",
      "acmebank-refund-center.xyz",
    ]);

    // A key the log does not sign with: its tree heads fail, the other log still counts.
    const other = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const otherKey = other.publicKey.export({ type: "spki", format: "der" }).toString("base64");
    const forged = sources.map((s, i) => (i === 0 ? { ...s, key: otherKey } : s));
    const checked = await discoverFromCt({
      sources: forged,
      get,
      sleep,
      matcher: createBrandMatcher(brand),
      lookbackMs: DAY,
      now: NOW,
    });
    expect(checked.errors).toEqual(["World CT log: tree head signature does not verify"]);
    expect(checked.matches).toHaveLength(2); // from the tiled view, whose key is right
  });

  it("says clearly when the log list cannot be had", async () => {
    const cfg = (url: string) => ({ logs: [], logListUrl: url, lookbackMs: DAY });
    await expect(ctLogSources(cfg("http://127.0.0.1:9/log_list.json"), get, { sleep })).rejects.toThrow(
      LogListError,
    );
    await expect(ctLogSources(cfg(`${log.baseUrl}ct/v1/get-sth`), get)).rejects.toThrow(
      /CT log list .*: not a v3 log list: no operators/,
    );
    await expect(ctLogSources(cfg(`${log.baseUrl}tiled/checkpoint`), get)).rejects.toThrow(/not JSON/);
  });

  it("lets the scan go on without CT, with a warning, when the log list is unreachable", async () => {
    const logs: Array<{ level: string; message: string; code?: string }> = [];
    const hook = ctDiscoveryHook(
      { logs: [], logListUrl: "http://127.0.0.1:9/log_list.json", lookbackMs: DAY },
      get,
      {
        sleep,
      },
    );
    const ctx = {
      payload: { brand_name: "Acme Bank", keywords: [], owned_domains: ["acmebank.com"] },
      signal: new AbortController().signal,
      progress: () => {},
      log: async (level: string, message: string, code?: string) => void logs.push({ level, message, code }),
    } as unknown as StageContext;
    expect(await hook(ctx)).toEqual([]);
    expect(logs).toEqual([
      expect.objectContaining({
        level: "warn",
        code: "ct_log_failed",
        message: expect.stringMatching(/^CT discovery skipped: CT log list/),
      }),
    ]);
  });

  it("hands the scan each match with why and the owned domain it imitates", async () => {
    const progress: Array<[number, number | undefined]> = [];
    const hook = ctDiscoveryHook({ logs: [log.baseUrl], logListUrl: null, lookbackMs: DAY }, get, {
      sleep,
      now: () => NOW,
    });
    const ctx = {
      payload: { brand_name: "Acme Bank", keywords: [], owned_domains: ["acmebank.com"] },
      signal: new AbortController().signal,
      progress: (d: number, t?: number) => progress.push([d, t]),
      log: async () => {},
    } as unknown as StageContext;
    const names = await hook(ctx);
    expect(names.find((n) => n.domain === "acmebank-refund-center.xyz")).toEqual({
      domain: "acmebank-refund-center.xyz",
      source: "ct",
      reason: 'label "acmebank-refund-center" contains the brand "acmebank"',
      original_domain: "acmebank.com",
    });
    expect(progress.at(-1)).toEqual([17, 17]);
  });
});
