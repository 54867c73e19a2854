import type { FastifyInstance } from "fastify";
import { requireUser } from "../sessions/session.plugin.ts";
import type { UsersService } from "../users/users.service.ts";

/**
 * `DELETE /account/snapshot-links`: the user revokes every snapshot link their webhooks carried
 * (a leaked one stops working at once); webhooks sent afterwards carry links that work.
 */
export function registerSnapshotLinkRoutes(
  app: FastifyInstance,
  deps: { users: Pick<UsersService, "revokeSnapshotLinks"> },
): void {
  app.delete("/account/snapshot-links", async (req, reply) => {
    await deps.users.revokeSnapshotLinks(requireUser(req).id);
    return reply.status(204).send();
  });
}
