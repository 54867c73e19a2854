import { setMaxListeners } from "node:events";
import { ResultQueue } from "./result-queue.ts";
import type { ResolveManyOptions, ResolveResult } from "./types.ts";

/**
 * Resolves `names` with at most `concurrency` domains in flight, yielding each result as it
 * completes. An abort stops handing out names at once and makes the iterator throw the signal's
 * reason as soon as it is waiting (in-flight queries are abandoned, not awaited). Breaking out of
 * the loop stops the workers too.
 */
export async function* resolveMany(
  resolveDomain: (name: string, signal: AbortSignal) => Promise<ResolveResult>,
  names: readonly string[],
  concurrency: number,
  opts: ResolveManyOptions = {},
): AsyncGenerator<ResolveResult, void> {
  const { signal, onProgress } = opts;
  signal?.throwIfAborted();
  const inner = new AbortController();
  setMaxListeners(0, inner.signal); // one listener per query in flight
  const total = names.length;
  const ready = new ResultQueue<ResolveResult>();
  let next = 0;
  let done = 0;
  let registered = 0;
  let finished = total === 0;
  let failure: { err: unknown } | null = null;
  const onAbort = () => {
    inner.abort(signal!.reason);
    ready.poke();
  };
  signal?.addEventListener("abort", onAbort, { once: true });

  const worker = async () => {
    while (next < total && !inner.signal.aborted) {
      const name = names[next++]!;
      let r: ResolveResult;
      try {
        r = await resolveDomain(name, inner.signal);
      } catch (err) {
        if (!inner.signal.aborted) {
          failure = { err };
          inner.abort(err);
        }
        break;
      }
      done++;
      if (r.status === "registered") registered++;
      ready.push(r);
      onProgress?.(done, total, registered);
    }
  };
  const workers = Array.from({ length: Math.min(concurrency, total) }, worker);
  void Promise.all(workers).then(() => {
    finished = true;
    ready.poke();
  });

  try {
    yield* ready.drain(
      () => {
        if (signal?.aborted) throw signal.reason;
      },
      () => {
        if (failure) throw (failure as { err: unknown }).err;
        return finished;
      },
    );
  } finally {
    signal?.removeEventListener("abort", onAbort);
    if (!inner.signal.aborted) inner.abort(new Error("resolveMany stopped"));
  }
}
