import type { HttpClient } from "../../../ports/http/http.port.ts";
import { parseIp, prefixMatch } from "./ip-ranges.ts";
import { createServerPacer, RateLimitSignal, type ServerPacer } from "./server-pacer.ts";

// RDAP through the IANA bootstrap (RFC 9224): dns.json maps TLDs, ipv4.json/ipv6.json map
// prefixes to RDAP base URLs. Bootstrap files are fetched once and cached for `ttlMs`. Lookups go
// through a pacer per RDAP server (its origin): registries answer HTTP 429 with Retry-After beyond
// their rate (RFC 9224 says nothing of it; RFC 6585 §4 and RFC 9110 §10.2.3 do), and 503 with
// Retry-After means the same; both are retried once the pause ends.

interface BootstrapFile {
  services: [string[], string[]][];
}

class RdapUnavailableError extends Error {
  override name = "RdapUnavailableError";
  readonly code = "ERDAPUNAVAILABLE";
}

export class RdapNotFoundError extends Error {
  override name = "RdapNotFoundError";
  readonly code = "ENOTFOUND";
}

/** The RDAP base URL for a domain's TLD (longest matching suffix), or null. Pure. */
export function rdapBaseForDomain(file: BootstrapFile, domain: string): string | null {
  const labels = domain.toLowerCase().split(".");
  for (let i = 0; i < labels.length; i++) {
    const suffix = labels.slice(i).join(".");
    const hit = file.services.find(([tlds]) => tlds.some((t) => t.toLowerCase() === suffix));
    if (hit?.[1][0]) return hit[1].find((u) => u.startsWith("https:")) ?? hit[1][0];
  }
  return null;
}

/** The RDAP base URL for an address (most specific prefix of ipv4.json or ipv6.json), or null. Pure. */
export function rdapBaseForIp(file: BootstrapFile, address: string): string | null {
  const ip = parseIp(address);
  if (!ip) return null;
  let best: { len: number; url: string } | null = null;
  for (const [prefixes, urls] of file.services) {
    const url = urls.find((u) => u.startsWith("https:")) ?? urls[0];
    for (const p of prefixes) {
      const len = prefixMatch(ip, p);
      if (len >= 0 && url && (!best || len > best.len)) best = { len, url };
    }
  }
  return best?.url ?? null;
}

/** The RDAP base URL for an AS number (asn.json lists ranges "1-1876" and single numbers), or null. Pure. */
export function rdapBaseForAsn(file: BootstrapFile, asn: number): string | null {
  for (const [ranges, urls] of file.services) {
    const hit = ranges.some((r) => {
      const [lo, hi] = r.split("-").map(Number);
      return lo !== undefined && asn >= lo && asn <= (hi ?? lo);
    });
    if (hit && urls[0]) return urls.find((u) => u.startsWith("https:")) ?? urls[0];
  }
  return null;
}

/** Milliseconds a Retry-After value (delay-seconds or an HTTP-date) asks to wait, or null. Pure. */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | null {
  if (!value) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}

type RdapAnswer = Promise<{ json: Record<string, unknown>; url: string }>;

export interface RdapClient {
  domain(name: string): RdapAnswer;
  ip(address: string): RdapAnswer;
  /** `autnum/<asn>` at the registry asn.json names. Optional: fakes may omit it. */
  autnum?(asn: number): RdapAnswer;
  /** An RDAP object by its URL (a network's `up` link). Optional: fakes may omit it. */
  byUrl?(url: string): RdapAnswer;
  /**
   * The origin of the RDAP server for a domain's TLD ("https://rdap.verisign.com"), or null when the
   * TLD has none (WHOIS then). Rejects when the bootstrap file cannot be had. Optional: fakes may omit it.
   */
  serverFor?(domain: string): Promise<string | null>;
}

export function createRdapClient(opts: {
  http: HttpClient;
  bootstrapUrl: string;
  ttlMs?: number;
  /** Paces lookups per RDAP server; default one of its own. */
  pacer?: ServerPacer;
}): RdapClient & Required<Pick<RdapClient, "serverFor">> {
  const pacer = opts.pacer ?? createServerPacer({ kind: "rdap" });
  const ttl = opts.ttlMs ?? 24 * 3600_000;
  const base = opts.bootstrapUrl.endsWith("/") ? opts.bootstrapUrl : `${opts.bootstrapUrl}/`;
  const cache = new Map<string, { at: number; file: Promise<BootstrapFile> }>();

  const bootstrap = (name: string): Promise<BootstrapFile> => {
    const hit = cache.get(name);
    if (hit && Date.now() - hit.at < ttl) return hit.file;
    const file = (async () => {
      const res = await opts.http.get(`${base}${name}`, { headers: { accept: "application/json" } });
      if (res.status !== 200) throw new RdapUnavailableError(`bootstrap ${name}: HTTP ${res.status}`);
      const json = JSON.parse(res.body.toString("utf8")) as BootstrapFile;
      if (!Array.isArray(json.services)) throw new RdapUnavailableError(`bootstrap ${name}: no services`);
      return json;
    })();
    file.catch(() => cache.delete(name)); // a failed fetch is retried next time
    cache.set(name, { at: Date.now(), file });
    return file;
  };

  const fetchJson = async (url: string) => {
    const res = await pacer.run(new URL(url).origin, async () => {
      const r = await opts.http.get(url, { headers: { accept: "application/rdap+json, application/json" } });
      const retryAfter = parseRetryAfter(r.headers["retry-after"], Date.now());
      if (r.status === 429 || (r.status === 503 && retryAfter !== null))
        throw new RateLimitSignal(retryAfter, `RDAP HTTP ${r.status} for ${url}`);
      return r;
    });
    if (res.status === 404) throw new RdapNotFoundError(`RDAP 404 for ${url}`);
    if (res.status !== 200) throw new RdapUnavailableError(`RDAP HTTP ${res.status} for ${url}`);
    let json: unknown;
    try {
      json = JSON.parse(res.body.toString("utf8"));
    } catch {
      throw new RdapUnavailableError(`RDAP answer from ${url} is not JSON`);
    }
    if (!json || typeof json !== "object" || Array.isArray(json))
      throw new RdapUnavailableError(`RDAP answer from ${url} is not an RDAP object`);
    return { json: json as Record<string, unknown>, url };
  };
  const join = (b: string, path: string) => `${b.endsWith("/") ? b : `${b}/`}${path}`;

  return {
    async serverFor(domain) {
      const svc = rdapBaseForDomain(await bootstrap("dns.json"), domain);
      return svc ? new URL(svc).origin : null;
    },
    async domain(name) {
      const svc = rdapBaseForDomain(await bootstrap("dns.json"), name);
      if (!svc) throw new RdapUnavailableError(`no RDAP service for ${name.split(".").pop()}`);
      return fetchJson(join(svc, `domain/${name}`));
    },
    async ip(address) {
      const ip = parseIp(address);
      if (!ip) throw new RdapUnavailableError(`not an IP address: ${address}`);
      const svc = rdapBaseForIp(await bootstrap(ip.version === 4 ? "ipv4.json" : "ipv6.json"), address);
      if (!svc) throw new RdapUnavailableError(`no RDAP service for ${address}`);
      return fetchJson(join(svc, `ip/${address}`));
    },
    async autnum(asn) {
      const svc = rdapBaseForAsn(await bootstrap("asn.json"), asn);
      if (!svc) throw new RdapUnavailableError(`no RDAP service for AS${asn}`);
      return fetchJson(join(svc, `autnum/${asn}`));
    },
    byUrl: (url) => fetchJson(url),
  };
}
