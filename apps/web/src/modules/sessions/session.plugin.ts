import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "@brandwarden/platform/http/app-error";
import { tokensMatch } from "@brandwarden/platform/http/bearer-auth";
import { ZId } from "@brandwarden/contract/common";
import type { TScanStreamClosing } from "@brandwarden/contract/browser/events";
import { createCsrfTokens } from "./csrf.ts";
import type { SessionStreams } from "./session-streams.ts";
import type { SessionsRepository } from "./sessions.repository.ts";
import type { UserRow } from "../../db/rows.ts";

const CSRF_HEADER = "x-csrf-token";

declare module "fastify" {
  interface FastifyRequest {
    user: UserRow | null;
    sessionId: string | null;
    /** The personal API token the request came with (then there is no session). */
    apiTokenId: string | null;
  }
}

/** Finds the user of a personal API token (null: unknown or revoked). */
type TokenAuthenticator = (token: string) => Promise<{ user: UserRow; tokenId: string } | null>;

/**
 * The API token of a request: `Authorization: Bearer <token>`, or, on TAXII reads only, HTTP
 * Basic with the token as the password (what TAXII clients send). Basic is not taken elsewhere:
 * a browser replays Basic credentials on its own, which would make them a CSRF vector, while it
 * never adds a Bearer header by itself. `undefined`: no Authorization header at all.
 */
function tokenOf(request: FastifyRequest): string | null | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const [scheme, value = ""] = header.trim().split(/\s+/, 2);
  if (/^bearer$/i.test(scheme ?? "")) return value;
  const taxiiRead = request.url.startsWith("/taxii2/") && ["GET", "HEAD"].includes(request.method);
  if (/^basic$/i.test(scheme ?? "") && taxiiRead) {
    const decoded = Buffer.from(value, "base64").toString("utf8");
    return decoded.slice(decoded.indexOf(":") + 1);
  }
  return null;
}

/**
 * Cookie names: on https the `__Host-` prefix makes browsers refuse them unless they are Secure,
 * host-only and for path `/`, so a sibling host or a plain-http page cannot plant them.
 */
function sessionCookieNames(secure: boolean) {
  const prefix = secure ? "__Host-" : "";
  return {
    session: `${prefix}session_id`,
    /** httponly random value a logged-out browser's CSRF token is bound to. */
    csrfNonce: `${prefix}csrf_nonce`,
    /** The current CSRF token, readable by the UI's script; only a transport, never trusted. */
    csrfToken: `${prefix}csrf_token`,
  };
}

export interface SessionPluginOptions {
  sessions: Pick<SessionsRepository, "find">;
  streams: SessionStreams;
  secure: boolean;
  /** The session secret: signs the session cookie (via @fastify/cookie) and keys the CSRF HMAC. */
  secret: string;
  /** Lifetime of the (persistent) session cookie: the session's absolute limit. */
  maxAgeMs: number;
  /** Personal API tokens: a request with one acts as its user, with no session and no CSRF. */
  tokens: TokenAuthenticator;
}

/**
 * Browser sessions: the signed session cookie (httponly, SameSite lax, persistent for the
 * session's absolute lifetime) names a session row; `request.user` is its user, while the
 * session is within its idle and absolute limits. CSRF: every state-changing request carries
 * the `x-csrf-token` header, which must equal the HMAC of this browser's session id (or, logged
 * out, of its nonce cookie).
 */
