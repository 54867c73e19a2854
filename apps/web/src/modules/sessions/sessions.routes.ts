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

  // For the document: these work signed out; changes carry the logged-out CSRF token.
  const signedOut: Record<string, string[]>[] = [{ csrf: [] }];
  const info = {
    schema: {
      security: [{}, { session: [] }] as Record<string, string[]>[],
      response: { 200: ZSessionInfo },
    },
  };
  r.get("/session", info, async (req, reply) => ({
    user: req.user ? presentUser(req.user) : null,
    csrf_token: cookies.csrfToken(req, reply),
  }));

  // Signed-out routes validate their body before anything else: Fastify does it, from the schema.
  const login = { schema: { security: signedOut, body: ZCredentials, response: { 200: ZSessionStarted } } };
  r.post("/session", login, async (req, reply) => {
    const { user, session } = await auth.login(req.body.email, req.body.password, meta(req));
    const csrf_token = cookies.start(req, reply, session.id);
    return { user: presentUser(user), csrf_token };
  });

  r.delete("/session", async (req, reply) => {
    if (req.sessionId) await auth.logout(req.sessionId);
    cookies.end(req, reply);
    return reply.status(204).send();
  });

  const register = {
    schema: { security: signedOut, body: ZCredentials, response: { 201: ZSessionStarted } },
  };
  r.post("/registration", register, async (req, reply) => {
    const { user, session } = await auth.register(req.body.email, req.body.password, meta(req));
    const csrf_token = cookies.start(req, reply, session.id);
    return reply.status(201).send({ user: presentUser(user), csrf_token });
  });

  const reset = {
    schema: { security: signedOut, body: ZPasswordResetRequest, response: { 202: ZPasswordResetAccepted } },
  };
  r.post("/passwords", reset, async (req, reply) => {
    await auth.requestReset(req.body.email, req.ip);
    return reply
      .status(202)
      .send({ message: "If an account exists for that address, a reset link is on its way." });
  });

  r.put(
    "/passwords/:token",
    { schema: { security: signedOut, body: ZPasswordReset } },
    async (req, reply) => {
      const token = String((req.params as { token?: string }).token ?? "");
      await auth.completeReset(token, req.body.password, req.ip);
      return reply.status(204).send();
    },
  );

  /** In-app password change: the current password, then the new one; other sessions end. */
  r.put("/account/password", { config: { docs: { body: ZPasswordChange } } }, async (req, reply) => {
    const user = requireUser(req);
    if (!req.sessionId) throw new AppError("forbidden", "The password is changed from a signed-in session");
    await auth.changePassword(user, req.sessionId, validate(ZPasswordChange, req.body));
    return reply.status(204).send();
  });
}
