import type {
  TAccount,
  TAccountUpdateInput,
  TKeywordExpansion,
  TOwnedDomainState,
} from "@brandwarden/contract/browser/account";
import { ZAccountUpdate } from "@brandwarden/contract/browser/account";
import type { BlobStore } from "@brandwarden/platform/blob/blob";
import type { JobQueue } from "@brandwarden/platform/queue/queue";
import { notFound } from "@brandwarden/platform/http/app-error";
import type { Db } from "../../db/client.ts";
import type { OwnedDomainRow, SocialHandleRow } from "../../db/rows.ts";
import { ENRICH_DOMAIN_JOB, ENRICH_SOCIAL_HANDLE_JOB, EXPAND_KEYWORDS_JOB } from "../../queue/job-names.ts";
import type { UsersService } from "../users/users.service.ts";
import { newWebhookSecret } from "../../lib/webhook-signature.ts";
import { normaliseKeywords } from "./brand-context.service.ts";
import type { BrandProfileRepository } from "./brand-profile.repository.ts";
import type { KeywordExpansionRepository } from "./keyword-expansion.repository.ts";
import type { ProfileGuards } from "./profile-guards.ts";
import { acceptLogo } from "./logo.ts";

type Enqueue = { name: string; payload: Record<string, unknown>; jobId: string };

const enrichDomain = (r: { id: string; generation: number }): Enqueue => ({
  name: ENRICH_DOMAIN_JOB,
  payload: { owned_domain_id: r.id, generation: r.generation },
  jobId: `enrich-domain-${r.id}-${r.generation}`,
});
const enrichHandle = (r: { id: string; generation: number }): Enqueue => ({
  name: ENRICH_SOCIAL_HANDLE_JOB,
  payload: { social_handle_id: r.id, generation: r.generation },
  jobId: `enrich-social-${r.id}-${r.generation}`,
});

const presentDomain = (d: OwnedDomainRow): TOwnedDomainState => ({
  id: d.id,
  domain: d.domain,
  generation: d.generation,
  enrichment_status: d.enrichment_status,
  enrichment_error: d.enrichment_error,
  title: d.profile?.title ?? null,
});
const presentHandle = (h: SocialHandleRow) => ({
  id: h.id,
  platform: h.platform as TAccount["social_handles"][number]["platform"],
  handle: h.handle,
  generation: h.generation,
  enrichment_status: h.enrichment_status,
  enrichment_error: h.enrichment_error,
});

/**
 * The brand profile page (`/account`). Saving happens in one transaction, under the user's row
 * lock: bumps the keyword generation, keeps unchanged owned domains and handles, gives new ones
 * generation 1 and `pending`, removes dropped ones, and re-enriches a handle whose spelling changed
 * only in case; after commit it enqueues enrichment for each new or respelt one and keyword
 * expansion.
 */
