import type { FastifyInstance } from "fastify";
import { ZScanStartPayload } from "@brandwarden/contract/scan";
import { WORKER_PATHS } from "@brandwarden/contract/worker-api";
import { validate } from "@brandwarden/platform/http/validate";
import type { ScanRunner } from "./scan-runner.ts";

/**
 * `POST /scan/start`: validates, notes the newest cancel command (so only later ones stop this
 * run), answers 202; the scan runs in the background.
 */
export function registerScanRoutes(api: FastifyInstance, runner: ScanRunner): void {
  api.post(WORKER_PATHS.scanStart, async (req, reply) => {
    const payload = validate(ZScanStartPayload, req.body);
    // Errors of background work go to the event stream, never into this response.
    await runner.accept(payload);
    return reply.status(202).send({ accepted: true, scan_id: payload.scan_id });
  });
}
