import type { FastifyInstance } from "fastify";

type Checks = { pingDb: () => Promise<void>; pingRedis?: () => Promise<void> };

/** `GET /healthz`: 200 when every backing service answers, 503 naming the one that does not. */
export function registerHealthRoutes(app: FastifyInstance, checks: Checks): void {
  app.get("/healthz", async (_req, reply) => {
    const result: Record<string, string> = {};
    const probe = async (name: string, fn?: () => Promise<void>) => {
      if (!fn) return void (result[name] = "not_configured");
      try {
        await fn();
        result[name] = "ok";
      } catch {
        result[name] = "down";
      }
    };
    await Promise.all([probe("database", checks.pingDb), probe("redis", checks.pingRedis)]);
    const healthy = !Object.values(result).includes("down");
    return reply.status(healthy ? 200 : 503).send({ status: healthy ? "ok" : "degraded", ...result });
  });
}
