import { connect, createServer, type Server, type Socket } from "node:net";

/**
 * The load balancer in front of several workers, as a deployment has one: each new connection goes
 * to the next backend in turn, and to the one after when a backend refuses it (stopped or
 * restarting), so one `WORKER_URL` reaches whichever workers are up. With one backend it is a relay
 * a test cuts (the server unreachable) and restores without touching the server others share.
 */
export async function startTcpBalancer(backends: number[]) {
  let next = 0;
  const open = new Set<Socket>();

  function pipeTo(client: Socket, tried: number): void {
    if (tried >= backends.length) return void client.destroy();
    const port = backends[next++ % backends.length]!;
    const upstream = connect(port, "127.0.0.1");
    let connected = false;
    upstream.once("connect", () => {
      connected = true;
      open.add(upstream);
      client.pipe(upstream);
      upstream.pipe(client);
      client.resume();
    });
    upstream.on("error", () => {
      if (!connected) return pipeTo(client, tried + 1);
      client.destroy();
    });
    upstream.on("close", () => {
      open.delete(upstream);
      if (connected) client.destroy();
    });
    client.on("close", () => upstream.destroy());
  }

  let server: Server | null = null;
  async function listen(port: number): Promise<number> {
    const srv = createServer({ pauseOnConnect: true }, (client) => {
      open.add(client);
      client.on("close", () => open.delete(client));
      client.on("error", () => undefined);
      pipeTo(client, 0);
    });
    await new Promise<void>((resolve) => srv.listen(port, "127.0.0.1", resolve));
    server = srv;
    return (srv.address() as { port: number }).port;
  }
  async function stopListening(): Promise<void> {
    const srv = server;
    server = null;
    for (const socket of open) socket.destroy();
    if (srv) await new Promise<void>((resolve) => srv.close(() => resolve()));
  }
  const port = await listen(0);
  return {
    port,
    /** `url` (postgres://, ...) with its host and port replaced by the balancer's. */
    urlFor(url: string): string {
      const u = new URL(url);
      u.hostname = "127.0.0.1";
      u.port = String(port);
      return u.toString();
    },
    /** Unreachable, as a server that went down: open connections dropped, new ones refused. */
    cut: stopListening,
    /** Reachable again, on the same port. */
    async restore(): Promise<void> {
      if (!server) await listen(port);
    },
    close: stopListening,
  };
}
