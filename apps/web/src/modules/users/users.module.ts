import type { Db } from "../../db/client.ts";
import type { AuditEventsService } from "../audit-events/audit-events.service.ts";
import { createUsersRepository } from "./users.repository.ts";
import { createUsersService } from "./users.service.ts";

/** The user accounts (the brand profile's fields on them belong to brand-profile). */
export function createUsersModule(deps: { db: Db; auditEvents: AuditEventsService }) {
  return {
    users: createUsersService({
      db: deps.db,
      repo: createUsersRepository(deps.db),
      auditEvents: deps.auditEvents,
    }),
  };
}
