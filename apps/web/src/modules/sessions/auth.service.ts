import { createHash, randomBytes } from "node:crypto";
import { AppError, invalid } from "@brandwarden/platform/http/app-error";
import type { Logger } from "@brandwarden/platform/logger/logger";
import type { Db } from "../../db/client.ts";
import type { KvRateLimit } from "../../lib/kv-rate-limit.ts";
import type { LoginThrottle } from "./login-throttle.ts";
import { normaliseEmail, type UsersService } from "../users/users.service.ts";
import type { Mailer } from "./mailer.ts";
import type { PasswordResetsRepository } from "./password-resets.repository.ts";
import type { SessionStreams } from "./session-streams.ts";
import type { SessionsRepository } from "./sessions.repository.ts";
import type { UserRow } from "../../db/rows.ts";

const RESET_TTL_MS = 60 * 60 * 1000;
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
/** Login attempts per address, whatever the accounts (the per-account wait is the login throttle's). */
const LOGIN_IP_LIMIT = { max: 30, windowMs: 15 * 60 * 1000 };
const RESET_LIMIT = { max: 3, windowMs: 60 * 60 * 1000 };
const RESET_IP_LIMIT = { max: 20, windowMs: 60 * 60 * 1000 };
/** Tries at completing a reset (guessing tokens) per address. */
const RESET_COMPLETE_LIMIT = { max: 10, windowMs: 15 * 60 * 1000 };
/** Tries at the current password in the in-app change, per user. */
const PASSWORD_CHANGE_LIMIT = { max: 5, windowMs: 15 * 60 * 1000 };

