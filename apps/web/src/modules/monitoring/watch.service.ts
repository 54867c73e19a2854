import type { TFieldChange } from "@brandwarden/contract/monitoring";
import type {
  TWatchFingerprint,
  TWatchObservation,
  TWatchRequest,
  TWatchTracked,
  TWatchUpdateData,
} from "@brandwarden/contract/watch";
import type { Logger } from "@brandwarden/platform/logger/logger";
import type { Db } from "../../db/client.ts";
import type { WorkerClient } from "../../worker-client/worker-client.ts";
import type { AlertInput, AlertsService } from "../alerts/alerts.service.ts";
import type { BrandContextService } from "../brand-profile/brand-context.service.ts";
import { changedAlert, downAlert, reemergedAlert, registeredAlert } from "./alert-builders.ts";
import { diffDomainEvidence, type DomainEvidence } from "./finding-diff.ts";
import { contentWatched, type LookFacts } from "./lifecycle.ts";
import { maliciousBecause } from "./malicious-evidence.ts";
import { loadPageComparer, type PageComparer } from "./page-similarity.ts";
import { applyLook, domainEvidenceOf, type AppliedLook } from "./tracking.ts";
import { carryCycle, cyclePosition } from "./watch-cycle.ts";
import type { TrackingRepository } from "./tracking.repository.ts";
import type { TrackedRow } from "../../db/rows.ts";

/** A round with no end message after this long lost its worker; the next one may start. */
const STALE_ROUND_MS = 30 * 60 * 1000;
const PRESENT_STATES = new Set(["registered", "live", "malicious", "takedown_requested", "reemerged"]);

const fingerprintOf = (e: Record<string, unknown>): TWatchFingerprint => ({
  http_status: typeof e.http_status === "number" ? e.http_status : null,
  final_url: typeof e.final_url === "string" ? e.final_url : null,
  page_title: typeof e.page_title === "string" ? e.page_title : null,
  login_form: typeof e.login_form === "boolean" ? e.login_form : null,
  password_form: typeof e.password_form === "boolean" ? e.password_form : null,
  parked: typeof e.parked === "boolean" ? e.parked : null,
  html_hash: typeof e.html_hash === "string" ? e.html_hash : null,
});

/**
 * The watch between scans, web side: builds each user's watch list (the worker adds the
 * highest-risk unregistered permutations), dispatches rounds, and applies what comes back —
 * newly registered names join the tracked lookalikes, re-checked ones move along their lifecycle —
 * raising `lookalike.registered`, `lookalike.changed`, `lookalike.down` and `lookalike.reemerged`.
 */
