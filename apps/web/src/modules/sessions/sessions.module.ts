import type { KeyValueStore } from "@brandwarden/platform/kv/kv";
import type { Logger } from "@brandwarden/platform/logger/logger";
import type { Db } from "../../db/client.ts";
import { createKvRateLimit } from "../../lib/kv-rate-limit.ts";
import type { AuditEventsService } from "../audit-events/audit-events.service.ts";
import type { UsersService } from "../users/users.service.ts";
import { createActFor } from "./actor.ts";
import { createAuthService } from "./auth.service.ts";
import { createLoginThrottle } from "./login-throttle.ts";
import { createMailer } from "./mailer.ts";
import { createPasswordResetsRepository } from "./password-resets.repository.ts";
import { createSessionStreams } from "./session-streams.ts";
import { createSessionsRepository, type SessionLimits } from "./sessions.repository.ts";

/**
 * Who is signed in: sessions and their event streams (expired ones swept once a minute), sign-up,
 * login, password reset and change, and the act-for rule every browser route applies.
 */
export function createSessionsModule(deps: {
  db: Db;
  kv: KeyValueStore;
  users: UsersService;
  auditEvents: AuditEventsService;
  /** The owner of a scan, or null when there is no such scan (the scans module's). */
  scanOwner(scanId: string): Promise<string | null>;
  session: SessionLimits;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl: string;
  logger: Logger;
}) {
  const { db, logger } = deps;
  const sessions = createSessionsRepository(db, deps.session);
  // Event streams end with their session; expired sessions' streams are swept once a minute.
  const sessionStreams = createSessionStreams({ sessions, logger });
  sessionStreams.start(60_000);
  return {
    auth: createAuthService({
      db,
      users: deps.users,
      usersService: deps.users,
      sessions,
      resets: createPasswordResetsRepository(db),
      streams: sessionStreams,
      rateLimit: createKvRateLimit(deps.kv),
      loginThrottle: createLoginThrottle({ kv: deps.kv }),
      mailer: createMailer({ smtpUrl: deps.smtpUrl, from: deps.mailFrom, logger }),
      publicUrl: deps.publicUrl,
      logger,
    }),
    /** The session plugin's store (app.ts installs it on the browser routes). */
    sessions,
    sessionStreams,
    // Admins work on another user's data only by naming them; changes and (windowed) reads are audited.
    actFor: createActFor({
      users: deps.users,
      auditEvents: deps.auditEvents,
      kv: deps.kv,
      scanOwner: deps.scanOwner,
    }),
  };
}
