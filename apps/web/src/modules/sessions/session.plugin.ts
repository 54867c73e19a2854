import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "@brandwarden/platform/http/app-error";
import { tokensMatch } from "@brandwarden/platform/http/bearer-auth";
import { ZId } from "@brandwarden/contract/common";
import type { UserRow } from "../users/users.repository.ts";
import type { SessionsRepository } from "./sessions.repository.ts";

export const SESSION_COOKIE = "session_id";
export const CSRF_COOKIE = "csrf_token";
const CSRF_HEADER = "x-csrf-token";
const TWENTY_YEARS_S = 20 * 365 * 24 * 3600; // "permanent"

declare module "fastify" {
  interface FastifyRequest {
    user: UserRow | null;
    sessionId: string | null;
  }
}

export interface SessionPluginOptions {
  sessions: SessionsRepository;
  secure: boolean;
}

/**
 * Browser sessions: the signed `session_id` cookie (httponly, SameSite lax, permanent) names a
 * session row; `request.user` is its user. CSRF: every state-changing request carries the
 * `x-csrf-token` header equal to the `csrf_token` cookie (double submit), which a page on another
 * site can neither read nor set.
 */
export function installSessions(app: FastifyInstance, opts: SessionPluginOptions): void {
  app.decorateRequest("user", null);
  app.decorateRequest("sessionId", null);

  app.addHook("onRequest", async (request, reply) => {
    const raw = request.cookies[SESSION_COOKIE];
    if (raw) {
      const unsigned = request.unsignCookie(raw);
      const id = unsigned.valid ? unsigned.value : null;
      const found = id && ZId.safeParse(id).success ? await opts.sessions.find(id) : null;
      if (found) {
        request.user = found.user;
        request.sessionId = found.session.id;
      } else reply.clearCookie(SESSION_COOKIE, { path: "/" });
    }
    if (!["GET", "HEAD", "OPTIONS"].includes(request.method)) {
      const cookie = request.cookies[CSRF_COOKIE];
      const header = request.headers[CSRF_HEADER];
      if (!cookie || typeof header !== "string" || !tokensMatch(header, cookie)) {
        throw new AppError("forbidden", "Missing or invalid CSRF token; reload the page and try again");
      }
    }
  });
}

/** The CSRF token of this browser, set as a cookie when it has none yet. */
export function ensureCsrfToken(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const existing = request.cookies[CSRF_COOKIE];
  if (existing && /^[0-9a-f]{64}$/.test(existing)) return existing;
  const token = randomBytes(32).toString("hex");
  reply.setCookie(CSRF_COOKIE, token, { path: "/", sameSite: "strict", secure, maxAge: TWENTY_YEARS_S });
  return token;
}

export function setSessionCookie(reply: FastifyReply, sessionId: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, sessionId, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure,
    signed: true,
    maxAge: TWENTY_YEARS_S,
  });
}

export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new AppError("unauthorized", "Log in to continue");
  return request.user;
}

/** Admins only; everyone else is told the page does not exist. */
export function requireAdmin(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (!user.admin) throw new AppError("not_found", "Not found");
  return user;
}
