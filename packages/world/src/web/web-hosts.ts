import http, { type ServerResponse } from "node:http";
import https from "node:https";
import net from "node:net";
import tls, { type SecureContext } from "node:tls";
import type { Scenario } from "../scenario/schema.ts";
import type { IssuedCert, WorldCa } from "../tls/ca.ts";
import { createSiteHandler, SiteDirectory } from "./site-router.ts";
import { providerSiteIps } from "./provider-sites.ts";
import { allowsHalfOpen, createDelayedEntry, type DelayedEntry } from "../net/delayed-entry.ts";
import type { LinkOptions } from "../net/latency-link.ts";

// Every hosting address of the scenario listens on HTTP and HTTPS. Each address gets two bare
// TCP listeners that hand their connections to one shared HTTP and one shared HTTPS server, so
// thousands of addresses cost two sockets each, not two servers. Certificates are issued on the
// first SNI request for a name and cached.

export interface WebHosts {
  ips: string[];
  certificateFor(name: string): IssuedCert | null;
  /** Starts serving on one more address (a lookalike registered or moved there meanwhile). */
  listenOn(ip: string): Promise<void>;
  /** Drops a name's cached certificate: its next TLS handshake gets a newly issued one. */
  forgetCertificate(domain: string): void;
  close(): Promise<void>;
}

export interface WebHostsOptions {
  ca: WorldCa;
  httpPort: number; // 80 in a real world
  httpsPort: number; // 443
  directory?: SiteDirectory; // what answers (a live one when the world changes); default: from the scenario
  /** An internet path in front of every address: TCP connect, TLS handshake and answers pay its round trips. */
  latency?: LinkOptions;
}

function listen(server: net.Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", (err) => reject(new Error(`cannot listen on ${host}:${port}: ${err.message}`)));
    server.listen({ host, port, backlog: 128 }, () => resolve());
  });
}

export async function startWebHosts(scenario: Scenario, opts: WebHostsOptions): Promise<WebHosts> {
  const dir = opts.directory ?? new SiteDirectory(scenario);
  const held = new Set<ServerResponse>();
  // With a network path, connections reach the shared servers from a private listener; which
  // address the client dialled is the path's to tell (for a provider's edge headers).
  let paths: { plain: DelayedEntry; secure: DelayedEntry } | null = null;
  const handler = createSiteHandler(dir, held, (s) =>
    paths ? (paths.plain.localAddressOf(s) ?? paths.secure.localAddressOf(s)) : s.localAddress,
  );
  const certs = new Map<string, IssuedCert | null>();
  const contexts = new Map<string, SecureContext>();

  const certificateFor = (servername: string): IssuedCert | null => {
    const entry = dir.find(servername);
    if (!entry) return providerCertificate(servername);
    if (!entry.tls) return null;
    const cached = certs.get(entry.domain);
    if (cached !== undefined) return cached;
    const t = entry.tls;
    const names = t.sans.length
      ? t.sans
      : [
          entry.domain,
          ...(entry.dns.www ? [`www.${entry.domain}`] : []),
          ...(entry.dns.wildcard ? [`*.${entry.domain}`] : []),
        ];
    const issued = opts.ca.issue({
      names,
      issuerCn: t.issuer_cn,
      issuerOrg: t.issuer_org,
      notBefore: new Date(t.not_before),
      notAfter: new Date(t.not_after),
      selfSigned: t.self_signed,
    });
    certs.set(entry.domain, issued);
    return issued;
  };

  // A provider's own site: a Let's Encrypt certificate for its name and www.
  const now = Date.now();
  const providerCertificate = (servername: string): IssuedCert | null => {
    const n = dir.providers.find(servername.toLowerCase());
    if (!n?.provider_domain) return null;
    const cached = certs.get(n.provider_domain);
    if (cached !== undefined) return cached;
    const issued = opts.ca.issue({
      names: [n.provider_domain, `www.${n.provider_domain}`],
      issuerCn: "R11",
      issuerOrg: "Let's Encrypt",
      notBefore: new Date(now - 20 * 86_400_000),
      notAfter: new Date(now + 70 * 86_400_000),
      selfSigned: false,
    });
    certs.set(n.provider_domain, issued);
    return issued;
  };

  // A name without a certificate of its own gets the host's default: self-signed, wrong name.
  const fallback = opts.ca.issue({
    names: ["localhost.localdomain"],
    issuerCn: "localhost.localdomain",
    issuerOrg: "Default Hosting",
    notBefore: new Date(now - 365 * 86_400_000),
    notAfter: new Date(now + 9 * 365 * 86_400_000),
    selfSigned: true,
  });

  const httpServer = http.createServer(handler);
  const httpsServer = https.createServer(
    {
      key: fallback.keyPem,
      cert: fallback.chainPem,
      SNICallback: (servername, cb) => {
        try {
          const issued = certificateFor(servername);
          if (!issued) return cb(null, undefined);
          const key =
            dir.find(servername)?.domain ?? dir.providers.find(servername.toLowerCase())!.provider_domain!;
          let ctx = contexts.get(key);
          if (!ctx)
            contexts.set(key, (ctx = tls.createSecureContext({ key: issued.keyPem, cert: issued.chainPem })));
          cb(null, ctx);
        } catch (err) {
          cb(err as Error, undefined);
        }
      },
    },
    handler,
  );
  for (const s of [httpServer, httpsServer]) s.on("clientError", (_err, socket) => socket.destroy());

  const ips = [
    ...new Set([...[...dir.entries()].flatMap((d) => d.dns.a), ...providerSiteIps(scenario)]),
  ].sort();
  const listeners: net.Server[] = [];
  const sockets = new Set<net.Socket>();
  const forward = (target: net.Server) => (socket: net.Socket) => {
    socket.allowHalfOpen = allowsHalfOpen(target); // as the server would have accepted it
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
    target.emit("connection", socket);
  };
  if (opts.latency) {
    const [plain, secure] = await Promise.all([
      createDelayedEntry(forward(httpServer), opts.latency),
      createDelayedEntry(forward(httpsServer), opts.latency),
    ]);
    paths = { plain, secure };
  }
  const close = async () => {
    await Promise.all([paths?.plain.close(), paths?.secure.close()]);
    for (const res of held) res.destroy();
    for (const s of sockets) s.destroy();
    await Promise.all(listeners.map((l) => new Promise<void>((r) => l.close(() => r()))));
    httpServer.closeAllConnections();
    httpsServer.close();
  };
  const listenOn = async (ip: string) => {
    const plain = net.createServer(paths ? (s) => paths!.plain.accept(s) : forward(httpServer));
    const secure = net.createServer(paths ? (s) => paths!.secure.accept(s) : forward(httpsServer));
    listeners.push(plain, secure);
    await Promise.all([listen(plain, ip, opts.httpPort), listen(secure, ip, opts.httpsPort)]);
  };
  try {
    await Promise.all(ips.map(listenOn));
  } catch (err) {
    await close();
    throw err;
  }
  return {
    ips,
    certificateFor,
    async listenOn(ip) {
      if (ips.includes(ip)) return;
      ips.push(ip);
      await listenOn(ip);
    },
    forgetCertificate(domain) {
      certs.delete(domain);
      contexts.delete(domain);
    },
    close,
  };
}
