import net from "node:net";
import type { AddressInfo } from "node:net";
import { linkWithLatency, type LinkOptions } from "./latency-link.ts";
import { upstreamBind } from "./latency-relay.ts";

// The path for a server that must keep listening where it is (its URLs are handed out, or it
// listens on thousands of addresses): its accepted connections are carried across the path to
// a private loopback listener whose connections go to the server's own handler. The handler
// sees the client's address as the peer; `localAddressOf` says which address the client dialled.

export interface DelayedEntry {
  /** Carries one accepted connection across the path to the handler. */
  accept(raw: net.Socket): void;
  /** The address the client connected to, for a socket the handler was given. */
  localAddressOf(socket: net.Socket): string | undefined;
  close(): Promise<void>;
}

const keyOf = (address: string | undefined, port: number | undefined) => `${address}:${port}`;

export async function createDelayedEntry(
  deliver: (socket: net.Socket) => void,
  link: LinkOptions,
): Promise<DelayedEntry> {
  const dialled = new Map<string, string>(); // handler-side peer → address the client dialled
  const waiting = new Map<string, net.Socket>(); // handler side accepted before the dial side connected
  const sockets = new Set<net.Socket>();
  const track = (s: net.Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
    s.on("error", () => {});
  };
  const hand = (s: net.Socket, key: string) => {
    s.once("close", () => dialled.delete(key));
    deliver(s);
  };
  const inner = net.createServer({ allowHalfOpen: true, noDelay: true }, (s) => {
    track(s);
    const key = keyOf(s.remoteAddress, s.remotePort);
    if (dialled.has(key)) hand(s, key);
    else waiting.set(key, s);
  });
  await new Promise<void>((resolve, reject) => {
    inner.once("error", reject);
    inner.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = inner.address() as AddressInfo;
  return {
    accept(raw) {
      raw.allowHalfOpen = true; // a client's FIN must travel on its own, after its data
      track(raw);
      const local = raw.localAddress;
      const upstream = net.connect({
        host: "127.0.0.1",
        port,
        allowHalfOpen: true,
        noDelay: true,
        localAddress: upstreamBind(raw.remoteAddress),
      });
      track(upstream);
      upstream.once("connect", () => {
        const key = keyOf(upstream.localAddress, upstream.localPort);
        dialled.set(key, local ?? "");
        const s = waiting.get(key);
        if (s) {
          waiting.delete(key);
          hand(s, key);
        }
      });
      linkWithLatency(raw, upstream, link);
    },
    localAddressOf(socket) {
      return dialled.get(keyOf(socket.remoteAddress, socket.remotePort));
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => inner.close(() => r()));
    },
  };
}

/**
 * Whether `server` keeps its accepted sockets half-open after the client's FIN (Node keeps this on
 * the server; its types do not say). An HTTP server does and ends them itself; a TLS server does
 * not, and given a half-open socket it never closes one whose client left before a request (a
 * certificate check, an aborted fetch): such sockets sat in CLOSE-WAIT until the world ran out of
 * file descriptors.
 */
export const allowsHalfOpen = (server: net.Server): boolean =>
  (server as net.Server & { allowHalfOpen?: boolean }).allowHalfOpen === true;

/**
 * Puts the path in front of a listening server: the connections it accepts are carried across
 * the path before its own connection handlers see them.
 */
export async function delayServer(server: net.Server, link: LinkOptions): Promise<DelayedEntry> {
  const handlers = server.listeners("connection") as ((s: net.Socket) => void)[];
  const entry = await createDelayedEntry((s) => {
    s.allowHalfOpen = allowsHalfOpen(server); // as the server would have accepted it
    for (const h of handlers) h.call(server, s);
  }, link);
  server.removeAllListeners("connection");
  server.on("connection", (raw: net.Socket) => entry.accept(raw));
  return entry;
}
