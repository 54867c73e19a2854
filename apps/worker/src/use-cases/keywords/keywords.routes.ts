/**
 * `POST /brand/keyword_expand` (`user_id`, `generation`) -> 202 `{accepted: true}`, the expansion
 * (keyword-expansion.ts) then running in the background and posting its result with the same generation.
 */
import type { FastifyInstance } from "fastify";
import { WORKER_PATHS, ZKeywordExpandRequest } from "@brandwarden/contract/worker-api";
import { validate } from "@brandwarden/platform/http/validate";
import {
  expandKeywords,
  type KeywordExpansionDeps,
  type KeywordExpansionOutcome,
} from "./keyword-expansion.ts";

/** Registers the route; returns a handle on the background expansions (tests and shutdown await them). */
export function registerKeywordRoutes(api: FastifyInstance, deps: KeywordExpansionDeps) {
  const running = new Set<Promise<KeywordExpansionOutcome>>();

  api.post(WORKER_PATHS.keywordExpand, async (request, reply) => {
    const body = validate(ZKeywordExpandRequest, request.body);
    const task = expandKeywords(deps, body).finally(() => running.delete(task));
    running.add(task);
    return reply.code(202).send({ accepted: true });
  });

  return {
    /** Waits for the expansions in flight. */
    async drain(): Promise<KeywordExpansionOutcome[]> {
      return Promise.all([...running]);
    },
  };
}