export function createAuthService(deps: {
  db: Db;
  /** The account records: found by e-mail, given a new password hash. */
  users: Pick<UsersService, "findByEmail" | "setPasswordHash">;
  /** Sign-up and the password checks. */
  usersService: UsersService;
  sessions: SessionsRepository;
  resets: PasswordResetsRepository;
  streams: SessionStreams;
  rateLimit: KvRateLimit;
  loginThrottle: LoginThrottle;
  mailer: Mailer;
  publicUrl: string;
  logger: Logger;
}) {
  const newSession = (user: UserRow, meta: { ip: string; userAgent?: string }) =>
    deps.sessions.create({ user_id: user.id, ip: meta.ip, user_agent: meta.userAgent ?? null });

  /** Stores a fresh reset link and mails it; failures are logged (recipient and cause, never the link). */
  const sendResetLink = async (user: UserRow) => {
    try {
      const token = randomBytes(32).toString("base64url");
      await deps.resets.insert({
        user_id: user.id,
        token_hash: sha256(token),
        expires_at: new Date(Date.now() + RESET_TTL_MS),
      });
      // The token rides in the fragment, which browsers never send: no server or proxy logs it.
      const link = new URL(`/reset-password#${token}`, deps.publicUrl).toString();
      await deps.mailer.send({
        to: user.email,
        subject: "Reset your Brandwarden password",
        text: `Someone asked to reset the password of ${user.email}.\n\nTo choose a new password, open:\n${link}\n\nThe link works once, for one hour. If it was not you, ignore this message.`,
      });
    } catch (err) {
      deps.logger.error({ err: String(err), to: user.email }, "password reset mail could not be sent");
    }
  };

  /** Ends the user's other sessions and their event streams (after the password changed). */
  const endSessions = async (userId: string, exceptSessionId?: string) => {
    await deps.sessions.deleteForUser(userId, exceptSessionId);
    deps.streams.closeUser(userId, exceptSessionId);
  };

  return {
    /**
     * Rate-limited per address, and throttled per (account, address) pair with a doubling wait, so
     * nobody can lock an owner out from elsewhere; one vague message for every failure, and an
     * unknown e-mail costs the same password hashing as a wrong password.
     */
    async login(email: string, password: string, meta: { ip: string; userAgent?: string }) {
      const normalised = email.trim().toLowerCase();
      await deps.rateLimit.hit(
        `login:ip:${meta.ip}`,
        LOGIN_IP_LIMIT.max,
        LOGIN_IP_LIMIT.windowMs,
        "login attempts",
      );
      await deps.loginThrottle.check(normalised, meta.ip);
      const user = await deps.users.findByEmail(normalised);
      const matches = await deps.usersService.verifyPasswordOrDummy(user, password);
      if (!user || !matches) {
        await deps.loginThrottle.failed(normalised, meta.ip);
        throw new AppError("unauthorized", "E-mail or password is wrong");
      }
      await deps.loginThrottle.succeeded(normalised, meta.ip);
      return { user, session: await newSession(user, meta) };
    },

    /** Open signup: creates the account and logs it in. */
    async register(email: string, password: string, meta: { ip: string; userAgent?: string }) {
      await deps.rateLimit.hit(`register:ip:${meta.ip}`, 20, 60 * 60 * 1000, "sign-ups from this address");
      const user = await deps.usersService.createUser({ email, password });
      return { user, session: await newSession(user, meta) };
    },

    async logout(sessionId: string): Promise<void> {
      await deps.sessions.delete(sessionId);
      deps.streams.closeSession(sessionId);
    },

    /**
     * Always answers the same way after the same awaited work (rate limits, one lookup), so it
     * does not reveal which addresses have accounts: making the link, storing it and mailing it
     * happen in the background, never awaited, for a known address only.
     */
    async requestReset(email: string, ip: string): Promise<void> {
      const normalised = normaliseEmail(email);
      await deps.rateLimit.hit(
        `reset:ip:${ip}`,
        RESET_IP_LIMIT.max,
        RESET_IP_LIMIT.windowMs,
        "password reset requests",
      );
      await deps.rateLimit.hit(
        `reset:email:${normalised}`,
        RESET_LIMIT.max,
        RESET_LIMIT.windowMs,
        "password reset requests",
      );
      const user = await deps.users.findByEmail(normalised);
      if (user) void sendResetLink(user);
    },

    /**
     * Single use and expiring. The token is looked up before the (costly) password hashing; on
     * success every reset link of the user is voided and every session (and event stream) ended.
     */
    async completeReset(token: string, password: string, ip: string): Promise<void> {
      await deps.rateLimit.hit(
        `reset-complete:ip:${ip}`,
        RESET_COMPLETE_LIMIT.max,
        RESET_COMPLETE_LIMIT.windowMs,
        "password reset attempts",
      );
      const gone = () =>
        new AppError("not_found", "This reset link is invalid, used or expired; ask for a new one");
      const reset = await deps.resets.findLive(sha256(token));
      if (!reset) throw gone();
      const owner = await deps.usersService.findById(reset.user_id);
      if (!owner) throw gone();
      const passwordHash = await deps.usersService.hashPassword(password, owner.email);
      await deps.db.transaction(async (tx) => {
        if (!(await deps.resets.claim(tx, reset.id))) throw gone();
        await deps.users.setPasswordHash(tx, reset.user_id, passwordHash);
        await deps.resets.voidForUser(tx, reset.user_id);
      });
      await endSessions(reset.user_id);
    },

    /**
     * A logged-in user's password change: needs the current password (rate-limited per user);
     * voids the user's reset links and ends every other session.
     */
    async changePassword(
      user: UserRow,
      sessionId: string,
      input: { current_password: string; password: string },
    ): Promise<void> {
      await deps.rateLimit.hit(
        `password-change:user:${user.id}`,
        PASSWORD_CHANGE_LIMIT.max,
        PASSWORD_CHANGE_LIMIT.windowMs,
        "password change attempts",
      );
      if (!(await deps.usersService.verifyPassword(user, input.current_password)))
        throw invalid("The current password is wrong", [
          { path: "current_password", message: "The current password is wrong" },
        ]);
      const passwordHash = await deps.usersService.hashPassword(input.password, user.email);
      await deps.db.transaction(async (tx) => {
        await deps.users.setPasswordHash(tx, user.id, passwordHash);
        await deps.resets.voidForUser(tx, user.id);
      });
      await endSessions(user.id, sessionId);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
