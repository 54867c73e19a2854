import { setMaxListeners } from "node:events";
import type { ResolveResult } from "@brandwarden/worker/capabilities/resolve/types";
import { ResultQueue } from "@brandwarden/worker/capabilities/resolve/result-queue";

// Resolution of names that keep arriving (the permutations, fuzzer by fuzzer, from the generation
// thread): at most `concurrency` names in flight, results yielded as they complete. Like the
// resolver's resolveMany, but its list may grow until `end()`.

export interface NameFeed {
  /** More names to resolve. */
  push(names: readonly string[]): void;
  /** No more names: the results end once the last one is resolved. */
  end(): void;
  /** Stops: the results throw `err` (the names in flight are abandoned). */
  fail(err: unknown): void;
}

export interface ResolveFeed {
  feed: NameFeed;
  results: AsyncGenerator<ResolveResult, void>;
}

export function resolveFeed(
  resolveDomain: (name: string, signal: AbortSignal) => Promise<ResolveResult>,
  concurrency: number,
  onProgress?: (done: number, total: number, registered: number) => void,
): ResolveFeed {
  const names: string[] = [];
  const ready = new ResultQueue<ResolveResult>();
  const stop = new AbortController();
  setMaxListeners(0, stop.signal); // one listener per query in flight
  let next = 0;
  let done = 0;
  let registered = 0;
  let ended = false;
  let running = 0;
  let failure: { err: unknown } | null = null;

  const worker = async () => {
    running++;
    try {
      while (next < names.length && !failure) {
        const r = await resolveDomain(names[next++]!, stop.signal);
        done++;
        if (r.status === "registered") registered++;
        ready.push(r);
        onProgress?.(done, names.length, registered);
      }
    } catch (err) {
      feed.fail(err);
    } finally {
      running--;
      ready.poke();
    }
  };

  const feed: NameFeed = {
    push(list) {
      if (ended || failure) return;
      for (const name of list) names.push(name);
      while (running < concurrency && next < names.length) void worker();
    },
    end() {
      ended = true;
      ready.poke();
    },
    fail(err) {
      if (failure) return;
      failure = { err };
      stop.abort(err);
      ready.poke();
    },
  };

  async function* results(): AsyncGenerator<ResolveResult, void> {
    try {
      yield* ready.drain(
        () => {
          if (failure) throw failure.err;
        },
        () => ended && running === 0 && next >= names.length,
      );
    } finally {
      if (!stop.signal.aborted) stop.abort(new Error("resolution stopped"));
    }
  }

  return { feed, results: results() };
}
