import { createServer, connect, type Server, type Socket } from "node:net";

/** How a cut relay treats connections: as a server that is down, a reset, or a silent network. */
type CutMode = "refuse" | "reset" | "hang";

export interface TcpRelay {
  /** Where clients connect instead of the target (127.0.0.1). */
  readonly port: number;
  /** `url` (postgres://, redis://, ...) with its host and port replaced by the relay's. */
  urlFor(url: string): string;
  /**
   * Cuts the link: every open connection is dropped (`refuse`, `reset`) or goes silent (`hang`);
   * new ones are refused (ECONNREFUSED: nothing listens), reset at once, or accepted and never
   * answered (connect timeouts).
   */
  cut(mode?: CutMode): Promise<void>;
  /** Lets connections through again (on the same port). */
  restore(): Promise<void>;
  /** Connections accepted so far (each client reconnect adds one). */
  readonly accepted: number;
  close(): Promise<void>;
}

/**
 * A TCP relay in front of a real server (PostgreSQL, Redis) that a test cuts and restores, to
 * make the dependency unreachable without touching the server others share.
 */
export async function startTcpRelay(target: { host: string; port: number }): Promise<TcpRelay> {
  const open = new Set<Socket>();
  let mode: CutMode | null = null;
  let accepted = 0;
  let server: Server | null = null;
  let port = 0;

  function onConnection(client: Socket): void {
    accepted++;
    open.add(client);
    client.on("close", () => open.delete(client));
    client.on("error", () => undefined);
    if (mode === "reset") return void client.resetAndDestroy();
    if (mode === "hang") return; // accepted, never answered
    const upstream = connect(target.port, target.host);
    open.add(upstream);
    upstream.on("close", () => {
      open.delete(upstream);
      client.destroy();
    });
    upstream.on("error", () => client.destroy());
    client.on("close", () => upstream.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  }

  async function listen(at: number): Promise<void> {
    const srv = createServer(onConnection);
    await new Promise<void>((resolve, reject) => {
      srv.once("error", reject);
      srv.listen(at, "127.0.0.1", () => resolve());
    });
    server = srv;
    port = (srv.address() as { port: number }).port;
  }

  async function stopListening(): Promise<void> {
    const srv = server;
    server = null;
    if (srv) await new Promise<void>((resolve) => srv.close(() => resolve()));
  }

  await listen(0);
  return {
    get port() {
      return port;
    },
    get accepted() {
      return accepted;
    },
    urlFor(url) {
      const u = new URL(url);
      u.hostname = "127.0.0.1";
      u.port = String(port);
      return u.toString();
    },
    async cut(how = "refuse") {
      mode = how;
      for (const socket of open) {
        if (how === "hang") socket.pause();
        else socket.resetAndDestroy();
      }
      if (how === "refuse") await stopListening();
    },
    async restore() {
      const was = mode;
      mode = null;
      // Silenced connections stay dead: a client would not trust them again either.
      if (was === "hang") for (const socket of open) socket.destroy();
      if (!server) await listen(port);
    },
    async close() {
      mode = null;
      for (const socket of open) socket.destroy();
      await stopListening();
    },
  };
}