export function createBrandProfileService(deps: {
  db: Db;
  queue: JobQueue;
  blobs: Pick<BlobStore, "put">;
  repo: BrandProfileRepository;
  users: Pick<UsersService, "findById" | "lockUser">;
  keywordExpansions: Pick<KeywordExpansionRepository, "forGeneration">;
  /** Webhook URL policy and per-user rate limits, checked before any work. */
  guards: ProfileGuards;
}) {
  /**
   * Where the keyword expansion of the profile's current generation stands: `stored` (with the
   * derived keywords), `failed` (the worker reported why), or `pending`; `problem` carries the
   * worker's report, also when keywords were stored without AI because AI failed.
   */
  async function keywordExpansion(userId: string, generation: number): Promise<TKeywordExpansion> {
    const [derived, problem] = await Promise.all([
      deps.repo.derivedKeywords(userId),
      deps.keywordExpansions.forGeneration(userId, generation),
    ]);
    const stored = derived?.generation === generation;
    return {
      generation,
      status: stored ? "stored" : problem?.kind === "failed" ? "failed" : "pending",
      keywords: stored ? derived.keywords : [],
      problem: problem
        ? { kind: problem.kind, message: problem.message, reported_at: problem.reported_at.toISOString() }
        : null,
    };
  }

  async function profile(userId: string): Promise<TAccount> {
    const user = await deps.users.findById(userId);
    if (!user) throw notFound("User");
    const [domains, handles] = await Promise.all([
      deps.repo.ownedDomains(userId),
      deps.repo.socialHandles(userId),
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
      slack_webhook_url: user.slack_webhook_url,
      teams_webhook_url: user.teams_webhook_url,
      intel: { min_severity: user.intel_min_severity, tlp: user.intel_tlp },
      has_logo: Boolean(user.logo_key),
      // Nothing was ever saved at generation 0, so nothing is expanding.
      keyword_expansion:
        user.keyword_generation > 0 ? await keywordExpansion(userId, user.keyword_generation) : null,
      owned_domains: domains.map(presentDomain),
      social_handles: handles.map(presentHandle),
    };
  }

  return {
    profile,

    async updateProfile(userId: string, raw: TAccountUpdateInput): Promise<TAccount> {
      const input = ZAccountUpdate.parse(raw);
      await deps.guards.beforeProfileSave(userId, input);
      const jobs: Enqueue[] = [];
      await deps.db.transaction(async (tx) => {
        const user = await deps.users.lockUser(tx, userId);
        if (!user) throw notFound("User");
        await deps.repo.saveBrandFields(tx, userId, {
          brand_name: input.brand_name,
          brand_names: [...new Set(input.brand_names)],
          keywords: normaliseKeywords(input.keywords),
          webhook_url: input.webhook_url,
          webhook_secret: user.webhook_secret ?? newWebhookSecret(),
          slack_webhook_url: input.slack_webhook_url,
          teams_webhook_url: input.teams_webhook_url,
          intel_min_severity: input.intel.min_severity,
          intel_tlp: input.intel.tlp,
        });

        const wantedDomains = [...new Set(input.owned_domains)];
        const existing = await deps.repo.ownedDomains(userId, tx);
        await deps.repo.removeOwnedDomains(
          tx,
          existing.filter((d) => !wantedDomains.includes(d.domain)).map((d) => d.id),
        );
        const fresh = wantedDomains.filter((d) => !existing.some((e) => e.domain === d));
        for (const r of await deps.repo.addOwnedDomains(tx, userId, fresh)) jobs.push(enrichDomain(r));

        const key = (h: { platform: string; handle: string }) => `${h.platform}:${h.handle.toLowerCase()}`;
        const wantedHandles = new Map(input.social_handles.map((h) => [key(h), h]));
        const handles = await deps.repo.socialHandles(userId, tx);
        await deps.repo.removeSocialHandles(
          tx,
          handles.filter((h) => !wantedHandles.has(key(h))).map((h) => h.id),
        );
        // A handle whose spelling changed only in case is the same account on most platforms, but
        // not on all, and its profile was fetched under the old spelling: keep the new spelling
        // and enrich it again under a new generation (the older result becomes stale).
        for (const e of handles) {
          const wanted = wantedHandles.get(key(e));
          if (!wanted || wanted.handle === e.handle) continue;
          const row = await deps.repo.respellSocialHandle(tx, e.id, wanted.handle);
          if (row) jobs.push(enrichHandle(row));
        }
        const newHandles = [...wantedHandles.values()].filter((h) => !handles.some((e) => key(e) === key(h)));
        for (const r of await deps.repo.addSocialHandles(tx, userId, newHandles)) jobs.push(enrichHandle(r));
      });
      for (const job of jobs) await deps.queue.enqueue(job.name, job.payload, { jobId: job.jobId });
      // One waiting expansion per user: it reads the latest profile when it runs.
      await deps.queue.enqueue(
        EXPAND_KEYWORDS_JOB,
        { user_id: userId },
        { jobId: `expand-keywords-${userId}` },
      );
      return profile(userId);
    },

    /** Re-runs a domain's enrichment under a new generation (older results become stale). */
    async reenrichDomain(userId: string, ownedDomainId: string): Promise<TOwnedDomainState> {
      await deps.guards.beforeReenrich(userId);
      const row = await deps.repo.nextDomainGeneration(userId, ownedDomainId);
      if (!row) throw notFound("Owned domain");
      const job = enrichDomain(row);
      await deps.queue.enqueue(job.name, job.payload, { jobId: job.jobId });
      return presentDomain(row);
    },

    /** Accepts an uploaded logo (PNG, JPEG or sanitised SVG, 422 otherwise) and stores it as the user's. */
    async uploadLogo(userId: string, bytes: Buffer) {
      const logo = await acceptLogo(bytes);
      const key = await deps.blobs.put(logo.data);
      if (!(await deps.repo.setLogo(userId, { key, contentType: logo.contentType }))) throw notFound("User");
      return { logo_url: `/media/logos/${userId}`, content_type: logo.contentType };
    },
  };
}

export type BrandProfileService = ReturnType<typeof createBrandProfileService>;
