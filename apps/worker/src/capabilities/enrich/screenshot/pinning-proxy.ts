import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { isPrivateAddress } from "@brandwarden/platform/net/private-address";
import { resolveHost, type DnsClient } from "../../../ports/dns/dns.port.ts";

// The browser reaches the web only through this in-process proxy, one credential per page: names
// are dialled at the addresses the scan resolved (pins) or resolved through our DNS client, and
// every address is checked by the SSRF rule before the connection is made. So the browser sees
// what the scan saw, and a page cannot make it fetch a private address.

interface ProxySession {
  username: string;
  password: string;
  close(): void;
}

export interface PinningProxy {
  server: string; // http://127.0.0.1:port
  session(pins: Map<string, string[]>): ProxySession;
  close(): Promise<void>;
}

export async function startPinningProxy(opts: {
  dns: DnsClient;
  allowPrivateNetwork: boolean;
  connectTimeoutMs: number;
}): Promise<PinningProxy> {
  const sessions = new Map<string, Map<string, string[]>>();
  const sockets = new Set<net.Socket>();

  const authorize = (header: string | undefined) => {
    const m = /^Basic\s+(.+)$/i.exec(header ?? "");
    if (!m) return null;
    const [user, pass] = Buffer.from(m[1]!, "base64").toString("utf8").split(":");
    const pins = sessions.get(`${user}:${pass}`);
    return pins ?? null;
  };
  const target = async (pins: Map<string, string[]>, host: string): Promise<string> => {
    const h = host.replace(/^\[|\]$/g, "").toLowerCase();
    const address = pins.get(h)?.[0] ?? (await resolveHost(opts.dns, h))[0]!;
    if (!opts.allowPrivateNetwork && isPrivateAddress(address)) throw new Error(`blocked ${h} -> ${address}`);
    return address;
  };
  const deny = (socket: net.Socket, status: string, extra = "") => {
    socket.end(`HTTP/1.1 ${status}\r\n${extra}Content-Length: 0\r\nConnection: close\r\n\r\n`);
  };
  const CHALLENGE = 'Proxy-Authenticate: Basic realm="brandwarden"\r\n';

  const server = http.createServer(async (req, res) => {
    const pins = authorize(req.headers["proxy-authorization"]);
    if (!pins) return res.writeHead(407, { "proxy-authenticate": 'Basic realm="brandwarden"' }).end();
    let url: URL;
    try {
      url = new URL(req.url ?? "");
      const address = await target(pins, url.hostname);
      const headers = { ...req.headers };
      delete headers["proxy-authorization"];
      delete headers["proxy-connection"];
      const upstream = http.request(
        {
          host: address,
          port: Number(url.port || 80),
          method: req.method,
          path: `${url.pathname}${url.search}`,
          headers,
          timeout: opts.connectTimeoutMs,
        },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        },
      );
      upstream.on("timeout", () => upstream.destroy());
      upstream.on("error", () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
      req.pipe(upstream);
    } catch {
      res.writeHead(403).end();
    }
  });
  server.on("connect", async (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    sockets.add(client);
    client.on("close", () => sockets.delete(client));
    client.on("error", () => client.destroy());
    const pins = authorize(req.headers["proxy-authorization"]);
    if (!pins) return deny(client, "407 Proxy Authentication Required", CHALLENGE);
    const [host, port] = [
      req.url!.slice(0, req.url!.lastIndexOf(":")),
      Number(req.url!.slice(req.url!.lastIndexOf(":") + 1)),
    ];
    let address: string;
    try {
      address = await target(pins, host);
    } catch {
      return deny(client, "403 Forbidden");
    }
    const upstream = net.connect({ host: address, port, timeout: opts.connectTimeoutMs });
    sockets.add(upstream);
    upstream.on("close", () => sockets.delete(upstream));
    upstream.once("connect", () => {
      upstream.setTimeout(0);
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on("timeout", () => upstream.destroy());
    upstream.on("error", () => (client.writable ? deny(client, "502 Bad Gateway") : client.destroy()));
  });
  server.on("connection", (s: net.Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const { port } = server.address() as AddressInfo;
  return {
    server: `http://127.0.0.1:${port}`,
    session(pins) {
      const username = randomBytes(8).toString("hex");
      const password = randomBytes(8).toString("hex");
      const lower = new Map([...pins].map(([k, v]) => [k.toLowerCase(), v]));
      sessions.set(`${username}:${password}`, lower);
      return { username, password, close: () => sessions.delete(`${username}:${password}`) };
    },
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}
