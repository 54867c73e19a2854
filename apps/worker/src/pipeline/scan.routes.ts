import type { FastifyInstance } from "fastify";
import { ZScanStartPayload } from "@brandwarden/contract/scan";
import { WORKER_PATHS } from "@brandwarden/contract/worker-api";
import { validate } from "@brandwarden/platform/http/validate";
import type { ScanRunner } from "./scan-runner.ts";

/** `POST /scan/start`: validates, answers 202 at once; the scan runs in the background. */
export function registerScanRoutes(api: FastifyInstance, runner: ScanRunner): void {
  api.post(WORKER_PATHS.scanStart, async (req, reply) => {
    const payload = validate(ZScanStartPayload, req.body);
    // Errors of background work go to the event stream, never into this response.
    void runner
      .submit(payload)
      .catch((err: unknown) => req.log.error({ err, scan_id: payload.scan_id }, "scan crashed"));
    return reply.status(202).send({ accepted: true, scan_id: payload.scan_id });
  });
}
