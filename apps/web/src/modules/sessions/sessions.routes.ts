import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { validate } from "@brandwarden/platform/http/validate";
import type { UserRow } from "../users/users.repository.ts";
import type { AuthService } from "./auth.service.ts";
import { ensureCsrfToken, SESSION_COOKIE, setSessionCookie } from "./session.plugin.ts";

const ZCredentials = z.object({ email: z.string().max(254), password: z.string().max(200) });
const ZEmailOnly = z.object({ email: z.string().max(254) });
const ZNewPassword = z.object({ password: z.string().max(200) });

export const presentUser = (u: UserRow) => ({
  id: u.id,
  email: u.email,
  admin: u.admin,
  brand_name: u.brand_name,
});

/** Sessions, registrations and password resets (DESIGN.md "Browser-facing JSON routes"). */
export function registerSessionRoutes(
  app: FastifyInstance,
  auth: AuthService,
  opts: { secure: boolean },
): void {
  const meta = (req: { ip: string; headers: Record<string, unknown> }) => ({
    ip: req.ip,
    userAgent: typeof req.headers["user-agent"] === "string" ? req.headers["user-agent"] : undefined,
  });

  app.get("/session", async (req, reply) => ({
    user: req.user ? presentUser(req.user) : null,
    csrf_token: ensureCsrfToken(req, reply, opts.secure),
  }));

  app.post("/session", async (req, reply) => {
    const body = validate(ZCredentials, req.body);
    const { user, session } = await auth.login(body.email, body.password, meta(req));
    setSessionCookie(reply, session.id, opts.secure);
    return { user: presentUser(user) };
  });

  app.delete("/session", async (req, reply) => {
    if (req.sessionId) await auth.logout(req.sessionId);
    reply.clearCookie(SESSION_COOKIE, { path: "/" });
    return reply.status(204).send();
  });

  app.post("/registration", async (req, reply) => {
    const body = validate(ZCredentials, req.body);
    const { user, session } = await auth.register(body.email, body.password, meta(req));
    setSessionCookie(reply, session.id, opts.secure);
    return reply.status(201).send({ user: presentUser(user) });
  });

  app.post("/passwords", async (req, reply) => {
    await auth.requestReset(validate(ZEmailOnly, req.body).email, req.ip);
    return reply
      .status(202)
      .send({ message: "If an account exists for that address, a reset link is on its way." });
  });

  app.put("/passwords/:token", async (req, reply) => {
    const token = String((req.params as { token?: string }).token ?? "");
    await auth.completeReset(token, validate(ZNewPassword, req.body).password);
    return reply.status(204).send();
  });
}
