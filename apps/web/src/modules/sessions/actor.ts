import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ZId } from "@brandwarden/contract/common";
import type { KeyValueStore } from "@brandwarden/platform/kv/kv";
import { notFound } from "@brandwarden/platform/http/app-error";
import type { AuditEventsService } from "../audit-events/audit-events.service.ts";
import { requireUser } from "./session.plugin.ts";
import type { UserRow } from "../../db/rows.ts";

/**
 * Whose data a browser request works on, and the one rule every module applies to it: a user
 * sees their own resources; an admin sees another user's only when acting for that user
 * explicitly (`?user_id=`, or `user_id` in the body of a scan start), and every such request is
 * recorded; otherwise another user's resource is 404, to admins as to anyone (contract part 5.5).
 *
 * What is recorded (`admin_acted_for` audit events, `subject_id` = the user acted for):
 * - every change (any method but GET/HEAD), attempted or done, with its route;
 * - reads once per admin, session and user per window (15 minutes by default), so the pages'
 *   2-second polls do not write a row each; the row names the first read of the window;
 * - only what the user acted for owns: a scan named in the route is checked first (404 and no
 *   row when it is not theirs); other reads are recorded once they succeeded.
 */
export interface Principal {
  /** The signed-in user (who labels, who asked for a takedown). */
  user: UserRow;
  /** The user whose data the request works on (the signed-in user unless acting for another). */
  userId: string;
  /** For the scans service: ownership is checked against the user acted for, never a blanket admin pass. */
  actor: Actor;
  /** True when an admin acts for another user. */
  actingFor: boolean;
}

/** Who a service checks ownership against: the user the request works on. */
export interface Actor {
  id: string;
  admin: false;
}

/** The resource when it is the principal's (the user worked on); 404 `what` for anyone else's. */
export function ownedBy<T extends { user_id: string }>(
  p: Pick<Principal, "userId">,
  row: T | null | undefined,
  what: string,
): T {
  if (!row || row.user_id !== p.userId) throw notFound(what);
  return row;
}

export type ActFor = (
  req: FastifyRequest,
  opts?: { userId?: string; scanId?: string | null },
) => Promise<Principal>;

/** How long one recorded read covers an admin's further reads of the same user in one session. */
export const ACT_FOR_READ_WINDOW_MS = 15 * 60 * 1000;

interface PendingRead {
  adminId: string;
  targetId: string;
  scanId: string | null;
  action: string;
}

export function createActFor(deps: {
  users: { findById(id: string): Promise<UserRow | null> };
  auditEvents: AuditEventsService;
  kv: KeyValueStore;
  /** The owner of a scan, or null when there is no such scan. */
  scanOwner(scanId: string): Promise<string | null>;
  readWindowMs?: number;
}): ActFor & { install(app: FastifyInstance): void } {
  const windowMs = deps.readWindowMs ?? ACT_FOR_READ_WINDOW_MS;
  const pending = new WeakMap<FastifyRequest, PendingRead>();

  const record = (p: PendingRead, extra: Record<string, unknown> = {}) =>
    deps.auditEvents.record({
      name: "admin_acted_for",
      user_id: p.adminId,
      subject_id: p.targetId,
      scan_id: p.scanId,
      data: { action: p.action, ...extra },
    });

  /** Records a read unless one of this admin, session and user is within the window. */
  async function recordRead(req: FastifyRequest, p: PendingRead): Promise<void> {
    const key = `act-for:${p.adminId}:${req.sessionId ?? "-"}:${p.targetId}`;
    if (!(await deps.kv.setIfAbsent(key, p.action, windowMs))) return;
    await record(p, { reads_for_ms: windowMs });
  }

  const actFor: ActFor = async (req, opts = {}) => {
    const user = requireUser(req);
    const requested = opts.userId ?? (req.query as { user_id?: unknown } | null)?.user_id;
    const self = { user, userId: user.id, actor: { id: user.id, admin: false }, actingFor: false } as const;
    if (requested === undefined || requested === "" || requested === user.id) return self;
    const parsed = ZId.safeParse(requested);
    // To anyone but an admin another user does not exist.
    if (!user.admin || !parsed.success) throw notFound("User");
    const target = await deps.users.findById(parsed.data);
    if (!target) throw notFound("User");
    const scanId = opts.scanId ?? null;
    if (scanId && (await deps.scanOwner(scanId)) !== target.id) throw notFound("Scan");
    const entry: PendingRead = {
      adminId: user.id,
      targetId: target.id,
      scanId,
      action: `${req.method} ${req.routeOptions.url ?? req.url.split("?")[0]}`,
    };
    if (req.method !== "GET" && req.method !== "HEAD") await record(entry);
    // A read of a checked scan (the event stream answers outside the reply cycle) counts now.
    else if (scanId) await recordRead(req, entry);
    else pending.set(req, entry);
    return { user, userId: target.id, actor: { id: target.id, admin: false }, actingFor: true };
  };

  return Object.assign(actFor, {
    /** Records the reads that succeed, as their reply is sent (an error reply records nothing). */
    install(app: FastifyInstance) {
      app.addHook("onSend", async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
        const entry = pending.get(req);
        if (entry) {
          pending.delete(req);
          if (reply.statusCode < 400) await recordRead(req, entry);
        }
        return payload;
      });
    },
  });
}
