import { Worker } from "node:worker_threads";
import type { ResolveResult } from "@brandwarden/worker/capabilities/resolve/types";
import { ResultQueue } from "@brandwarden/worker/capabilities/resolve/result-queue";
import type { NameFeed, ResolveFeed } from "./resolve-feed.ts";

// resolveFeed over worker threads: the names are shared out between DNS threads, each with its
// own resolver and UDP socket, so sending, receiving and decoding DNS use the machine's other
// cores while this thread generates names and writes rows. Results come back in batches, in
// completion order; at most `concurrency` names are in flight over all threads.

export interface ThreadSettings {
  nameservers: string[];
  /** Names in flight in this thread. */
  concurrency: number;
}

export interface ToThread {
  names?: string[];
  end?: true;
}

export interface FromThread {
  /** Names that do not exist (NXDOMAIN): their result is implied. */
  nx: string[];
  results: ResolveResult[];
  /** The thread stopped on this error. */
  error?: string;
}

export interface ThreadFeedOptions {
  nameservers: string[];
  /** Names in flight over all threads. */
  concurrency: number;
  /**
   * DNS threads. Default 1: measured on 2 cores against a local dnsmasq, a second DNS thread
   * competes for the cores with name generation and the name server and makes the job slower.
   */
  threads?: number;
}

// One empty list for all NXDOMAIN results (tens of thousands): the rows only read them.
const NONE = Object.freeze([]) as unknown as string[];

/** The result a thread sends back as the name alone. Its lists are shared and frozen. */
function nxdomainResult(domain: string): ResolveResult {
  return {
    domain,
    status: "unregistered",
    reason: "nxdomain",
    dns_ns: NONE,
    dns_a: NONE,
    dns_aaaa: NONE,
    dns_mx: NONE,
    cname_chain: NONE,
    wildcard: false,
  };
}

/** A DNS thread: resolve-thread.js next to this file or, run from source, its .ts through tsx. */
function startThread(settings: ThreadSettings): Worker {
  if (!import.meta.url.endsWith(".ts")) {
    return new Worker(new URL("./resolve-thread.js", import.meta.url), { workerData: settings });
  }
  // A worker thread does not inherit the tsx loader of `node --import tsx`: it registers its own.
  const tsx = JSON.stringify(import.meta.resolve("tsx/esm/api"));
  const entry = JSON.stringify(new URL("./resolve-thread.ts", import.meta.url).href);
  const code = `import(${tsx}).then((t) => { t.register(); return import(${entry}); });`;
  return new Worker(code, { eval: true, workerData: settings });
}

/** Names sent to a thread at once at most. */
const CHUNK = 1024;

export function resolveInThreads(
  opts: ThreadFeedOptions,
  onProgress?: (done: number, total: number, registered: number) => void,
): ResolveFeed {
  const count = Math.max(1, Math.min(opts.threads ?? 1, opts.concurrency));
  const ready = new ResultQueue<ResolveResult>();
  let total = 0;
  let done = 0;
  let registered = 0;
  let ended = false;
  let failure: { err: unknown } | null = null;

  const threads = Array.from({ length: count }, (_, i) => {
    const settings: ThreadSettings = {
      nameservers: opts.nameservers,
      // The threads' shares add up to `concurrency`.
      concurrency: Math.floor(opts.concurrency / count) + (i < opts.concurrency % count ? 1 : 0),
    };
    const worker = startThread(settings);
    const thread = { worker, outstanding: 0 };
    worker.on("message", (m: FromThread) => {
      if (m.error) return feed.fail(new Error(m.error));
      thread.outstanding -= m.nx.length + m.results.length;
      for (const domain of m.nx) ready.push(nxdomainResult(domain));
      for (const r of m.results) {
        if (r.status === "registered") registered++;
        ready.push(r);
      }
      done += m.nx.length + m.results.length;
      onProgress?.(done, total, registered);
    });
    worker.on("error", (err) => feed.fail(err));
    worker.on("exit", (code) => {
      if (!ended || thread.outstanding > 0) feed.fail(new Error(`a DNS thread stopped (exit code ${code})`));
    });
    return thread;
  });
  const stopAll = () => {
    for (const t of threads) void t.worker.terminate();
  };

  const feed: NameFeed = {
    push(list) {
      if (ended || failure || !list.length) return;
      total += list.length;
      for (let i = 0; i < list.length; i += CHUNK) {
        const names = list.slice(i, i + CHUNK) as string[];
        // To the thread with the fewest names still to answer.
        const t = threads.reduce((a, b) => (b.outstanding < a.outstanding ? b : a));
        t.outstanding += names.length;
        t.worker.postMessage({ names } satisfies ToThread);
      }
    },
    end() {
      ended = true;
      for (const t of threads) t.worker.postMessage({ end: true } satisfies ToThread);
      ready.poke();
    },
    fail(err) {
      if (failure) return;
      failure = { err };
      stopAll();
      ready.poke();
    },
  };

  async function* results(): AsyncGenerator<ResolveResult, void> {
    try {
      yield* ready.drain(
        () => {
          if (failure) throw failure.err;
        },
        () => ended && done >= total,
      );
    } finally {
      if (!failure) failure = { err: new Error("resolution stopped") };
      stopAll();
    }
  }

  return { feed, results: results() };
}
