import type { RecordType } from "dns-packet";
import { createDeadlineSweep } from "../../lib/deadline-sweep.ts";
import { DnsTimeoutError, type DnsClient, type DnsResponse } from "../../ports/dns/dns.port.ts";
import { createRateLimiter, type RateLimiter } from "./rate-limiter.ts";
import { resolveMany } from "./resolve-many.ts";
import {
  emptyResult,
  type ResolveResult,
  type ResolveStatus,
  type Resolver,
  type ResolverStats,
} from "./types.ts";

/**
 * Bulk DNS resolution of lookalike candidates, three-state.
 *
 * Per domain: NS first. NXDOMAIN ends it ("unregistered"). Otherwise A, AAAA and MX in parallel
 * (sent early when NS is slow to answer),
 * each following CNAMEs (the chain the server put in its answer, then our own queries for a target
 * it left out, at most 8 hops, loops stopped).
 *
 * - registered: an NS answer, or any A/AAAA/MX answer; or, for a name below its registrable domain
 *   that exists without records (NODATA), an NS delegation of the registrable domain.
 * - unregistered: NXDOMAIN ("nxdomain"), no records at all ("nodata"), or an answer that only a
 *   parent wildcard gave ("wildcard", see below).
 * - unknown: SERVFAIL, REFUSED or a timeout (after the retries) with no positive evidence from the
 *   other queries. Never counted as registered: a lookup failure is not a finding, nor proof of absence.
 *
 * Wildcard rule: a name with addresses but no NS records of its own is checked against its parent
 * zone (the name minus its first label): one random label under the parent is asked for A, AAAA and
 * MX, once per parent (cached). When the name's A and AAAA sets both equal the probe's, the name is
 * `wildcard: true`; with `wildcard: "suppress"` (default) and no MX of its own beyond the
 * wildcard's, it is reported "unregistered" with reason "wildcard", so a `*.parent` zone does not
 * turn every name under it into a finding. `wildcard: "mark"` keeps such names registered
 * (dnstwist's view) with the flag set.
 */

export interface ResolverOptions {
  /** A client to use (not closed by `close()`); otherwise one is created on `nameservers`. */
  client?: DnsClient;
  /** "host[:port]"; empty or absent: /etc/resolv.conf. */
  nameservers?: string[];
  /** Domains resolved at once by `resolveMany`. Default 200. */
  concurrency?: number;
  /** Per query attempt. Default 2000. */
  timeoutMs?: number;
  /** Further attempts after a timeout (next name server), and re-asks after SERVFAIL/REFUSED (at most 1). Default 2. */
  retries?: number;
  /** Rate limit, queries per second over all domains. Default: none. */
  qps?: number;
  /** A rate limiter to use instead of one made from `qps` (tests pass one on a virtual clock). */
  limiter?: RateLimiter;
  /** When the NS answer takes longer than this, A/AAAA/MX are asked without waiting for it. Default 250. */
  hedgeMs?: number;
  /** What to do with names only a parent wildcard answers. Default "suppress". */
  wildcard?: "suppress" | "mark";
}

const MAX_CNAME_HOPS = 8;

type Lookup =
  | { ok: true; rcode: string; records: string[]; chain: string[]; own: boolean }
  | { ok: false; reason: string };

/** A domain waiting for its NS answer, and its A/AAAA/MX lookups once they start. */
interface Hedge {
  domain: string;
  signal: AbortSignal | undefined;
  rest?: Promise<[Lookup, Lookup, Lookup]>;
}

interface WildcardAnswers {
  a: string;
  aaaa: string;
  mx: Set<string>;
}

const norm = (name: string) => name.toLowerCase().replace(/\.$/, "");
const setKey = (list: string[]) => [...list].sort().join(",");

function abortable<T>(p: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return p;
  if (signal.aborted) {
    p.catch(() => {}); // abandoned
    return Promise.reject(signal.reason as Error);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    p.then(
      (v) => {
        signal.removeEventListener("abort", onAbort);
        resolve(v);
      },
      (e) => {
        signal.removeEventListener("abort", onAbort);
        reject(e);
      },
    );
  });
}

function randomLabel(): string {
  let s = "";
  while (s.length < 16) s += Math.random().toString(36).slice(2);
  return `bw${s.slice(0, 16)}`;
}

function recordValues(res: DnsResponse, type: RecordType): string[] {
  const list = res.answers.filter((r) => r.type === type);
  if (type !== "MX") return [...new Set(list.map((r) => norm(r.data)))].sort();
  const mx = list
    .map((r) => {
      const [pref, exchange] = r.data.split(" ");
      return { pref: Number(pref), host: norm(exchange ?? "") || "." };
    })
    .sort((x, y) => x.pref - y.pref || x.host.localeCompare(y.host));
  return [...new Set(mx.map((m) => m.host))];
}

