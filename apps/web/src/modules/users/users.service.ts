import { randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { z } from "zod";
import { AppError, invalid, notFound } from "@brandwarden/platform/http/app-error";
import type { Db, DbOrTx } from "../../db/client.ts";
import { passwordProblem } from "./password-rule.ts";
import type { UsersRepository } from "./users.repository.ts";
import type { AuditEventsService } from "../audit-events/audit-events.service.ts";
import type { UserRow } from "../../db/rows.ts";

const ZEmail = z.email().max(254);
// Argon2id with the OWASP-recommended minimum (19 MiB, 2 passes).
const ARGON2ID = 2;
const HASH_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function normaliseEmail(email: string): string {
  const trimmed = email.trim().toLowerCase();
  if (!ZEmail.safeParse(trimmed).success) throw invalid(`Not an e-mail address: ${email}`);
  return trimmed;
}

/** The words of an account a password must not lean on: its e-mail, its name part and domain. */
const accountWords = (email: string) => [email, ...email.split(/[@.+_-]/).filter((w) => w.length >= 3)];

/** PostgreSQL's unique_violation, as drizzle throws it (directly or as the cause). */
function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code === "23505" || e.cause?.code === "23505";
}

/**
 * The user accounts: sign-up and the admin area's registry, e-mail and admin flag, passwords
 * (Argon2id) and the row lock that makes one user's work take turns across modules.
 */
export function createUsersService(deps: { db: Db; repo: UsersRepository; auditEvents: AuditEventsService }) {
  // Verified against when the account does not exist, so that answer takes as long as a wrong password.
  let dummyHash: Promise<string> | null = null;
  return {
    async createUser(input: { email: string; password: string; admin?: boolean }): Promise<UserRow> {
      const email = normaliseEmail(input.email);
      const problem = await passwordProblem(input.password, accountWords(email));
      if (problem) throw invalid(problem);
      if (await deps.repo.findByEmail(email))
        throw new AppError("conflict", `A user with e-mail ${email} exists`);
      const password_hash = await hash(input.password, HASH_OPTIONS);
      return deps.repo.insert({ email, password_hash, admin: input.admin ?? false });
    },

    /**
     * The demo's account: created as an admin, or, when the e-mail exists, made an admin again with
     * this new password (the demo prints it at every start).
     */
    async createOrResetAdmin(input: { email: string; password: string }): Promise<UserRow> {
      const email = normaliseEmail(input.email);
      const existing = await deps.repo.findByEmail(email);
      if (!existing) return this.createUser({ ...input, admin: true });
      const problem = await passwordProblem(input.password, accountWords(email));
      if (problem) throw invalid(problem);
      await deps.repo.setPasswordHash(deps.db, existing.id, await hash(input.password, HASH_OPTIONS));
      return (await deps.repo.update(existing.id, { admin: true }))!;
    },

    /** The user, or null when there is none. */
    findById: (id: string): Promise<UserRow | null> => deps.repo.findById(id),

    findByEmail: (email: string): Promise<UserRow | null> => deps.repo.findByEmail(email),

    /**
     * Locks the user row in `tx` (null when there is none): one user's profile saves, derived
     * keyword saves and scan starts take turns.
     */
    lockUser: (tx: DbOrTx, id: string): Promise<UserRow | null> => deps.repo.lockUser(tx, id),

    /** Stores a password hash (see `hashPassword`) in the caller's transaction. */
    setPasswordHash: (tx: DbOrTx, id: string, passwordHash: string): Promise<void> =>
      deps.repo.setPasswordHash(tx, id, passwordHash),

    /** The accounts whose labels train the platform's weight set (an admin marks them). */
    trustedUserIds: (): Promise<string[]> => deps.repo.trustedIds(),

    /** Revokes every snapshot link sent in the user's webhooks so far (later webhooks carry new ones). */
    revokeSnapshotLinks: (id: string): Promise<void> => deps.repo.bumpSnapshotLinkGeneration(id),

    /** The admin area's registry: every user, newest first. */
    listUsers: (): Promise<UserRow[]> => deps.repo.list(),

    async getUser(id: string): Promise<UserRow> {
      const user = await deps.repo.findById(id);
      if (!user) throw notFound("User");
      return user;
    },

    /**
     * An admin changes a user's e-mail, admin or trusted flag; an admin cannot remove their own
     * admin flag (422), and an e-mail can belong to one user only (409). A change of the trusted
     * flag is audited with the account it moves.
     */
    async updateUser(
      adminId: string,
      id: string,
      patch: { email?: string; admin?: boolean; trusted?: boolean },
    ): Promise<UserRow> {
      if (id === adminId && patch.admin === false)
        throw new AppError("invalid", "You cannot remove your own admin flag");
      const set: { email?: string; admin?: boolean; trusted?: boolean } = {};
      if (patch.email !== undefined) set.email = normaliseEmail(patch.email);
      if (patch.admin !== undefined) set.admin = patch.admin;
      if (patch.trusted !== undefined) set.trusted = patch.trusted;
      try {
        return await deps.db.transaction(async (tx) => {
          const before = set.trusted === undefined ? null : await deps.repo.lockUser(tx, id);
          const row = await deps.repo.update(id, set, tx);
          if (!row) throw notFound("User");
          if (before && before.trusted !== row.trusted)
            await deps.auditEvents.record(
              {
                name: "user_trust_changed",
                user_id: adminId,
                subject_id: id,
                data: { trusted: row.trusted },
              },
              tx,
            );
          return row;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError("conflict", "Another user has that e-mail address");
        throw err;
      }
    },

    /** An admin deletes a user (and all their data); not their own account (422). */
    async deleteUser(adminId: string, id: string): Promise<void> {
      if (id === adminId) throw new AppError("invalid", "You cannot delete your own account here");
      if (!(await deps.repo.delete(id))) throw notFound("User");
    },

    /** The one Argon2 verification every password check goes through (a malformed hash is a mismatch). */
    async verifyHash(passwordHash: string, password: string): Promise<boolean> {
      return verify(passwordHash, password).catch(() => false);
    },

    async verifyPassword(user: UserRow, password: string): Promise<boolean> {
      return this.verifyHash(user.password_hash, password);
    },

    /**
     * Like verifyPassword; for no user it runs the same Argon2 verification (same parameters) on a
     * dummy hash and says false, so an unknown e-mail answers like a wrong password.
     */
    async verifyPasswordOrDummy(user: UserRow | null, password: string): Promise<boolean> {
      if (user) return this.verifyPassword(user, password);
      dummyHash ??= hash(randomBytes(16).toString("hex"), HASH_OPTIONS);
      await this.verifyHash(await dummyHash, password);
      return false;
    },

    /**
     * The stored form of a new password (Argon2id) for the account with e-mail `email`; checks the
     * password rule first (422 naming why: too short, common, breached or guessable).
     */
    async hashPassword(password: string, email: string): Promise<string> {
      const problem = await passwordProblem(password, accountWords(email));
      if (problem) throw invalid(problem);
      return hash(password, HASH_OPTIONS);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
