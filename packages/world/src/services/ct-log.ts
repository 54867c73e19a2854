import type { WorldCa } from "../tls/ca.ts";
import { buildCtEntry, type CtEntrySpec, type CtLogEntry } from "./ct-log-entries.ts";
import { ctLogList } from "./ct-log-list.ts";
import { newCtLogKey, signTreeHead } from "./ct-log-sign.ts";
import { registerTileRoutes } from "./ct-log-tiles.ts";
import { createApp, listen, type Listening } from "./http.ts";

// A Certificate Transparency log with the RFC 6962 read API (/ct/v1/get-sth, /ct/v1/get-entries),
// the same entries through the static-ct (tiled) API under /tiled/ (checkpoint, data tiles), a v3
// log list naming both (/log_list.json), and the habits of real logs: a cap on entries per call
// (RFC 6962 §4.6 lets a log answer fewer than asked; Trillian's CTFE caps at its max_get_entries),
// errors as plain text the way Trillian's CTFE writes them (Go's http.Error), rate limiting on
// demand (429/503 with Retry-After), entries nobody can parse. Leaves are built on
// first read, so a world whose log nobody reads pays nothing for it. Entries can be appended while
// it runs (a certificate issued now).

interface CtLogFaults {
  /** The next N get-entries/get-sth calls answer `status` with `retry_after` seconds. */
  fail_next?: number;
  status?: 429 | 503;
  retry_after?: number;
}

export interface RunningCtLog extends Listening {
  /** The log's base URL, what `CT_LOGS` lists. */
  baseUrl: string;
  /** The static-ct monitoring prefix of the same log (`tiled:<this>` in `CT_LOGS`). */
  tiledUrl: string;
  /** The world's v3 log list, what `CT_LOG_LIST_URL` points at. */
  logListUrl: string;
  /** The log's public key (SPKI, base64), as a v3 log list gives it. */
  publicKey: string;
  treeSize(): number;
  /** Appends entries (stamped now unless they say otherwise); returns the first new index. */
  append(specs: Array<Omit<CtEntrySpec, "timestamp"> & { timestamp?: number }>): number;
  setFaults(f: CtLogFaults): void;
  /** How many get-entries calls were answered (with entries or a fault), for tests. */
  calls(): { entries: number; sth: number; faults: number };
}

export interface CtLogOptions {
  /** Entries per get-entries answer at most (real logs: 32..1024). */
  pageCap?: number;
  /** A custom source of entries instead of specs (benchmarks: a million-entry log). */
  entryAt?: (index: number) => CtLogEntry;
  size?: number;
  /** Builds an entry's leaf (default: a freshly issued certificate; benchmarks pass a faster one). */
  build?: (spec: CtEntrySpec) => CtLogEntry;
}

/** A control body as sent: JSON (parsed by content type or not), or empty. */
function controlBody<T>(body: unknown): T {
  if (body === undefined || body === null || body === "") return {} as T;
  if (typeof body === "object") return body as T;
  return JSON.parse(String(body)) as T;
}

