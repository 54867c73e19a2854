import type { FastifyInstance } from "fastify";

/** `GET /healthz`: 200 when Redis (if configured) answers, 503 otherwise. */
export function registerWorkerHealth(app: FastifyInstance, pingRedis?: () => Promise<void>): void {
  app.get("/healthz", async (_req, reply) => {
    let redis = "not_configured";
    if (pingRedis)
      redis = await pingRedis().then(
        () => "ok",
        () => "down",
      );
    const healthy = redis !== "down";
    return reply.status(healthy ? 200 : 503).send({ status: healthy ? "ok" : "degraded", redis });
  });
}
