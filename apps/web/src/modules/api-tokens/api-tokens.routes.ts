import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ZApiTokenList, ZCreateApiToken, ZCreatedApiToken } from "@brandwarden/contract/browser/api-tokens";
import { AppError } from "@brandwarden/platform/http/app-error";
import { validate } from "@brandwarden/platform/http/validate";
import { idParam } from "../../lib/id-param.ts";
import { requireUser } from "../sessions/session.plugin.ts";
import type { SessionStreams } from "../sessions/session-streams.ts";
import type { ApiTokensService } from "./api-tokens.service.ts";

/**
 * The account page's API tokens: create (the token answered once), list, revoke. Only a signed-in
 * browser session manages tokens: a leaked token cannot mint itself successors.
 */
export function registerApiTokenRoutes(
  app: FastifyInstance,
  deps: { apiTokens: ApiTokensService; streams: Pick<SessionStreams, "closeToken"> },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const sessionUser = (req: FastifyRequest) => {
    const user = requireUser(req);
    if (!req.sessionId) throw new AppError("forbidden", "API tokens are managed from a signed-in session");
    return user;
  };
  const create = {
    schema: { response: { 201: ZCreatedApiToken } },
    config: { docs: { body: ZCreateApiToken } },
  };
  r.post("/account/api-tokens", create, async (req, reply) => {
    const user = sessionUser(req);
    const { name } = validate(ZCreateApiToken, req.body);
    return reply.status(201).send(await deps.apiTokens.create(user.id, name));
  });
  r.get("/account/api-tokens", { schema: { response: { 200: ZApiTokenList } } }, async (req) =>
    deps.apiTokens.list(sessionUser(req).id),
  );
  r.delete("/account/api-tokens/:id", async (req, reply) => {
    const user = sessionUser(req);
    const id = idParam(req.params, "API token");
    await deps.apiTokens.revoke(user.id, id);
    // An event stream opened with the token ends with it (one open on another web process in split
    // mode runs on until it ends by itself: the sweep checks sessions only).
    deps.streams.closeToken(id);
    return reply.status(204).send();
  });
}