export async function startCtLog(
  ca: WorldCa,
  specs: CtEntrySpec[],
  host: string,
  port: number,
  opts: CtLogOptions = {},
): Promise<RunningCtLog> {
  const pageCap = opts.pageCap ?? 64;
  const list = [...specs];
  const build = opts.build ?? ((spec: CtEntrySpec) => buildCtEntry(ca, spec));
  const built = new Map<number, CtLogEntry>();
  let extraSize = opts.size ?? 0;
  const size = () => (opts.entryAt ? extraSize : list.length);
  const entryAt = (i: number): CtLogEntry => {
    if (opts.entryAt) return opts.entryAt(i);
    let e = built.get(i);
    if (!e) built.set(i, (e = build(list[i]!)));
    return e;
  };
  const key = newCtLogKey();
  let faults: CtLogFaults = {};
  const counts = { entries: 0, sth: 0, faults: 0 };

  const app = createApp();
  const faulted = (reply: { code(n: number): unknown; header(k: string, v: string): unknown }) => {
    if (!faults.fail_next) return false;
    faults.fail_next--;
    counts.faults++;
    reply.code(faults.status ?? 429);
    reply.header("content-type", "text/plain; charset=utf-8");
    if (faults.retry_after !== undefined) reply.header("retry-after", String(faults.retry_after));
    return true;
  };

  app.get("/ct/v1/get-sth", async (_req, reply) => {
    counts.sth++;
    if (faulted(reply)) return "rate limited\n";
    const sth = signTreeHead(key, size(), Date.now());
    return {
      tree_size: sth.treeSize,
      timestamp: sth.timestamp,
      sha256_root_hash: sth.root.toString("base64"),
      tree_head_signature: sth.signature.toString("base64"),
    };
  });

  app.get<{ Querystring: { start?: string; end?: string } }>("/ct/v1/get-entries", async (req, reply) => {
    const start = Number(req.query.start);
    const end = Number(req.query.end);
    if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end < start) {
      return reply
        .code(400)
        .type("text/plain; charset=utf-8")
        .send(`bad range on get-entries request: start (${start}) and end (${end}) is not a valid range\n`);
    }
    if (start >= size())
      return reply
        .code(400)
        .type("text/plain; charset=utf-8")
        .send(`need tree size: ${start + 1} to get leaves but only got: ${size()}\n`);
    counts.entries++;
    if (faulted(reply)) return "rate limited\n";
    // A full-size request is cut at the next multiple of the cap (CTFE's --align_getentries), so a
    // monitor paging from an unaligned start gets fewer than the cap first, then aligned pages.
    let last = Math.min(end, start + pageCap - 1);
    if (end - start + 1 >= pageCap) last -= (last + 1) % pageCap;
    last = Math.min(last, size() - 1);
    const entries: CtLogEntry[] = [];
    for (let i = start; i <= last; i++) entries.push(entryAt(i));
    return { entries };
  });

  // World-only controls, for the demo and tests that drive the log over HTTP (JSON bodies).
  app.post("/__control/faults", async (req, reply) => {
    try {
      faults = { ...controlBody<CtLogFaults>(req.body) };
    } catch {
      return reply.code(400).send({ error: "body is not JSON" });
    }
    return { ok: true };
  });
  app.post("/__control/append", async (req, reply) => {
    let body: { names?: unknown; precert?: unknown };
    try {
      body = controlBody(req.body);
    } catch {
      return reply.code(400).send({ error: "body is not JSON" });
    }
    const names = body.names;
    if (!Array.isArray(names) || names.length === 0 || !names.every((n) => typeof n === "string" && n))
      return reply.code(400).send({ error: "names: expected a non-empty list of host names" });
    const first = append([{ names: names as string[], precert: body.precert !== false }]);
    return { index: first };
  });

  function append(more: Array<Omit<CtEntrySpec, "timestamp"> & { timestamp?: number }>): number {
    const first = size();
    if (opts.entryAt) {
      extraSize += more.length;
      return first;
    }
    for (const s of more) list.push({ ...s, timestamp: s.timestamp ?? Date.now() });
    return first;
  }

  let origin = "";
  registerTileRoutes(app, { prefix: "/tiled", origin: () => origin, key, size, entryAt, faulted });
  let logList: object | null = null;
  app.get("/log_list.json", async () => logList);

  const l = await listen(app, host, port);
  const baseUrl = `${l.url}/`;
  logList = ctLogList({ baseUrl, key, now: new Date() });
  origin = `${baseUrl}tiled`.replace(/^https?:\/\//, "");
  return {
    ...l,
    baseUrl,
    tiledUrl: `${baseUrl}tiled/`,
    logListUrl: `${baseUrl}log_list.json`,
    publicKey: key.publicKey,
    treeSize: size,
    append,
    setFaults: (f) => void (faults = { ...f }),
    calls: () => ({ ...counts }),
  };
}
