import { hash, verify } from "@node-rs/argon2";
import { z } from "zod";
import type { TBrandContext, TDerivedKeywords, TSocialPlatform } from "@brandwarden/contract/brand";
import { AppError, invalid, notFound } from "@brandwarden/platform/http/app-error";
import type { Db } from "../../db/client.ts";
import { passwordProblem } from "./password-rule.ts";
import type { BrandRepository } from "../brand/brand.repository.ts";
import type { UserRow, UsersRepository } from "./users.repository.ts";

const ZEmail = z.email().max(254);
// Argon2id with the OWASP-recommended minimum (19 MiB, 2 passes).
const ARGON2ID = 2;
const HASH_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function normaliseEmail(email: string): string {
  const trimmed = email.trim().toLowerCase();
  if (!ZEmail.safeParse(trimmed).success) throw invalid(`Not an e-mail address: ${email}`);
  return trimmed;
}

/** Downcased, trimmed, deduplicated in first-seen order, empties dropped. */
export function normaliseKeywords(keywords: string[]): string[] {
  return [...new Set(keywords.map((k) => k.trim().toLowerCase()).filter(Boolean))];
}

export function createUsersService(deps: {
  db: Db;
  repo: UsersRepository;
  brand: Pick<BrandRepository, "ownedDomains" | "socialHandles">;
}) {
  return {
    async createUser(input: { email: string; password: string; admin?: boolean }): Promise<UserRow> {
      const email = normaliseEmail(input.email);
      const problem = passwordProblem(input.password);
      if (problem) throw invalid(problem);
      if (await deps.repo.findByEmail(email))
        throw new AppError("conflict", `A user with e-mail ${email} exists`);
      const password_hash = await hash(input.password, HASH_OPTIONS);
      return deps.repo.insert({ email, password_hash, admin: input.admin ?? false });
    },

    async verifyPassword(user: UserRow, password: string): Promise<boolean> {
      return verify(user.password_hash, password).catch(() => false);
    },

    async derivedKeywords(userId: string): Promise<TDerivedKeywords> {
      const user = await deps.repo.findById(userId);
      if (!user) throw notFound("User");
      const stored = await deps.repo.derivedKeywords(userId);
      if (stored && stored.generation === user.keyword_generation) {
        return { keywords: stored.keywords, generation: stored.generation };
      }
      return { keywords: [], generation: user.keyword_generation };
    },

    /** Stores keywords derived for `generation`; a result for an older profile is rejected (409). */
    async saveDerivedKeywords(userId: string, input: TDerivedKeywords): Promise<TDerivedKeywords> {
      return deps.db.transaction(async (tx) => {
        const user = await deps.repo.lockUser(tx, userId);
        if (!user) throw notFound("User");
        if (input.generation !== user.keyword_generation) {
          throw new AppError(
            "stale_generation",
            `Generation ${input.generation} is stale; the current generation is ${user.keyword_generation}`,
            { current_generation: user.keyword_generation },
          );
        }
        const keywords = normaliseKeywords(input.keywords);
        await deps.repo.upsertDerivedKeywords(tx, userId, keywords, input.generation);
        return { keywords, generation: input.generation };
      });
    },

    async brandContext(userId: string): Promise<TBrandContext> {
      const user = await deps.repo.findById(userId);
      if (!user) throw notFound("User");
      const [domains, handles, derived] = await Promise.all([
        deps.brand.ownedDomains(userId),
        deps.brand.socialHandles(userId),
        this.derivedKeywords(userId),
      ]);
      return {
        brand_name: user.brand_name ?? user.brand_names[0] ?? "",
        social_handles: handles.map((h) => ({ platform: h.platform as TSocialPlatform, handle: h.handle })),
        keywords: user.keywords,
        derived_keywords: derived.keywords,
        owned_domains: domains.map((d) => ({
          domain: d.domain,
          title: d.profile?.title ?? null,
          content_snippet: d.profile?.content_snippet ?? null,
        })),
      };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
