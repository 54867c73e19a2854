import { describe, expect, it } from "vitest";
import { createEnrichScheduler, type EnrichJob, type EnrichWork } from "./enrich-scheduler.ts";
import type { EnrichPart, EnrichResult } from "./enrich-domain.ts";
import type { ServerStats } from "./registration/server-pacer.ts";

const ok = (source: string) => ({ source, at: "2026-01-01T00:00:00.000Z", status: "ok" as const });
const failed = (source: string) => ({ ...ok(source), status: "unknown" as const, error: "ETIMEDOUT" });
const job = (domain: string): EnrichJob => ({
  domain,
  resolved: { a: ["192.0.2.1"], aaaa: [], mx: [], ns: [] },
});
const regPart = (registrar: string): EnrichPart => ({
  fields: { registrar },
  provenance: { registration: ok("rdap") },
});
const restPart: EnrichPart = {
  fields: { http_status: 200 },
  provenance: { web: ok("http"), dns: ok("dns") },
};

/** A promise with its resolve at hand. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Lets every pending promise callback run (the scheduler's work is promise-driven only). */
const settle = () => new Promise((r) => setImmediate(r));

const byTld = (domain: string) => Promise.resolve(`https://rdap.${domain.split(".").pop()}.example`);

describe("the enrichment scheduler", () => {
  it("never holds up one registry's lookalikes for another, slow one", async () => {
    const slowCom = deferred<void>();
    const work: EnrichWork = {
      registration: async (j) => {
        if (j.domain.endsWith(".com")) await slowCom.promise;
        return regPart(`registrar of ${j.domain}`);
      },
      rest: async () => restPart,
      whole: async () => restPart,
    };
    const results: string[] = [];
    const s = createEnrichScheduler({
      work,
      registries: { stats: () => [], serverFor: byTld },
      // Fewer slots than waiting .com lookalikes: slots must not wait on registrations.
      window: 2,
      signal: new AbortController().signal,
      onResult: async (j, r) => void results.push(`${j.domain}=${r.fields.registrar}`),
    });
    s.add(["a.com", "b.com", "c.com", "a.net", "b.net", "c.net", "a.org"].map(job));
    s.close();
    await settle();
    expect(results.sort()).toEqual([
      "a.net=registrar of a.net",
      "a.org=registrar of a.org",
      "b.net=registrar of b.net",
      "c.net=registrar of c.net",
    ]);
    slowCom.resolve();
    await s.done;
    expect(results).toHaveLength(7);
    expect(s.finished).toBe(7);
  });

  it("gathers at most `window` lookalikes' pages at once and holds few waiting for their registry", async () => {
    const registry = deferred<void>();
    let running = 0;
    let peak = 0;
    let started = 0;
    const work: EnrichWork = {
      registration: async () => (await registry.promise, regPart("r")),
      rest: async () => {
        started++;
        peak = Math.max(peak, ++running);
        await settle();
        running--;
        return restPart;
      },
      whole: async () => restPart,
    };
    const s = createEnrichScheduler({
      work,
      window: 3,
      holdLimit: 5,
      signal: new AbortController().signal,
      onResult: async () => undefined,
    });
    s.add(Array.from({ length: 40 }, (_, i) => job(`n${i}.com`)));
    s.close();
    for (let i = 0; i < 20; i++) await settle();
    expect(peak).toBe(3);
    // Pages of lookalikes that only wait for their registry are bounded, not the whole scan's.
    expect(started).toBeGreaterThanOrEqual(5);
    expect(started).toBeLessThan(5 + 3);
    registry.resolve();
    await s.done;
    expect(started).toBe(40);
    expect(peak).toBe(3);
  });

  it("merges both halves and retries whole a lookalike every source failed for", async () => {
    let wholeRuns = 0;
    const work: EnrichWork = {
      registration: async () => ({ fields: {}, provenance: { registration: failed("rdap") } }),
      rest: async (j) =>
        j.domain === "down.com"
          ? { fields: {}, provenance: { web: failed("http"), dns: failed("dns"), tls: failed("tls") } }
          : restPart,
      whole: async () => (wholeRuns++, { fields: { registrar: "second try" }, provenance: { registration: ok("rdap") } }), // prettier-ignore
    };
    const results = new Map<string, EnrichResult>();
    const s = createEnrichScheduler({
      work,
      window: 2,
      signal: new AbortController().signal,
      onResult: async (j, r) => void results.set(j.domain, r),
    });
    s.add([job("up.com"), job("down.com")]);
    s.close();
    await s.done;
    expect(results.get("up.com")).toMatchObject({
      attempts: 1,
      fields: {
        http_status: 200,
        provenance: { web: { status: "ok" }, registration: { status: "unknown" } },
      },
    });
    expect(results.get("down.com")).toMatchObject({ attempts: 2, fields: { registrar: "second try" } });
    expect(wholeRuns).toBe(1);
  });

  it("stops handing on results once the scan is cancelled", async () => {
    const registry = deferred<void>();
    const controller = new AbortController();
    const results: string[] = [];
    const s = createEnrichScheduler({
      work: { registration: async () => (await registry.promise, regPart("r")), rest: async () => restPart, whole: async () => restPart }, // prettier-ignore
      window: 2,
      signal: controller.signal,
      onResult: async (j) => void results.push(j.domain),
    });
    s.add([job("a.com"), job("b.com")]);
    s.close();
    controller.abort(new Error("cancelled"));
    registry.resolve();
    await expect(s.done).rejects.toThrow("cancelled");
    await settle();
    expect(results).toEqual([]);
  });

  it("names the registry the scan waits on, its pace, its queue and how long it will take", async () => {
    const stats: ServerStats[] = [
      { server: "https://rdap.com.example", kind: "rdap", rate: 10, queued: 0, inFlight: 0, requests: 0, limited: 0, pausedUntil: null }, // prettier-ignore
    ];
    const s = createEnrichScheduler({
      work: { registration: () => new Promise(() => undefined), rest: async () => restPart, whole: async () => restPart }, // prettier-ignore
      registries: { stats: () => stats, serverFor: byTld },
      window: 8,
      signal: new AbortController().signal,
      onResult: async () => undefined,
    });
    s.add(Array.from({ length: 1200 }, (_, i) => job(`n${i}.com`)));
    s.add([job("x.net")]);
    await settle();
    expect(s.waitingOn()).toBe("RDAP rdap.com.example (.com): 10 req/s, 1,200 queued, ~2 min");
  });
});
