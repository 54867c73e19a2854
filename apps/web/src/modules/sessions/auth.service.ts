import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { hash } from "@node-rs/argon2";
import { AppError, invalid } from "@brandwarden/platform/http/app-error";
import type { Logger } from "@brandwarden/platform/logger/logger";
import type { Db } from "../../db/client.ts";
import { passwordResets, users } from "../../db/schema.ts";
import type { KvRateLimit } from "../../lib/kv-rate-limit.ts";
import { passwordProblem } from "../users/password-rule.ts";
import type { UserRow } from "../users/users.repository.ts";
import type { UsersRepository } from "../users/users.repository.ts";
import { normaliseEmail, type UsersService } from "../users/users.service.ts";
import type { Mailer } from "./mailer.ts";
import type { SessionsRepository } from "./sessions.repository.ts";

const RESET_TTL_MS = 60 * 60 * 1000;
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
const LOGIN_LIMIT = { max: 10, windowMs: 15 * 60 * 1000 };
const RESET_LIMIT = { max: 3, windowMs: 60 * 60 * 1000 };
const RESET_IP_LIMIT = { max: 20, windowMs: 60 * 60 * 1000 };

export function createAuthService(deps: {
  db: Db;
  users: UsersRepository;
  usersService: UsersService;
  sessions: SessionsRepository;
  rateLimit: KvRateLimit;
  mailer: Mailer;
  publicUrl: string;
  logger: Logger;
}) {
  const newSession = (user: UserRow, meta: { ip: string; userAgent?: string }) =>
    deps.sessions.create({ user_id: user.id, ip: meta.ip, user_agent: meta.userAgent ?? null });

  return {
    /** Rate-limited per address and per e-mail; one vague message for every failure. */
    async login(email: string, password: string, meta: { ip: string; userAgent?: string }) {
      const normalised = email.trim().toLowerCase();
      await deps.rateLimit.hit(
        `login:ip:${meta.ip}`,
        LOGIN_LIMIT.max * 3,
        LOGIN_LIMIT.windowMs,
        "login attempts",
      );
      await deps.rateLimit.hit(
        `login:email:${normalised}`,
        LOGIN_LIMIT.max,
        LOGIN_LIMIT.windowMs,
        "login attempts",
      );
      const user = await deps.users.findByEmail(normalised);
      if (!user || !(await deps.usersService.verifyPassword(user, password))) {
        throw new AppError("unauthorized", "E-mail or password is wrong");
      }
      await deps.rateLimit.reset(`login:email:${normalised}`);
      return { user, session: await newSession(user, meta) };
    },

    /** Open signup: creates the account and logs it in. */
    async register(email: string, password: string, meta: { ip: string; userAgent?: string }) {
      await deps.rateLimit.hit(`register:ip:${meta.ip}`, 20, 60 * 60 * 1000, "sign-ups from this address");
      const user = await deps.usersService.createUser({ email, password });
      return { user, session: await newSession(user, meta) };
    },

    logout: (sessionId: string) => deps.sessions.delete(sessionId),

    /** Always answers the same way, so it does not reveal which addresses have accounts. */
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
      if (!user) return;
      const token = randomBytes(32).toString("base64url");
      await deps.db.insert(passwordResets).values({
        user_id: user.id,
        token_hash: sha256(token),
        expires_at: new Date(Date.now() + RESET_TTL_MS),
      });
      const link = new URL(`/reset-password/${token}`, deps.publicUrl).toString();
      await deps.mailer.send({
        to: user.email,
        subject: "Reset your Brandwarden password",
        text: `Someone asked to reset the password of ${user.email}.\n\nTo choose a new password, open:\n${link}\n\nThe link works once, for one hour. If it was not you, ignore this message.`,
      });
    },

    /** Single use and expiring; on success every session of the user is ended. */
    async completeReset(token: string, password: string): Promise<void> {
      const problem = passwordProblem(password);
      if (problem) throw invalid(problem);
      const password_hash = await hash(password, {
        algorithm: 2,
        memoryCost: 19456,
        timeCost: 2,
        parallelism: 1,
      });
      const userId = await deps.db.transaction(async (tx) => {
        const [reset] = await tx
          .update(passwordResets)
          .set({ used_at: sql`now()` })
          .where(
            and(
              eq(passwordResets.token_hash, sha256(token)),
              isNull(passwordResets.used_at),
              gt(passwordResets.expires_at, sql`now()`),
            ),
          )
          .returning();
        if (!reset)
          throw new AppError("not_found", "This reset link is invalid, used or expired; ask for a new one");
        await tx
          .update(users)
          .set({ password_hash, updated_at: sql`now()` })
          .where(eq(users.id, reset.user_id));
        return reset.user_id;
      });
      await deps.sessions.deleteForUser(userId);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
