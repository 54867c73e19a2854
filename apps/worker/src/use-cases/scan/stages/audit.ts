import { DEFAULT_AUDIT_CONFIG, type TAuditConfig } from "@brandwarden/contract/settings";
import type { TAuditVerdict } from "@brandwarden/contract/audit";
import type { TBrandContext } from "@brandwarden/contract/brand";
import { auditFindings, byAuditPriority, selectForAudit, type AuditItem } from "../ai-audit.ts";
import type { AiSettings } from "../../../ports/llm/ai-settings.ts";
import { createTokenBudget } from "../../../ports/llm/budget.ts";
import { auditPages } from "../../../ports/web-api/load-snapshot.ts";
import type { AiApi, AuditApi } from "../../../ports/web-api/web-api.port.ts";
import { throwIfCancelled, type StageContext, type StageDef } from "../stage.ts";

export interface AuditStageDeps {
  /** The web app's internal API; null when the scan runs without it (the CLI): the stage is skipped. */
  web: (AuditApi & Pick<AiApi, "getAuditConfig" | "putAudit">) | null;
  ai: AiSettings | null;
  /** How long to wait for the web app to have stored this scan's scores (default 20 s). */
  waitForFindingsMs?: number;
  /** Verdicts per `PUT /v1/scans/:id/audit` (default 25). */
  batchSize?: number;
}

/** What the stage checkpoints: the verdicts persisted. */
type AuditedEntry = Pick<TAuditVerdict, "kind" | "finding_id" | "verdict" | "confidence" | "adjustment">;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The findings with their ids come from the web app (the worker only knows domains), read page by
 * page with images by reference: only the items to review are kept. The scores reach the web app
 * over the event stream, so this waits (briefly) until it has stored them.
 */
async function loadItems(
  deps: AuditStageDeps,
  ctx: StageContext,
  threshold: TAuditConfig["threshold"],
): Promise<{ brand: TBrandContext; items: AuditItem[] }> {
  const web = deps.web!;
  const expected = Object.keys(ctx.data.scored ?? {});
  const deadline = Date.now() + (deps.waitForFindingsMs ?? 20_000);
  for (;;) {
    let brand: TBrandContext | null = null;
    const items: AuditItem[] = [];
    const scored = new Set<string>();
    for await (const page of auditPages(web, ctx.scanId)) {
      brand ??= page.brand;
      for (const f of page.findings) if (f.score !== null && expected.length) scored.add(f.domain);
      items.push(...selectForAudit(page, threshold));
    }
    const result = { brand: brand!, items: items.sort(byAuditPriority) };
    const missing = expected.filter((d) => !scored.has(d)).length;
    if (missing === 0) return result;
    if (Date.now() >= deadline) {
      await ctx.log(
        "warn",
        `${missing} scored findings not stored yet; auditing the others`,
        "audit_partial",
      );
      return result;
    }
    throwIfCancelled(ctx.signal);
    await sleep(1_000);
  }
}

/**
 * `audit`: an LLM reviews findings at or above the audit threshold; verdicts, confidences and
 * (range-checked) score adjustments are stored with `PUT /v1/scans/:id/audit`, which recomputes
 * `adjusted_score`. Findings whose review fails stay unaudited, with a warning; the scan completes.
 * Skipped, with the reason, when AI is not configured or disabled.
 */
export function auditStage(deps: AuditStageDeps): StageDef {
  return {
    name: "audit",
    output: "audited",
    async run(ctx) {
      if (!deps.web || !deps.ai) return { skipped: "AI audit needs the web application" };
      const ai = await deps.ai.current();
      if (!ai.on) return { skipped: ai.reason };
      let config: TAuditConfig = DEFAULT_AUDIT_CONFIG;
      try {
        config = await deps.web.getAuditConfig();
      } catch (err) {
        await ctx.log("warn", `audit configuration unavailable, using defaults: ${(err as Error).message}`);
      }
      const { brand, items } = await loadItems(deps, ctx, config.threshold);
      ctx.progress(0, items.length);
      if (items.length === 0) {
        ctx.data.audited = [];
        await ctx.log("info", `no findings at or above ${config.threshold} to audit`);
        return;
      }

      const web = deps.web;
      const batchSize = deps.batchSize ?? 25;
      const stored: AuditedEntry[] = [];
      const rejected: string[] = [];
      let buffer: TAuditVerdict[] = [];
      let chain: Promise<void> = Promise.resolve();
      const flush = () => {
        const batch = buffer;
        buffer = [];
        if (!batch.length) return chain;
        chain = chain.then(async () => {
          try {
            await web.putAudit(ctx.scanId, { verdicts: batch });
            stored.push(
              ...batch.map(({ kind, finding_id, verdict, confidence, adjustment }) => ({
                kind,
                finding_id,
                verdict,
                confidence,
                adjustment,
              })),
            );
          } catch (err) {
            rejected.push(`${batch.length} verdicts not stored: ${(err as Error).message}`);
          }
        });
        return chain;
      };

      const started = performance.now();
      const result = await auditFindings(items, {
        provider: ai.provider,
        budget: createTokenBudget(ai.maxTokensPerScan),
        concurrency: ai.concurrency,
        config,
        brand,
        signal: ctx.signal,
        ...(web.getImage ? { loadImage: (ref: string) => web.getImage!(ref) } : {}),
        onSettled(done, verdict) {
          ctx.progress(done, items.length);
          if (verdict) buffer.push(verdict);
          if (buffer.length >= batchSize) void flush();
        },
      }).catch((err: unknown) => {
        throwIfCancelled(ctx.signal);
        throw err;
      });
      await flush();
      throwIfCancelled(ctx.signal);
      ctx.data.audited = stored;

      for (const c of result.clamped) {
        await ctx.log(
          "warn",
          `model proposed adjustment ${c.proposed} for ${c.name}, outside [${config.adjustment_min}, ${config.adjustment_max}]; applied ${c.applied}`,
          "ai_adjustment_clamped",
        );
      }
      for (const r of rejected) await ctx.log("warn", r, "ai_audit_not_stored");
      if (result.failures.length) {
        const byKind = new Map<string, number>();
        for (const f of result.failures) byKind.set(f.kind, (byKind.get(f.kind) ?? 0) + 1);
        const kinds = [...byKind].map(([k, n]) => `${n} ${k}`).join(", ");
        const example = result.failures[0]!;
        await ctx.log(
          "warn",
          `${result.failures.length} of ${items.length} findings left unaudited (${kinds}); e.g. ${example.name}: ${example.message}`,
          "ai_audit_incomplete",
        );
      }
      const seconds = (performance.now() - started) / 1000;
      ctx.logger.info(
        {
          scan_id: ctx.scanId,
          reviewed: items.length,
          stored: stored.length,
          failed: result.failures.length,
          repaired: result.repaired,
          seconds: Math.round(seconds * 100) / 100,
        },
        "ai audit done",
      );
      await ctx.log("info", `audited ${stored.length} of ${items.length} findings with ${ai.provider.model}`);
    },
  };
}
