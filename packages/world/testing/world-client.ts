import { promises as dnsPromises, type LookupAddress } from "node:dns";
import { readFileSync } from "node:fs";
import { isIP, type LookupFunction } from "node:net";
import { Agent, fetch as undiciFetch, type RequestInit, type Response } from "undici";

// Clients that reach the world the way the product does: names resolved by the world's DNS
// server, certificates checked against the world's CA. For other packages' tests.

export interface WorldEndpoints {
  env: Record<string, string>; // a World's env (DNS_NAMESERVERS, EXTRA_CA_CERTS)
}

// A dns.lookup replacement that asks only the world's name server (A, then AAAA).
export function worldLookup(nameserver: string): LookupFunction {
  const resolver = new dnsPromises.Resolver({ timeout: 3000, tries: 2 });
  resolver.setServers([nameserver]);
  return (hostname, options, cb) => {
    if (isIP(hostname)) {
      const family = isIP(hostname);
      return options.all ? cb(null, [{ address: hostname, family }]) : cb(null, hostname, family);
    }
    (async () => {
      let v4: string[] = [];
      let v6: string[] = [];
      try {
        v4 = await resolver.resolve4(hostname);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "ENODATA") throw err;
      }
      if (v4.length === 0 && options.family !== 4 && options.family !== "IPv4")
        v6 = await resolver.resolve6(hostname).catch(() => []);
      const all: LookupAddress[] = [...v4.map((a) => ({ address: a, family: 4 })), ...v6.map((a) => ({ address: a, family: 6 }))]; // prettier-ignore
      if (all.length === 0)
        throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
      return all;
    })().then(
      (all) => (options.all ? cb(null, all) : cb(null, all[0]!.address, all[0]!.family)),
      (err: NodeJS.ErrnoException) => cb(err, options.all ? [] : ""),
    );
  };
}

// An undici Agent pinned to the world: its DNS, its CA (and only it).
function createWorldAgent(world: WorldEndpoints, opts: { timeoutMs?: number } = {}): Agent {
  const ca = readFileSync(world.env.EXTRA_CA_CERTS!, "utf8");
  return new Agent({
    connect: { lookup: worldLookup(world.env.DNS_NAMESERVERS!), ca: [ca], timeout: opts.timeoutMs ?? 5000 },
    headersTimeout: opts.timeoutMs ?? 5000,
    bodyTimeout: opts.timeoutMs ?? 5000,
  });
}

export type WorldFetch = (url: string, init?: RequestInit) => Promise<Response>;

// fetch through the world; redirects are not followed unless asked, so tests see them.
export function createWorldFetch(
  world: WorldEndpoints,
  opts: { timeoutMs?: number } = {},
): WorldFetch & { close(): Promise<void> } {
  // prettier-ignore
  const agent = createWorldAgent(world, opts);
  const f = (url: string, init: RequestInit = {}) =>
    undiciFetch(url, { redirect: "manual", ...init, dispatcher: agent });
  return Object.assign(f, { close: () => agent.close() });
}
