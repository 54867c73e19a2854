import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  ZCredentials,
  ZPasswordChange,
  ZPasswordReset,
  ZPasswordResetAccepted,
  ZPasswordResetRequest,
  ZSessionInfo,
  ZSessionStarted,
  type TSessionUser,
} from "@brandwarden/contract/browser/session";
import { AppError } from "@brandwarden/platform/http/app-error";
import { validate } from "@brandwarden/platform/http/validate";
import type { AuthService } from "./auth.service.ts";
import { requireUser, type SessionCookies } from "./session.plugin.ts";
import type { UserRow } from "../../db/rows.ts";

const presentUser = (u: UserRow): TSessionUser => ({
  id: u.id,
  email: u.email,
  admin: u.admin,
  brand_name: u.brand_name,
});

/** Sessions, registrations and password resets (DESIGN.md "Browser-facing JSON routes"). */
export function registerSessionRoutes(
  app: FastifyInstance,
  auth: AuthService,
  cookies: SessionCookies,
): void {
  const meta = (req: { ip: string; headers: Record<string, unknown> }) => ({
    ip: req.ip,
    userAgent: typeof req.headers["user-agent"] === "string" ? req.headers["user-agent"] : undefined,
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/session", { schema: { response: { 200: ZSessionInfo } } }, async (req, reply) => ({
    user: req.user ? presentUser(req.user) : null,
    csrf_token: cookies.csrfToken(req, reply),
  }));

  r.post("/session", { schema: { response: { 200: ZSessionStarted } } }, async (req, reply) => {
    const body = validate(ZCredentials, req.body);
    const { user, session } = await auth.login(body.email, body.password, meta(req));
    const csrf_token = cookies.start(req, reply, session.id);
    return { user: presentUser(user), csrf_token };
  });

  r.delete("/session", async (req, reply) => {
    if (req.sessionId) await auth.logout(req.sessionId);
    cookies.end(req, reply);
    return reply.status(204).send();
  });

  r.post("/registration", { schema: { response: { 201: ZSessionStarted } } }, async (req, reply) => {
    const body = validate(ZCredentials, req.body);
    const { user, session } = await auth.register(body.email, body.password, meta(req));
    const csrf_token = cookies.start(req, reply, session.id);
    return reply.status(201).send({ user: presentUser(user), csrf_token });
  });

  r.post("/passwords", { schema: { response: { 202: ZPasswordResetAccepted } } }, async (req, reply) => {
    await auth.requestReset(validate(ZPasswordResetRequest, req.body).email, req.ip);
    return reply
      .status(202)
      .send({ message: "If an account exists for that address, a reset link is on its way." });
  });

  r.put("/passwords/:token", async (req, reply) => {
    const token = String((req.params as { token?: string }).token ?? "");
    await auth.completeReset(token, validate(ZPasswordReset, req.body).password, req.ip);
    return reply.status(204).send();
  });

  /** In-app password change: the current password, then the new one; other sessions end. */
  r.put("/account/password", async (req, reply) => {
    const user = requireUser(req);
    if (!req.sessionId) throw new AppError("forbidden", "The password is changed from a signed-in session");
    await auth.changePassword(user, req.sessionId, validate(ZPasswordChange, req.body));
    return reply.status(204).send();
  });
}
