import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { domainRdap, ipRdap, rdapError } from "./rdap-json.ts";
import { RegistryIndex } from "./registry-index.ts";
import { RIRS, type Rir } from "../scenario/schema.ts";
import { asnBootstrap, autnums, ipBootstrap, networkFor, rirAnswer } from "./rir-routes.ts";
import { rirAutnumRdap, rirNetworkRdap } from "./rir-rdap.ts";

// RDAP for domains, IP networks and ASes, plus the IANA-format bootstrap files that point every
// scenario TLD and 127.0.0.0/8 at it, and networks and ASes of a named RIR at that RIR's base
// (rir-routes.ts). RDAP_BOOTSTRAP_URL is the bootstrap directory
// (like https://data.iana.org/rdap/): dns.json, ipv4.json, ipv6.json and asn.json live under it.

export interface RdapServer {
  url: string; // http://host:port/
  bootstrapUrl: string; // <url>bootstrap/
  server: net.Server;
  close(): Promise<void>;
}

function bootstrap(description: string, services: [string[], string[]][], now: Date) {
  return { version: "1.0", publication: now.toISOString().replace(/\.\d+Z$/, "Z"), description, services };
}

export async function startRdapServer(
  index: RegistryIndex,
  opts: {
    host: string;
    port: number;
    /** The dns.json services for these TLDs; default: every TLD at this server. */
    dnsServices?: (tlds: string[]) => [string[], string[]][];
  },
): Promise<RdapServer> {
  let base = "";
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://rdap.invalid");
    const path = decodeURIComponent(url.pathname);
    const now = new Date();
    const reply = (status: number, body: unknown, type = "application/rdap+json") => {
      const text = JSON.stringify(body);
      res.writeHead(status, { "content-type": type, "content-length": Buffer.byteLength(text), "access-control-allow-origin": "*" }); // prettier-ignore
      res.end(text);
    };
    const rdapBase = `${base}rdap/`;
    if (req.method !== "GET" && req.method !== "HEAD")
      return reply(405, rdapError(405, "Method Not Allowed", path));
    if (path === "/bootstrap/dns.json")
      return reply(200, bootstrap("RDAP bootstrap file for Domain Name System registrations", opts.dnsServices ? opts.dnsServices(index.rdapTlds()) : [[index.rdapTlds(), [rdapBase]]], now), "application/json"); // prettier-ignore
    if (path === "/bootstrap/ipv4.json")
      return reply(200, bootstrap("RDAP bootstrap file for IPv4 address allocations", ipBootstrap(index.networks(), 4, base, rdapBase), now), "application/json"); // prettier-ignore
    if (path === "/bootstrap/ipv6.json")
      return reply(200, bootstrap("RDAP bootstrap file for IPv6 address allocations", ipBootstrap(index.networks(), 6, base, rdapBase), now), "application/json"); // prettier-ignore
    if (path === "/bootstrap/asn.json")
      return reply(200, bootstrap("RDAP bootstrap file for Autonomous System Number allocations", asnBootstrap(index.networks().networks, base, rdapBase), now), "application/json"); // prettier-ignore
    const rir = /^\/rir\/([a-z]+)\/(.+)$/.exec(path);
    if (rir && (RIRS as readonly string[]).includes(rir[1]!)) {
      const hit = rirAnswer(rir[1] as Rir, rir[2]!, index.networks(), base);
      return hit ? reply(hit.status, hit.body) : reply(404, rdapError(404, "Not Found", `${rir[2]} is not in this registry`)); // prettier-ignore
    }
    const as = /^\/rdap\/autnum\/(\d+)$/.exec(path);
    if (as) {
      const a = autnums(index.networks().networks).get(Number(as[1]));
      return a ? reply(200, rirAutnumRdap({ ...a, rir: "arin" }, rdapBase)) : reply(404, rdapError(404, "Not Found", `AS${as[1]} is not registered`)); // prettier-ignore
    }
    if (path === "/rdap/help") return reply(200, { rdapConformance: ["rdap_level_0"], notices: [{ title: "Brandwarden world RDAP" }] }); // prettier-ignore
    let m = /^\/rdap\/domain\/([^/]+)$/.exec(path);
    if (m) {
      const d = index.domain(m[1]!);
      return d ? reply(200, domainRdap(d, rdapBase, now)) : reply(404, rdapError(404, "Not Found", `${m[1]} is not registered`)); // prettier-ignore
    }
    m = /^\/rdap\/ip\/([0-9a-fA-F.:]+)(?:\/(\d+))?$/.exec(path);
    if (m) {
      if (net.isIPv6(m[1]!)) {
        const hit = networkFor(index.networks(), m[1]!, m[2] === undefined ? undefined : Number(m[2]));
        return hit ? reply(200, rirNetworkRdap({ rir: "arin", network: hit.network, block: hit.block, parent: null }, rdapBase, m[1]!)) : reply(404, rdapError(404, "Not Found", `no network for ${m[1]}`)); // prettier-ignore
      }
      if (!RegistryIndex.isIp(m[1]!)) return reply(400, rdapError(400, "Bad Request", "invalid IP address"));
      const n = index.network(m[1]!);
      return n ? reply(200, ipRdap(n, rdapBase, m[1]!)) : reply(404, rdapError(404, "Not Found", `no network for ${m[1]}`)); // prettier-ignore
    }
    return reply(404, rdapError(404, "Not Found", path));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", (err) =>
      reject(new Error(`RDAP cannot listen on ${opts.host}:${opts.port}: ${err.message}`)),
    );
    server.listen(opts.port, opts.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  base = `http://${opts.host}:${port}/`;
  return {
    url: base,
    bootstrapUrl: `${base}bootstrap/`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
