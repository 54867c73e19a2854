import type { HttpClient } from "../../../ports/http/http.port.ts";

// RDAP through the IANA bootstrap (RFC 9224): dns.json maps TLDs, ipv4.json/ipv6.json map
// prefixes to RDAP base URLs. Bootstrap files are fetched once and cached for `ttlMs`.

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

function ipv4ToInt(ip: string): number | null {
  const p = ip.split(".").map(Number);
  if (p.length !== 4 || p.some((x) => !Number.isInteger(x) || x < 0 || x > 255)) return null;
  return ((p[0]! << 24) | (p[1]! << 16) | (p[2]! << 8) | p[3]!) >>> 0;
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

/** The RDAP base URL for an IPv4 address (most specific prefix), or null. Pure. */
export function rdapBaseForIpv4(file: BootstrapFile, ip: string): string | null {
  const n = ipv4ToInt(ip);
  if (n === null) return null;
  let best: { len: number; url: string } | null = null;
  for (const [prefixes, urls] of file.services) {
    for (const p of prefixes) {
      const [net, lenText] = p.split("/");
      const base = ipv4ToInt(net ?? "");
      const len = Number(lenText);
      if (base === null || !(len >= 0 && len <= 32)) continue;
      const mask = len === 0 ? 0 : (~0 << (32 - len)) >>> 0;
      if ((n & mask) === (base & mask) && (!best || len > best.len) && urls[0]) best = { len, url: urls[0] };
    }
  }
  return best?.url ?? null;
}

export interface RdapClient {
  domain(name: string): Promise<{ json: Record<string, unknown>; url: string }>;
  ip(address: string): Promise<{ json: Record<string, unknown>; url: string }>;
}

export function createRdapClient(opts: {
  http: HttpClient;
  bootstrapUrl: string;
  ttlMs?: number;
}): RdapClient {
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
    const res = await opts.http.get(url, { headers: { accept: "application/rdap+json, application/json" } });
    if (res.status === 404) throw new RdapNotFoundError(`RDAP 404 for ${url}`);
    if (res.status !== 200) throw new RdapUnavailableError(`RDAP HTTP ${res.status} for ${url}`);
    return { json: JSON.parse(res.body.toString("utf8")) as Record<string, unknown>, url };
  };
  const join = (b: string, path: string) => `${b.endsWith("/") ? b : `${b}/`}${path}`;

  return {
    async domain(name) {
      const svc = rdapBaseForDomain(await bootstrap("dns.json"), name);
      if (!svc) throw new RdapUnavailableError(`no RDAP service for ${name.split(".").pop()}`);
      return fetchJson(join(svc, `domain/${name}`));
    },
    async ip(address) {
      const svc = rdapBaseForIpv4(await bootstrap("ipv4.json"), address);
      if (!svc) throw new RdapUnavailableError(`no RDAP service for ${address}`);
      return fetchJson(join(svc, `ip/${address}`));
    },
  };
}