export function installSessions(app: FastifyInstance, opts: SessionPluginOptions) {
  const names = sessionCookieNames(opts.secure);
  const csrf = createCsrfTokens(opts.secret);
  const maxAge = Math.floor(opts.maxAgeMs / 1000);
  const base = { path: "/", secure: opts.secure } as const;

  app.decorateRequest("user", null);
  app.decorateRequest("sessionId", null);
  app.decorateRequest("apiTokenId", null);

  const expectedCsrf = (request: FastifyRequest): string | null => {
    if (request.sessionId) return csrf.forSession(request.sessionId);
    const nonce = request.cookies[names.csrfNonce];
    return nonce ? csrf.forNonce(nonce) : null;
  };

  /** Sets the readable token cookie for the session (or, without one, the nonce) and returns it. */
  const issueCsrf = (request: FastifyRequest, reply: FastifyReply, sessionId: string | null): string => {
    let token: string;
    if (sessionId) token = csrf.forSession(sessionId);
    else {
      let nonce = request.cookies[names.csrfNonce];
      if (!nonce) {
        nonce = csrf.newNonce();
        reply.setCookie(names.csrfNonce, nonce, { ...base, httpOnly: true, sameSite: "strict", maxAge });
      }
      token = csrf.forNonce(nonce);
    }
    reply.setCookie(names.csrfToken, token, { ...base, sameSite: "strict", maxAge });
    return token;
  };

  app.addHook("onRequest", async (request, reply) => {
    // A request with an Authorization header is a machine's: the token alone says who it is
    // (cookies are ignored), and no CSRF token is asked for, since no browser sends one unasked.
    const token = tokenOf(request);
    if (token !== undefined) {
      if (token === null)
        throw new AppError("unauthorized", "Send the API token as Authorization: Bearer <token>");
      const found = token ? await opts.tokens(token) : null;
      if (!found) throw new AppError("unauthorized", "Unknown or revoked API token");
      request.user = found.user;
      request.apiTokenId = found.tokenId;
      trackEventStream(request, reply, opts.streams);
      return;
    }
    const raw = request.cookies[names.session];
    if (raw) {
      const unsigned = request.unsignCookie(raw);
      const id = unsigned.valid ? unsigned.value : null;
      const found = id && ZId.safeParse(id).success ? await opts.sessions.find(id) : null;
      if (found) {
        request.user = found.user;
        request.sessionId = found.session.id;
        trackEventStream(request, reply, opts.streams);
      } else reply.clearCookie(names.session, base);
    }
    if (!["GET", "HEAD", "OPTIONS"].includes(request.method)) {
      const expected = expectedCsrf(request);
      const header = request.headers[CSRF_HEADER];
      if (!expected || typeof header !== "string" || !tokensMatch(header, expected)) {
        throw new AppError("forbidden", "Missing or invalid CSRF token; reload the page and try again");
      }
    }
  });

  return {
    names,
    /** The CSRF token of this browser (for `GET /session`), its cookies set when missing. */
    csrfToken: (request: FastifyRequest, reply: FastifyReply) => issueCsrf(request, reply, request.sessionId),
    /** After login or sign-up: the session cookie, and the CSRF token of the new session. */
    start(request: FastifyRequest, reply: FastifyReply, sessionId: string): string {
      reply.setCookie(names.session, sessionId, {
        ...base,
        httpOnly: true,
        sameSite: "lax",
        signed: true,
        maxAge,
      });
      return issueCsrf(request, reply, sessionId);
    },
    /** After logout: no session cookie, and a logged-out CSRF token again. */
    end(request: FastifyRequest, reply: FastifyReply): string {
      reply.clearCookie(names.session, base);
      return issueCsrf(request, reply, null);
    },
  };
}

export type SessionCookies = ReturnType<typeof installSessions>;

/**
 * An event-stream request (EventSource sends this Accept) is ended with the session (or the API
 * token it came with), or when the process stops: then a last `closing` event first, so the
 * browser reconnects (to another web process) a second later instead of hanging the shutdown.
 */
function trackEventStream(request: FastifyRequest, reply: FastifyReply, streams: SessionStreams): void {
  if (!(request.headers.accept ?? "").includes("text/event-stream")) return;
  const res = reply.raw;
  const owner = { sessionId: request.sessionId, tokenId: request.apiTokenId };
  const untrack = streams.track(owner, request.user!.id, (reason) => {
    if (reason === "shutdown" && res.headersSent && !res.writableEnded) {
      const closing: TScanStreamClosing = { reason };
      res.write(`retry: ${RECONNECT_MS}\nevent: closing\ndata: ${JSON.stringify(closing)}\n\n`);
    }
    res.end();
  });
  res.on("close", untrack);
}

/** How soon a browser whose stream was closed by a shutdown connects again. */
const RECONNECT_MS = 1000;

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
