import { parentPort, workerData } from "node:worker_threads";
import { createResolver } from "@brandwarden/worker/wiring/resolver";
import type { ResolveResult } from "@brandwarden/worker/capabilities/resolve/types";
import { resolveFeed } from "./resolve-feed.ts";
import type { FromThread, ThreadSettings, ToThread } from "./resolve-threads.ts";

// One DNS thread of `resolveInThreads`: a resolver of its own (its own UDP socket) over the names
// the main thread sends it, the results sent back in batches. A name that does not exist
// (NXDOMAIN, most of them) goes back as its name alone.

const settings = workerData as ThreadSettings;
const port = parentPort!;
const resolver = createResolver({ nameservers: settings.nameservers, concurrency: settings.concurrency });
const { feed, results } = resolveFeed((name) => resolver.resolveDomain(name), settings.concurrency);

/** Results are sent once this many are ready, or this long after the first of them. */
const BATCH = 512;
const BATCH_MS = 10;

let nx: string[] = [];
let full: ResolveResult[] = [];
let timer: NodeJS.Timeout | undefined;
const send = () => {
  clearTimeout(timer);
  timer = undefined;
  if (!nx.length && !full.length) return;
  const batch: FromThread = { nx, results: full };
  nx = [];
  full = [];
  port.postMessage(batch);
};

port.on("message", (m: ToThread) => {
  if (m.names) feed.push(m.names);
  if (m.end) feed.end();
});

try {
  for await (const r of results) {
    if (r.status === "unregistered" && r.reason === "nxdomain") nx.push(r.domain);
    else full.push(r);
    if (nx.length + full.length >= BATCH) send();
    else timer ??= setTimeout(send, BATCH_MS);
  }
  send();
} catch (err) {
  send();
  port.postMessage({ nx: [], results: [], error: err instanceof Error ? err.message : String(err) });
} finally {
  await resolver.close();
  port.close();
}
