import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { TErrorBody } from "@brandwarden/contract/common";
import { isConnectionError } from "../util/connection-error.ts";
import { AppError } from "./app-error.ts";

/** Seconds a caller is asked to wait while a dependency (the database, Redis) is unreachable. */
const OUTAGE_RETRY_AFTER_SECONDS = 5;

/** One error handler per app: stable `{error, message, details?}` bodies, generic 5xx. */
export function installErrorHandler(
  app: FastifyInstance,
  opts: {
    /** Answers unknown routes first (e.g. a single-page app's index.html); return true when it did. */
    notFound?: (request: FastifyRequest, reply: FastifyReply) => boolean | Promise<boolean>;
  } = {},
): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      const body: TErrorBody = { error: err.code, message: err.message };
      if (err.details !== undefined) body.details = err.details;
      if (err.status >= 500 && err.status !== 501) request.log.error({ err }, "request failed");
      const retryAfter = (err.details as { retry_after_seconds?: unknown } | undefined)?.retry_after_seconds;
      if (err.status === 429 && typeof retryAfter === "number")
        reply.header("retry-after", String(retryAfter));
      return reply.status(err.status).send(body);
    }
    const status = typeof err.statusCode === "number" ? err.statusCode : 500;
    if (status === 413) {
      return reply
        .status(413)
        .send({ error: "invalid", message: "Request body too large" } satisfies TErrorBody);
    }
    if (status === 415) {
      return reply.status(415).send({ error: "invalid", message: err.message } satisfies TErrorBody);
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, bad content, empty body.
      return reply
        .status(status === 400 ? 422 : status)
        .send({ error: "invalid", message: err.message } satisfies TErrorBody);
    }
    if (isConnectionError(err)) {
      // An outage, not a bug: callers (the worker's web client) wait and ask again.
      request.log.warn({ err: err.message }, "request failed: a dependency is unreachable");
      return reply
        .status(503)
        .header("retry-after", String(OUTAGE_RETRY_AFTER_SECONDS))
        .send({
          error: "unavailable",
          message: "A service this request needs is unreachable; try again shortly",
        } satisfies TErrorBody);
    }
    request.log.error({ err }, "request failed");
    return reply
      .status(500)
      .send({ error: "internal", message: "Internal server error" } satisfies TErrorBody);
  });
  app.setNotFoundHandler(async (request, reply) => {
    if (opts.notFound && (await opts.notFound(request, reply))) return reply;
    return reply.status(404).send({
      error: "not_found",
      message: `No route ${request.method} ${request.url.split("?")[0]}`,
    } satisfies TErrorBody);
  });
}
