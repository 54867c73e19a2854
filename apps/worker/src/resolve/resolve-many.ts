import { setMaxListeners } from "node:events";
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
  const ready: ResolveResult[] = [];
  let head = 0;
  let next = 0;
  let done = 0;
  let registered = 0;
  let finished = total === 0;
  let failure: { err: unknown } | null = null;
  let wake: (() => void) | null = null;
  const poke = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  const onAbort = () => {
    inner.abort(signal!.reason);
    poke();
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
      poke();
    }
  };
  const workers = Array.from({ length: Math.min(concurrency, total) }, worker);
  void Promise.all(workers).then(() => {
    finished = true;
    poke();
  });

  try {
    for (;;) {
      while (head < ready.length) {
        if (signal?.aborted) throw signal.reason;
        const r = ready[head]!;
        ready[head++] = undefined as unknown as ResolveResult; // let it go
        if (head > 4096 && head * 2 > ready.length) {
          ready.splice(0, head);
          head = 0;
        }
        yield r;
      }
      if (signal?.aborted) throw signal.reason;
      if (failure) throw (failure as { err: unknown }).err;
      if (finished) return;
      await new Promise<void>((r) => (wake = r));
    }
  } finally {
    signal?.removeEventListener("abort", onAbort);
    if (!inner.signal.aborted) inner.abort(new Error("resolveMany stopped"));
  }
}
