import type { FastifyInstance } from "fastify";
import type { DependencyWait } from "../../lib/dependency-wait.ts";

type Checks = { pingDb: () => Promise<void>; pingRedis?: () => Promise<void>; wait?: DependencyWait };

/**
 * `GET /healthz`: 200 when every backing service answers, 503 naming the one that does not. An
 * unreachable database is `"waiting"`: work that needs it is held (events retried until it is
 * back), not failed; `waiting_since` says from when events have been held.
 */
export function registerHealthRoutes(app: FastifyInstance, checks: Checks): void {
  app.get("/healthz", async (_req, reply) => {
    const result: Record<string, string> = {};
    const probe = async (name: string, fn: (() => Promise<void>) | undefined, failed: string) => {
      if (!fn) return void (result[name] = "not_configured");
      try {
        await fn();
        result[name] = "ok";
      } catch {
        result[name] = failed;
      }
    };
    await Promise.all([
      probe("database", checks.pingDb, "waiting"),
      probe("redis", checks.pingRedis, "down"),
    ]);
    const held = checks.wait?.state();
    if (held?.for === "database") result.database = "waiting";
    if (held) result.waiting_since = held.since;
    const healthy = result.database !== "waiting" && !Object.values(result).includes("down");
    return reply.status(healthy ? 200 : 503).send({ status: healthy ? "ok" : "degraded", ...result });
  });
}
