import { connect, createServer, type Socket } from "node:net";

/**
 * The load balancer in front of several workers, as a deployment has one: each new connection goes
 * to the next backend in turn, and to the one after when a backend refuses it (stopped or
 * restarting), so one `WORKER_URL` reaches whichever workers are up.
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

  const server = createServer({ pauseOnConnect: true }, (client) => {
    open.add(client);
    client.on("close", () => open.delete(client));
    client.on("error", () => undefined);
    pipeTo(client, 0);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as { port: number }).port,
    async close(): Promise<void> {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