/** Concurrency, timeout and retries with their defaults (a DNS client made for the resolver is sized by them). */
export function resolverSettings(opts: ResolverOptions) {
  return {
    concurrency: Math.max(1, Math.floor(opts.concurrency ?? 200)),
    timeoutMs: opts.timeoutMs ?? 2000,
    retries: Math.max(0, opts.retries ?? 2),
  };
}

/** The resolver over `client` (`opts.client` and `opts.nameservers` are the wiring's); `close()` closes the client when it owns it. */
export function createResolverOn(client: DnsClient, opts: ResolverOptions, ownClient: boolean): Resolver {
  const { concurrency, timeoutMs, retries } = resolverSettings(opts);
  const limiter = opts.limiter ?? (opts.qps ? createRateLimiter(opts.qps) : undefined);
  const hedgeMs = opts.hedgeMs ?? 250;
  const suppressWildcards = (opts.wildcard ?? "suppress") === "suppress";
  const stats: ResolverStats = { queries: 0, domains: 0 };
  const wildcards = new Map<string, Promise<WildcardAnswers | null>>();

  /** One question, re-asked once after SERVFAIL/REFUSED; failures become a reason. */
  async function ask(
    name: string,
    type: RecordType,
    signal?: AbortSignal,
  ): Promise<{ res: DnsResponse } | { reason: string }> {
    for (let attempt = 0; ; attempt++) {
      if (limiter) await limiter.take(signal);
      signal?.throwIfAborted();
      stats.queries++;
      let res: DnsResponse;
      try {
        res = await client.query(name, type, { timeoutMs, retries });
      } catch (err) {
        if (signal?.aborted) throw signal.reason;
        if (err instanceof DnsTimeoutError) return { reason: `timeout (${type})` };
        return { reason: `error (${type}): ${(err as Error).message}` };
      }
      if (res.rcode === "NOERROR" || res.rcode === "NXDOMAIN") return { res };
      if ((res.rcode === "SERVFAIL" || res.rcode === "REFUSED") && attempt < Math.min(1, retries)) continue;
      return { reason: `${res.rcode.toLowerCase()} (${type})` };
    }
  }

  /**
   * Records of one type for a name, following CNAMEs. `first`: the answer to the name's own
   * question when the caller already asked it.
   */
  async function lookup(
    name: string,
    type: RecordType,
    signal?: AbortSignal,
    first?: Awaited<ReturnType<typeof ask>>,
  ): Promise<Lookup> {
    const chain: string[] = [];
    let seen: Set<string> | undefined; // only when there are CNAMEs
    let current = name;
    for (let hop = 0; hop <= MAX_CNAME_HOPS; hop++) {
      const out = hop === 0 && first ? first : await ask(current, type, signal);
      if ("reason" in out) return { ok: false, reason: out.reason };
      const { res } = out;
      let advanced = false;
      for (;;) {
        const c = res.answers.find((r) => r.type === "CNAME" && norm(r.name) === current);
        if (!c) break;
        const target = norm(c.data);
        seen ??= new Set([name]);
        if (seen.has(target) || chain.length >= MAX_CNAME_HOPS) {
          return { ok: true, rcode: res.rcode, records: [], chain, own: false };
        }
        seen.add(target);
        chain.push(target);
        current = target;
        advanced = true;
      }
      const records = recordValues(res, type);
      // The server stopped at a CNAME whose target it does not serve (no records, no SOA): ask on.
      if (records.length || !advanced || res.rcode !== "NOERROR" || res.authority.length > 0) {
        return { ok: true, rcode: res.rcode, records, chain, own: chain.length === 0 && records.length > 0 };
      }
    }
    return { ok: true, rcode: "NOERROR", records: [], chain, own: false };
  }

  function wildcardOf(parent: string): Promise<WildcardAnswers | null> {
    let p = wildcards.get(parent);
    if (!p) {
      const probe = `${randomLabel()}.${parent}`;
      p = Promise.all([lookup(probe, "A"), lookup(probe, "AAAA"), lookup(probe, "MX")]).then(
        ([a, aaaa, mx]) => {
          if (!a.ok || !aaaa.ok || !mx.ok) {
            wildcards.delete(parent); // unknown: ask again for the next name
            return null;
          }
          if (!a.records.length && !aaaa.records.length) return null;
          return { a: setKey(a.records), aaaa: setKey(aaaa.records), mx: new Set(mx.records) };
        },
      );
      wildcards.set(parent, p);
    }
    return p;
  }

  function finish(result: ResolveResult, status: ResolveStatus, reason?: string): ResolveResult {
    stats.domains++;
    result.status = status;
    if (reason) result.reason = reason;
    return result;
  }

  function startRest(h: Hedge): Promise<[Lookup, Lookup, Lookup]> {
    if (!h.rest) {
      const types = ["A", "AAAA", "MX"] as const;
      h.rest = Promise.all(types.map((t) => lookup(h.domain, t, h.signal))) as Promise<
        [Lookup, Lookup, Lookup]
      >;
      h.rest.catch(() => {}); // an abort is reported through the NS lookup or the await of `rest`
    }
    return h.rest;
  }

  // Domains whose NS answer is late get A/AAAA/MX sent at `hedgeMs`.
  const hedges = createDeadlineSweep<Hedge>(Math.min(50, Math.max(5, hedgeMs / 5)), (h) => void startRest(h));

  /**
   * Checks `signal` before every query; a query in flight runs to its answer or timeout. That
   * costs no listener per query; `resolveDomain` and `resolveMany` return at the abort itself.
   */
  async function resolveOne(raw: string, signal?: AbortSignal): Promise<ResolveResult> {
    const domain = norm(raw.trim());
    const result = emptyResult(domain);

    // NS first; when it is slow (past `hedgeMs`), A/AAAA/MX go out alongside instead of after it.
    const hedge: Hedge = { domain, signal };
    hedges.add(hedge, performance.now() + hedgeMs);
    let first: Awaited<ReturnType<typeof ask>>;
    try {
      first = await ask(domain, "NS", signal);
    } finally {
      hedges.delete(hedge);
    }
    // Most lookalikes do not exist: NXDOMAIN without records (no CNAME to follow) ends it here,
    // what lookup() would conclude, without its CNAME walk and record sorting.
    if ("res" in first && first.res.rcode === "NXDOMAIN" && first.res.answers.length === 0) {
      return finish(result, "unregistered", "nxdomain");
    }
    const ns = await lookup(domain, "NS", signal, first);
    if (!ns.ok) return finish(result, "unknown", ns.reason);
    if (ns.rcode === "NXDOMAIN" && ns.chain.length === 0) return finish(result, "unregistered", "nxdomain");
    result.dns_ns = ns.records;

    const [a, aaaa, mx] = await startRest(hedge);
    if (a.ok) result.dns_a = a.records;
    if (aaaa.ok) result.dns_aaaa = aaaa.records;
    if (mx.ok) result.dns_mx = mx.records;
    result.cname_chain = [a, aaaa, mx, ns].map((l) => (l.ok ? l.chain : [])).find((c) => c.length > 0) ?? [];
    const failed = [a, aaaa, mx].find((l) => !l.ok);
    const hasAddresses = result.dns_a.length > 0 || result.dns_aaaa.length > 0;

    if (hasAddresses && !ns.own && domain.includes(".")) {
      const w = await abortable(wildcardOf(domain.slice(domain.indexOf(".") + 1)), signal);
      if (w && w.a === setKey(result.dns_a) && w.aaaa === setKey(result.dns_aaaa)) {
        result.wildcard = true;
        const ownMx = result.dns_mx.some((m) => !w.mx.has(m));
        if (suppressWildcards && !ownMx && !ns.records.length)
          return finish(result, "unregistered", "wildcard");
      }
    }
    if (ns.records.length || hasAddresses || result.dns_mx.length) return finish(result, "registered");
    if (failed && !failed.ok) return finish(result, "unknown", failed.reason);

    // An existing name without records below its registrable domain: registered if that is delegated.
    // tldts (the public suffix list) is loaded on first need: most runs never get here.
    const { getDomain } = await import("tldts");
    const registrable = getDomain(domain, { allowPrivateDomains: true, validateHostname: false });
    if (registrable && registrable !== domain) {
      const parentNs = await lookup(registrable, "NS", signal);
      if (!parentNs.ok) return finish(result, "unknown", parentNs.reason);
      if (parentNs.records.length)
        return finish(result, "registered", `registrable domain ${registrable} is delegated`);
    }
    return finish(result, "unregistered", "nodata");
  }

  return {
    concurrency,
    stats,
    resolveDomain: (name, signal) => abortable(resolveOne(name, signal), signal),
    resolveMany: (names, manyOpts = {}) => resolveMany(resolveOne, names, concurrency, manyOpts),
    async close() {
      if (ownClient) await client.close();
    },
  };
}
