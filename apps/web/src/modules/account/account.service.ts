import { and, eq, inArray, sql } from "drizzle-orm";
import type { JobQueue } from "@brandwarden/platform/queue/queue";
import { notFound } from "@brandwarden/platform/http/app-error";
import type { Db } from "../../db/client.ts";
import { ownedDomains, socialHandles, users } from "../../db/schema.ts";
import { ENRICH_DOMAIN_JOB, ENRICH_SOCIAL_HANDLE_JOB, EXPAND_KEYWORDS_JOB } from "../../jobs/job-names.ts";
import { normaliseKeywords } from "../users/users.service.ts";
import { newWebhookSecret } from "../webhooks/webhook-signature.ts";
import type { TAccountUpdate } from "./account.schemas.ts";

type Enqueue = { name: string; payload: Record<string, unknown>; jobId: string };

/**
 * Saves the brand profile in one transaction: bumps the keyword generation, keeps unchanged owned
 * domains and handles, gives new ones generation 1 and `pending`, removes dropped ones; after
 * commit enqueues enrichment for each new one and keyword expansion.
 */
export function createAccountService(deps: { db: Db; queue: JobQueue }) {
  return {
    async updateProfile(userId: string, input: TAccountUpdate) {
      const jobs: Enqueue[] = [];
      await deps.db.transaction(async (tx) => {
        const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
        if (!user) throw notFound("User");
        await tx
          .update(users)
          .set({
            brand_name: input.brand_name,
            brand_names: [...new Set(input.brand_names)],
            keywords: normaliseKeywords(input.keywords),
            webhook_url: input.webhook_url,
            webhook_secret: user.webhook_secret ?? newWebhookSecret(),
            keyword_generation: sql`${users.keyword_generation} + 1`,
            updated_at: sql`now()`,
          })
          .where(eq(users.id, userId));

        const wantedDomains = [...new Set(input.owned_domains)];
        const existing = await tx.select().from(ownedDomains).where(eq(ownedDomains.user_id, userId));
        const gone = existing.filter((d) => !wantedDomains.includes(d.domain)).map((d) => d.id);
        if (gone.length) await tx.delete(ownedDomains).where(inArray(ownedDomains.id, gone));
        const fresh = wantedDomains.filter((d) => !existing.some((e) => e.domain === d));
        if (fresh.length) {
          const rows = await tx
            .insert(ownedDomains)
            .values(
              fresh.map((domain) => ({
                user_id: userId,
                domain,
                generation: 1,
                enrichment_status: "pending" as const,
              })),
            )
            .returning();
          for (const r of rows) {
            jobs.push({
              name: ENRICH_DOMAIN_JOB,
              payload: { owned_domain_id: r.id, generation: r.generation },
              jobId: `enrich-domain-${r.id}-${r.generation}`,
            });
          }
        }

        const key = (h: { platform: string; handle: string }) => `${h.platform}:${h.handle.toLowerCase()}`;
        const wantedHandles = new Map(input.social_handles.map((h) => [key(h), h]));
        const handles = await tx.select().from(socialHandles).where(eq(socialHandles.user_id, userId));
        const goneHandles = handles.filter((h) => !wantedHandles.has(key(h))).map((h) => h.id);
        if (goneHandles.length) await tx.delete(socialHandles).where(inArray(socialHandles.id, goneHandles));
        const newHandles = [...wantedHandles.values()].filter((h) => !handles.some((e) => key(e) === key(h)));
        if (newHandles.length) {
          const rows = await tx
            .insert(socialHandles)
            .values(
              newHandles.map((h) => ({
                user_id: userId,
                platform: h.platform,
                handle: h.handle,
                generation: 1,
              })),
            )
            .returning();
          for (const r of rows) {
            jobs.push({
              name: ENRICH_SOCIAL_HANDLE_JOB,
              payload: { social_handle_id: r.id, generation: r.generation },
              jobId: `enrich-social-${r.id}-${r.generation}`,
            });
          }
        }
      });
      for (const job of jobs) await deps.queue.enqueue(job.name, job.payload, { jobId: job.jobId });
      await deps.queue.enqueue(EXPAND_KEYWORDS_JOB, { user_id: userId });
      return this.profile(userId);
    },

    /** Re-runs a domain's enrichment under a new generation (older results become stale). */
    async reenrichDomain(userId: string, ownedDomainId: string) {
      const [row] = await deps.db
        .update(ownedDomains)
        .set({
          generation: sql`${ownedDomains.generation} + 1`,
          enrichment_status: "pending",
          updated_at: sql`now()`,
        })
        .where(and(eq(ownedDomains.id, ownedDomainId), eq(ownedDomains.user_id, userId)))
        .returning();
      if (!row) throw notFound("Owned domain");
      await deps.queue.enqueue(
        ENRICH_DOMAIN_JOB,
        { owned_domain_id: row.id, generation: row.generation },
        { jobId: `enrich-domain-${row.id}-${row.generation}` },
      );
      return row;
    },

    async profile(userId: string) {
      const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
      if (!user) throw notFound("User");
      const [domains, handles] = await Promise.all([
        deps.db
          .select()
          .from(ownedDomains)
          .where(eq(ownedDomains.user_id, userId))
          .orderBy(ownedDomains.domain),
        deps.db
          .select()
          .from(socialHandles)
          .where(eq(socialHandles.user_id, userId))
          .orderBy(socialHandles.platform, socialHandles.handle),
      ]);
      return {
        id: user.id,
        email: user.email,
        admin: user.admin,
        brand_name: user.brand_name,
        brand_names: user.brand_names,
        keywords: user.keywords,
        webhook_url: user.webhook_url,
        webhook_secret: user.webhook_secret,
        has_logo: Boolean(user.logo_key),
        owned_domains: domains.map((d) => ({
          id: d.id,
          domain: d.domain,
          generation: d.generation,
          enrichment_status: d.enrichment_status,
          enrichment_error: d.enrichment_error,
          title: d.profile?.title ?? null,
        })),
        social_handles: handles.map((h) => ({
          id: h.id,
          platform: h.platform,
          handle: h.handle,
          generation: h.generation,
          enrichment_status: h.enrichment_status,
          enrichment_error: h.enrichment_error,
        })),
      };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