export function createWatchService(deps: {
  db: Db;
  tracking: TrackingRepository;
  brandContext: Pick<BrandContextService, "scanBrand">;
  worker: WorkerClient;
  alerts: AlertsService;
  logger: Logger;
  /** Generated permutations per user and round (the worker's default when unset). */
  maxNames?: number;
  /** WATCH_INTERVAL and WATCH_FULL_CYCLE: every candidate checked once per full cycle, a slice per round (none when either is 0). */
  cycle?: { intervalMs: number; fullCycleMs: number };
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const cycle = deps.cycle && deps.cycle.intervalMs > 0 && deps.cycle.fullCycleMs > 0 ? deps.cycle : null;
  /** The request of one round, or null when the user has no owned domain. */
  async function buildRequest(userId: string, watchId: string): Promise<TWatchRequest | null> {
    const brand = await deps.brandContext.scanBrand(userId);
    if (!brand) return null;
    const [tracked, pins] = await Promise.all([deps.tracking.forWatch(userId), deps.tracking.pins(userId)]);
    if (!brand.owned_domains.length) return null;
    const watched: TWatchTracked[] = [];
    const skip: string[] = [];
    const unregistered: string[] = [];
    for (const t of tracked) {
      const parkedLive = t.state === "live" && t.evidence.parked === true;
      if (contentWatched(t.state) || t.state === "down" || parkedLive)
        watched.push({ domain: t.name, state: t.state, fingerprint: fingerprintOf(t.evidence) });
      else if (t.state === "unregistered") unregistered.push(t.name);
      else skip.push(t.name);
    }
    const known = new Set([...watched.map((w) => w.domain), ...skip]);
    const position = cycle
      ? cyclePosition(await deps.tracking.lastCompletedRound(userId), cycle, now())
      : null;
    return {
      watch_id: watchId,
      user_id: userId,
      brand_name: brand.brand_name,
      keywords: brand.keywords,
      owned_domains: brand.owned_domains,
      domain_profiles: brand.domain_profiles,
      pinned: pins.map((p) => p.domain).filter((d) => !known.has(d)),
      unregistered: unregistered.filter((d) => !pins.some((p) => p.domain === d)),
      tracked: watched.slice(0, 10_000),
      skip: skip.slice(0, 50_000),
      ...(deps.maxNames !== undefined ? { max_names: deps.maxNames } : {}),
      ...(cycle && position && { cycle: { ...position, interval_ms: cycle.intervalMs, full_cycle_ms: cycle.fullCycleMs } }), // prettier-ignore
    };
  }

  /** Starts a round for the user unless one is still running; returns its id, or null. */
  async function startRound(userId: string): Promise<string | null> {
    const running = await deps.tracking.runningRound(userId);
    if (running) {
      if (Date.now() - running.started_at.getTime() < STALE_ROUND_MS) return null;
      await deps.tracking.finishRound(running.id, {
        status: "failed",
        error: "the worker never finished the round",
      });
    }
    const round = await deps.tracking.startRound(userId);
    try {
      const request = await buildRequest(userId, round.id);
      if (!request) {
        await deps.tracking.finishRound(round.id, { status: "failed", error: "no owned domain to watch" });
        return null;
      }
      await deps.worker.watch(request);
      return round.id;
    } catch (err) {
      await deps.tracking.finishRound(round.id, {
        status: "failed",
        error: (err as Error).message.slice(0, 2000),
      });
      throw err;
    }
  }

  /** What a watch observation says about a lookalike, and what it brought. */
  function lookOf(o: TWatchObservation, t: TrackedRow | null, cmp: PageComparer) {
    const evidence = o.finding ? domainEvidenceOf(o.finding) : null;
    const present = o.resolve_status === "registered";
    const parked =
      o.fingerprint?.parked ??
      (evidence?.parked as boolean | undefined) ??
      (t?.evidence.parked as boolean | undefined);
    const malicious = evidence
      ? maliciousBecause({ ...evidence, label: (t?.evidence.label as string | undefined) ?? null }) !== null
      : t?.state === "malicious";
    const facts: LookFacts = {
      present,
      reachable: o.reachable,
      live: o.reachable === true && parked !== true,
      malicious,
    };
    let changes: TFieldChange[] = [];
    const before = t?.evidence as DomainEvidence | undefined;
    if (t && before && PRESENT_STATES.has(t.state) && present) {
      if (evidence) changes = diffDomainEvidence(before, evidence, cmp);
      else if (o.fingerprint && (before.http_status ?? null) !== o.fingerprint.http_status)
        changes = [
          { field: "http_status", before: before.http_status ?? null, after: o.fingerprint.http_status },
        ];
    }
    return {
      userId: t?.user_id ?? "",
      kind: "domain" as const,
      name: o.domain,
      source: "watch" as const,
      ...(o.source === "pinned" ? { firstSeenBy: "pinned" } : {}),
      at: new Date(o.checked_at),
      facts,
      evidence: evidence ?? (changes.length && o.fingerprint ? { ...t!.evidence, ...o.fingerprint } : null),
      changes,
      firstEvent: "registered" as const,
      note: o.kind === "registered" ? `registered (${o.source})` : null,
    };
  }

  /** The alerts one applied observation raises (none on a first round: it only sets the baseline). */
  function alertsFor(
    o: TWatchObservation,
    a: AppliedLook,
    t: TrackedRow,
    roundId: string,
    baseline: boolean,
  ): AlertInput[] {
    const { before, after } = a;
    if (!baseline) return [];
    if (after === "reemerged" && before === "down") return [reemergedAlert(t)];
    if (after === "down" && before === "takedown_requested")
      return [
        downAlert(
          t,
          o.resolve_status === "unregistered" ? "the name no longer resolves" : "its site no longer answers",
        ),
      ];
    if ((before === null || before === "unregistered") && PRESENT_STATES.has(after))
      return [registeredAlert(t, roundId, o.source)];
    const changes = a.observation?.changes ?? [];
    if (changes.length && after !== "down") return [changedAlert(t, changes, roundId)];
    return [];
  }

  return {
    buildRequest,
    startRound,
    /** The recurring job: a round for every user with an owned domain (one at a time per user). */
    async runDue(): Promise<string[]> {
      const started: string[] = [];
      for (const userId of await deps.tracking.watchedUserIds()) {
        try {
          const id = await startRound(userId);
          if (id) started.push(id);
        } catch (err) {
          deps.logger.warn({ user_id: userId, err: (err as Error).message }, "watch round not started");
        }
      }
      return started;
    },
    /** Handles `watch_update`: applies the observations, raises alerts, ends the round on `done`. */
    async applyUpdate(data: TWatchUpdateData): Promise<void> {
      const round = await deps.tracking.findRound(data.watch_id);
      if (!round || round.user_id !== data.user_id) {
        deps.logger.warn({ watch_id: data.watch_id }, "watch update for an unknown round dropped");
        return;
      }
      const observations = data.observations.filter((o) => o.resolve_status !== "unknown");
      if (observations.length) {
        const cmp = await loadPageComparer();
        const tracked = await deps.tracking.byNames(
          data.user_id,
          "domain",
          observations.map((o) => o.domain),
        );
        const applied = observations.map((o) => {
          const t = tracked.get(o.domain) ?? null;
          const look = { ...lookOf(o, t, cmp), userId: data.user_id };
          return { o, a: applyLook(t, look) };
        });
        const saved = await deps.db.transaction(async (tx) => {
          const rows = await deps.tracking.upsert(
            applied.map((x) => x.a.row),
            tx,
          );
          const byName = new Map(rows.map((r) => [r.name, r]));
          await deps.tracking.addObservations(
            applied.flatMap(({ a }) =>
              a.observation ? [{ ...a.observation, tracked_id: byName.get(a.row.name)!.id }] : [],
            ),
            tx,
          );
          return byName;
        });
        const baseline = await deps.tracking.hasBaseline(data.user_id, round.started_at);
        for (const { o, a } of applied)
          for (const alert of alertsFor(o, a, saved.get(o.domain)!, round.id, baseline))
            await deps.alerts.raise(alert);
      }
      await deps.tracking.touchChecked(data.user_id, "domain", data.unchanged);
      if (data.done) {
        let stats = data.stats as Record<string, number> | undefined;
        if (stats && !data.error && cycle)
          stats = carryCycle(stats, round, await deps.tracking.lastCompletedRound(data.user_id, round.started_at), cycle, now()); // prettier-ignore
        await deps.tracking.finishRound(round.id, {
          status: data.error ? "failed" : "completed",
          error: data.error ?? null,
          stats,
        });
      }
    },
  };
}

export type WatchService = ReturnType<typeof createWatchService>;
