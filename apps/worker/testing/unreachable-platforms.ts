import net from "node:net";
import { SOCIAL_ENV_FIELDS } from "../src/capabilities/social/social-config.ts";

// Test helper: every social platform (and platform API) on its own loopback port that accepts a
// connection and drops it at once, the way a blocked or dead platform behaves. Counts the
// connections each one got, so a test can check that a given-up platform stops being asked.

export interface UnreachablePlatforms {
  /** SOCIAL_*_BASE_URL / SOCIAL_*_API_URL pointing at the dropping ports. */
  env: Record<string, string>;
  /** Connections per variable name. */
  connections(): Record<string, number>;
  stop(): Promise<void>;
}

export async function startUnreachablePlatforms(): Promise<UnreachablePlatforms> {
  const names = Object.keys(SOCIAL_ENV_FIELDS).filter((k) => /^SOCIAL_\w+_(BASE|API)_URL$/.test(k));
  const counts: Record<string, number> = {};
  const servers = await Promise.all(
    names.map(
      (name) =>
        new Promise<{ name: string; server: net.Server; port: number }>((resolve, reject) => {
          counts[name] = 0;
          const server = net.createServer((socket) => {
            counts[name]!++;
            socket.destroy();
          });
          server.once("error", reject);
          server.listen(0, "127.0.0.1", () =>
            resolve({ name, server, port: (server.address() as net.AddressInfo).port }),
          );
        }),
    ),
  );
  return {
    env: Object.fromEntries(servers.map((s) => [s.name, `http://127.0.0.1:${s.port}`])),
    connections: () => ({ ...counts }),
    stop: () =>
      Promise.all(servers.map((s) => new Promise<void>((r) => s.server.close(() => r())))).then(
        () => undefined,
      ),
  };
}
