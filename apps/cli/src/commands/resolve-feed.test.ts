import { describe, expect, it } from "vitest";
import { emptyResult, type ResolveResult } from "@brandwarden/worker/capabilities/resolve/types";
import { resolveFeed } from "./resolve-feed.ts";

const result = (domain: string): ResolveResult => ({
  ...emptyResult(domain),
  status: domain.startsWith("reg") ? "registered" : "unregistered",
});

/** A resolver whose answers the test releases by hand; counts lookups in flight. */
function manualResolver() {
  const waiting = new Map<string, () => void>();
  let inFlight = 0;
  let most = 0;
  return {
    resolve: (name: string) =>
      new Promise<ResolveResult>((resolve) => {
        most = Math.max(most, ++inFlight);
        waiting.set(name, () => {
          inFlight--;
          resolve(result(name));
        });
      }),
    answer(name: string) {
      waiting.get(name)!();
      waiting.delete(name);
    },
    pending: () => [...waiting.keys()],
    most: () => most,
  };
}

const tick = () => new Promise((r) => setImmediate(r));

describe("resolveFeed", () => {
  it("resolves names pushed while earlier ones are in flight, at most `concurrency` at once", async () => {
    const dns = manualResolver();
    const progress: number[][] = [];
    const { feed, results } = resolveFeed(dns.resolve, 2, (...p) => progress.push(p));
    const seen: string[] = [];
    const consumer = (async () => {
      for await (const r of results) seen.push(r.domain);
    })();
    feed.push(["reg1.com", "a.com", "b.com"]);
    await tick();
    expect(dns.pending()).toEqual(["reg1.com", "a.com"]);
    dns.answer("a.com");
    await tick();
    feed.push(["c.com"]);
    await tick();
    expect(dns.pending()).toEqual(["reg1.com", "b.com"]);
    for (const name of ["b.com", "reg1.com"]) {
      dns.answer(name);
      await tick();
    }
    expect(seen).toEqual(["a.com", "b.com", "reg1.com"]);
    feed.end(); // c.com is still in flight: the results end after it
    dns.answer("c.com");
    await consumer;
    expect(seen).toEqual(["a.com", "b.com", "reg1.com", "c.com"]);
    expect(dns.most()).toBe(2);
    expect(progress.at(-1)).toEqual([4, 4, 1]);
  });

  it("ends at once when nothing was pushed, and throws what `fail` was given", async () => {
    const empty = resolveFeed(manualResolver().resolve, 4);
    empty.feed.end();
    const none: string[] = [];
    for await (const r of empty.results) none.push(r.domain);
    expect(none).toEqual([]);

    const dns = manualResolver();
    const failing = resolveFeed(dns.resolve, 4);
    failing.feed.push(["a.com"]);
    const consumed = (async () => {
      for await (const _ of failing.results) void _;
    })();
    failing.feed.fail(new Error("name server gone"));
    await expect(consumed).rejects.toThrow("name server gone");
  });
});
