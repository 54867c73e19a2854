import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { domainRdap, ipRdap, rdapError } from "./rdap-json.ts";
import { RegistryIndex } from "./registry-index.ts";

// RDAP for domains and IP networks, plus the IANA-format bootstrap files that point every
// scenario TLD and 127.0.0.0/8 at it. RDAP_BOOTSTRAP_URL is the bootstrap directory
// (like https://data.iana.org/rdap/): dns.json, ipv4.json, ipv6.json and asn.json live under it.

export interface RdapServer {
  url: string; // http://host:port/
  bootstrapUrl: string; // <url>bootstrap/
  close(): Promise<void>;
}

function bootstrap(description: string, services: [string[], string[]][], now: Date) {
  return { version: "1.0", publication: now.toISOString().replace(/\.\d+Z$/, "Z"), description, services };
}

export async function startRdapServer(
  index: RegistryIndex,
  opts: { host: string; port: number },
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
      return reply(200, bootstrap("RDAP bootstrap file for Domain Name System registrations", [[index.rdapTlds(), [rdapBase]]], now), "application/json"); // prettier-ignore
    if (path === "/bootstrap/ipv4.json")
      return reply(200, bootstrap("RDAP bootstrap file for IPv4 address allocations", [[["127.0.0.0/8"], [rdapBase]]], now), "application/json"); // prettier-ignore
    if (path === "/bootstrap/ipv6.json" || path === "/bootstrap/asn.json")
      return reply(200, bootstrap("RDAP bootstrap file", [], now), "application/json");
    if (path === "/rdap/help") return reply(200, { rdapConformance: ["rdap_level_0"], notices: [{ title: "Brandwarden world RDAP" }] }); // prettier-ignore
    let m = /^\/rdap\/domain\/([^/]+)$/.exec(path);
    if (m) {
      const d = index.domain(m[1]!);
      return d ? reply(200, domainRdap(d, rdapBase, now)) : reply(404, rdapError(404, "Not Found", `${m[1]} is not registered`)); // prettier-ignore
    }
    m = /^\/rdap\/ip\/([0-9a-fA-F.:]+)(?:\/(\d+))?$/.exec(path);
    if (m) {
      // The world's networks are IPv4; an IPv6 query is valid and finds nothing (RFC 9083 404).
      if (net.isIPv6(m[1]!)) return reply(404, rdapError(404, "Not Found", `no network for ${m[1]}`));
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
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
