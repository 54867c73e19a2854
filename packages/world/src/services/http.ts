import Fastify from "fastify";
import type { FastifyInstance } from "fastify";
import type { AddressInfo } from "node:net";
import { createRng, hashString, type Rng } from "../scenario/prng.ts";

// Every world service is a Fastify app bound to one loopback address and port; this keeps
// the create/listen/close dance in one place.

export interface Listening {
  app: FastifyInstance;
  url: string;
  port: number;
  close(): Promise<void>;
}

export function createApp(): FastifyInstance {
  // forceCloseConnections: slow/hanging responses must not keep `stop()` waiting.
  const app = Fastify({ logger: false, forceCloseConnections: true, bodyLimit: 50 * 1024 * 1024 });
  // Accept any body type verbatim so recorders and tolerant endpoints see what was sent.
  app.addContentTypeParser("*", { parseAs: "string" }, (_req, body, done) => done(null, body));
  return app;
}

export async function listen(app: FastifyInstance, host: string, port: number): Promise<Listening> {
  await app.listen({ host, port });
  const addr = app.server.address() as AddressInfo;
  return {
    app,
    port: addr.port,
    url: `http://${host}:${addr.port}`,
    close: () => app.close(),
  };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

// FNV-1a: small, stable hash for deterministic ids, colours and avatars (the generator's hash).
export const hash32: (s: string) => number = hashString;

// mulberry32 seeded from a string: deterministic pseudo-random stream.
export const seededRng: (seed: string) => Rng = createRng;
