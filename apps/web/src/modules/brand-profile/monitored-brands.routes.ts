import type { FastifyInstance } from "fastify";
import type { MonitoredBrandsService } from "./monitored-brands.service.ts";

/** Internal API: every user's brand, for the worker's Certificate Transparency follower. */
export function registerMonitoredBrandsRoutes(app: FastifyInstance, service: MonitoredBrandsService): void {
  app.get("/v1/brands/monitored", () => service.list());
}
