import http from "node:http";
import type { AddressInfo } from "node:net";
import { registryOperators } from "./registry-operators.ts";
import { domainRdap, rdapError } from "./rdap-json.ts";
import type { RegistryIndex } from "./registry-index.ts";
import { TokenBuckets, type RateLimit } from "./token-bucket.ts";

// RDAP as the internet has it: one server per registry operator, each on its own address and
// answering only for its own TLDs, listed in the bootstrap file with its own base URL (as IANA's
// https://data.iana.org/rdap/dns.json lists Verisign's com/net, PIR's org, ...). Each applies a
// per-client rate limit: over it the answer is 429 Too Many Requests with Retry-After and an
// RDAP error body, as RFC 7480 §5.5 describes and registries do (RIPE NCC's RDAP answers its
// access-limit refusals 429 with an RDAP error object: github.com/RIPE-NCC/whois pull #570;
// registrars' RDAP too: rdap.metaregistrar.com's 429s in github.com/rdap-org/validator.rdap.org
// issue #6; rdap.org's maintainer: "the registry servers that rdap.org redirects to do rate
// limit", github.com/rdap-org/rdap.org issue #4).

/** What one registry server saw, for a benchmark's lower bound. */
export interface RegistryServerStats {
  kind: "rdap" | "whois";
  name: string;
  /** RDAP: the base URL the bootstrap gives; WHOIS: host:port. */
  baseUrl: string;
  /** RDAP: the TLDs the bootstrap lists for it now; WHOIS: every TLD (one server for all). */
  tlds: string[];
  /** Requests (RDAP) or queries (WHOIS) received, answered or not. */
  requests: number;
  /** Refused for the rate limit (429s, refused WHOIS queries). */
  limited: number;
  /** The per-client limit; null when unlimited. */
  ratePerSecond: number | null;
  burst: number | null;
}

export interface RegistryRdap {
  /** The servers' HTTP servers, in operator order (the world puts the network in front of them). */
  servers: http.Server[];
  /** The bootstrap's services for these TLDs: one entry per registry that has any. */
  dnsServices(tlds: string[]): [string[], string[]][];
  stats(tlds: string[]): RegistryServerStats[];
  close(): Promise<void>;
}

export interface RegistryRdapOptions {
  /** The first registry's address; the i-th listens on the address i after it. */
  firstHost: string;
  port: number;
  limit: RateLimit | null;
  now?: () => number;
}

/** The TLDs of no operator the world knows share one last registry. */
const OTHER = "Registry of TLDs without a listed operator";

function nthAddress(first: string, i: number): string {
  const parts = first.split(".").map(Number);
  const last = parts[3]! + i;
  if (parts.length !== 4 || last > 254) throw new Error(`no room for ${i + 1} registries after ${first}`);
  return [...parts.slice(0, 3), last].join(".");
}

export async function startRegistryRdap(
  index: RegistryIndex,
  opts: RegistryRdapOptions,
): Promise<RegistryRdap> {
  const operators = registryOperators();
  const names = [...operators.map((o) => o.operator), OTHER];
  const ownerOf = (tld: string) => {
    const i = operators.findIndex((o) => o.tlds.includes(tld));
    return i < 0 ? names.length - 1 : i;
  };
  const counts = names.map(() => ({ requests: 0, limited: 0 }));
  const bases: string[] = [];
  const servers = names.map((name, i) => {
    const buckets = opts.limit ? new TokenBuckets(opts.limit, opts.now) : null;
    return http.createServer((req, res) => {
      counts[i]!.requests++;
      const path = decodeURIComponent(new URL(req.url ?? "/", "http://rdap.invalid").pathname);
      const reply = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        const text = JSON.stringify(body);
        res.writeHead(status, { "content-type": "application/rdap+json", "content-length": Buffer.byteLength(text), "access-control-allow-origin": "*", ...headers }); // prettier-ignore
        res.end(text);
      };
      const admission = buckets?.take(req.socket.remoteAddress ?? "") ?? { ok: true };
      if (!admission.ok) {
        counts[i]!.limited++;
        const retry = String(admission.retryAfterSeconds);
        return reply(429, rdapError(429, "Too Many Requests", `${name}: query rate limit exceeded; retry after ${retry} s`), { "retry-after": retry }); // prettier-ignore
      }
      if (req.method !== "GET" && req.method !== "HEAD")
        return reply(405, rdapError(405, "Method Not Allowed", path));
      if (path === "/rdap/help")
        return reply(200, { rdapConformance: ["rdap_level_0"], notices: [{ title: name }] });
      const m = /^\/rdap\/domain\/([^/]+)$/.exec(path);
      const d = m ? index.domain(m[1]!) : null;
      const tld = d?.domain.split(".").pop()?.toLowerCase();
      if (!d || ownerOf(tld!) !== i) return reply(404, rdapError(404, "Not Found", `${m?.[1] ?? path} is not in this registry`)); // prettier-ignore
      return reply(200, domainRdap(d, bases[i]!, new Date()));
    });
  });
  const close = () =>
    Promise.all(
      servers.map(
        (s) =>
          new Promise<void>((resolve) => {
            s.closeAllConnections();
            s.close(() => resolve());
          }),
      ),
    ).then(() => undefined);
  try {
    await Promise.all(
      servers.map(
        (s, i) =>
          new Promise<void>((resolve, reject) => {
            const host = nthAddress(opts.firstHost, i);
            s.once("error", (err) => reject(new Error(`RDAP (${names[i]}) cannot listen on ${host}:${opts.port}: ${err.message}`))); // prettier-ignore
            s.listen(opts.port, host, () => {
              bases[i] = `http://${host}:${(s.address() as AddressInfo).port}/rdap/`;
              resolve();
            });
          }),
      ),
    );
  } catch (err) {
    await close();
    throw err;
  }
  const byOwner = (tlds: string[]) => {
    const groups = names.map(() => [] as string[]);
    for (const t of tlds) groups[ownerOf(t)]!.push(t);
    return groups;
  };
  return {
    servers,
    dnsServices: (tlds) =>
      byOwner(tlds).flatMap((g, i) => (g.length ? [[g, [bases[i]!]] as [string[], string[]]] : [])),
    stats: (tlds) =>
      byOwner(tlds).map((g, i) => ({
        kind: "rdap" as const,
        name: names[i]!,
        baseUrl: bases[i]!,
        tlds: g,
        requests: counts[i]!.requests,
        limited: counts[i]!.limited,
        ratePerSecond: opts.limit?.perSecond ?? null,
        burst: opts.limit?.burst ?? null,
      })),
    close,
  };
}
