import type { TLifecycleState, TObservation, TTrackedLookalike } from "@brandwarden/contract/monitoring";
import type { TChangesView, TTimeToDetectView } from "@brandwarden/contract/browser/monitoring";
import { DETECTION_SOURCES } from "@brandwarden/contract/detection-words";
import type { TLabel, TSeverity } from "@brandwarden/contract/common";
import { invalid, notFound } from "@brandwarden/platform/http/app-error";
import type { Db, DbOrTx } from "../../db/client.ts";
import { presentDomainFinding, presentSocialFinding } from "../findings/findings.presenter.ts";
import { ownedBy } from "../sessions/actor.ts";
import { domainFacts, nextState, type LookFacts } from "./lifecycle.ts";
import { maliciousBecause } from "./malicious-evidence.ts";
import type { ScanChangesRepository } from "./scan-changes.repository.ts";
import { applyLook, domainEvidenceOf, trackedNameOf } from "./tracking.ts";
import { LOOKALIKES_PAGE_SIZE, type TrackingRepository } from "./tracking.repository.ts";
import { detectionOf } from "./time-to-detect.ts";
import type { TimeToDetectRepository } from "./time-to-detect.repository.ts";
import type { ObservationRow, TrackedRow } from "../../db/rows.ts";
import type { UsersService } from "../users/users.service.ts";
import { cycleView } from "./watch-cycle.ts";

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** A labelled finding, domain or social: what names its tracked lookalike. */
type LabelledFinding = { id: string } & ({ domain: string } | { platform: string; handle: string });

/** Takedown states follow the site, not an analyst's verdict (as `confirm` keeps them). */
const followsTakedown = (s: TLifecycleState) => s === "takedown_requested" || s === "down";

/**
 * Where an analyst's label on one of its findings puts a tracked lookalike: `confirmed` makes it
 * malicious, as `confirm` does. `benign` withdraws a confirmation: a malicious lookalike goes back
 * to what its latest evidence says (live or registered) unless that evidence still proves it
 * malicious (a threat feed, a credential form on a clone). Other states stay.
 */
function stateAfterLabel(t: TrackedRow, label: TLabel): TLifecycleState {
  if (followsTakedown(t.state)) return t.state;
  if (label === "confirmed") return "malicious";
  if (t.state !== "malicious") return t.state;
  const evidence = { ...t.evidence, label };
  const malicious = maliciousBecause(evidence) !== null;
  const facts: LookFacts =
    t.kind === "domain"
      ? domainFacts({ ...evidence, malicious })
      : { present: true, reachable: true, live: true, malicious };
  // A malicious lookalike was up when last seen: only its evidence decides what it is now.
  return facts.present ? nextState(null, facts) : t.state;
}

function presentTracked(t: TrackedRow, pinned = false): TTrackedLookalike {
  return {
    id: t.id,
    kind: t.kind,
    name: t.name,
    domain: t.kind === "domain" ? t.name : null,
    platform: t.platform,
    handle: t.handle,
    state: t.state,
    discovered_by: t.discovered_by,
    first_seen_at: t.first_seen_at.toISOString(),
    registered_at: iso(t.registered_at),
    cert_first_seen_at: iso(t.cert_first_seen_at),
    last_seen_at: iso(t.last_seen_at),
    last_checked_at: iso(t.last_checked_at),
    state_changed_at: t.state_changed_at.toISOString(),
    score: t.score,
    severity: (t.severity as TSeverity | null) ?? null,
    last_scan_id: t.last_scan_id,
    last_finding_id: t.last_finding_id,
    takedown_requested_at: iso(t.takedown_requested_at),
    down_at: iso(t.down_at),
    reemerged_at: iso(t.reemerged_at),
    pinned,
    link: `/lookalikes/${t.id}`,
  };
}

function presentObservation(o: ObservationRow): TObservation {
  return {
    id: o.id,
    at: o.at.toISOString(),
    source: o.source as TObservation["source"],
    event: o.event as TObservation["event"],
    state: o.state,
    scan_id: o.scan_id,
    finding_id: o.finding_id,
    changes: o.changes,
    note: o.note,
  };
}

/**
 * What analysts see and do with tracked lookalikes: the list by lifecycle state, one lookalike
 * with its timeline (from its page or from any of its findings), pins for the watch, "takedown
 * sent" and "confirmed malicious".
 */
/** Names one user may pin for the watch (each is a DNS look every round, for as long as it stays). */
const MAX_PINS_PER_USER = 200;

export function createLookalikesService(deps: {
  db: Db;
  tracking: TrackingRepository;
  changes: ScanChangesRepository;
  timeToDetect: TimeToDetectRepository;
  users: Pick<UsersService, "lockUser">;
}) {
  async function timelineOf(t: TrackedRow | null) {
    return t ? (await deps.tracking.timeline(t.id)).map(presentObservation) : [];
  }
  async function pinnedOf(t: TrackedRow) {
    return t.kind === "domain" && (await deps.tracking.pinnedNames(t.user_id, [t.name])).has(t.name);
  }

  /** The user's finding, 404 for anyone else's. */
  const own = <T extends { user_id: string }>(userId: string, row: T | null): T =>
    ownedBy({ userId }, row, "Finding");

  /**
   * Writes an analyst's move of a tracked lookalike and its timeline entry, in `tx` or a
   * transaction of its own; `evidence` replaces the stored evidence (a new label).
   */
  async function analystMove(
    t: TrackedRow,
    state: TLifecycleState,
    event: "takedown_requested" | "confirmed_malicious" | "state_changed",
    note: string | null,
    findingId: string | null,
    opts: { tx?: DbOrTx; evidence?: Record<string, unknown> } = {},
  ) {
    const at = new Date();
    const write = async (tx: DbOrTx) => {
      const [row] = await deps.tracking.upsert(
        [
          {
            ...t,
            state,
            evidence: opts.evidence ?? t.evidence,
            state_changed_at: t.state === state ? t.state_changed_at : at,
            takedown_requested_at: event === "takedown_requested" ? at : t.takedown_requested_at,
          },
        ],
        tx,
      );
      await deps.tracking.addObservations(
        [
          {
            tracked_id: row!.id,
            user_id: t.user_id,
            at,
            source: "analyst",
            event,
            state,
            finding_id: findingId,
            changes: [],
            note,
          },
        ],
        tx,
      );
      return row!;
    };
    return opts.tx ? write(opts.tx) : deps.db.transaction(write);
  }

  return {
    async list(
      userId: string,
      q: { page: number; state?: TLifecycleState; kind?: "domain" | "social"; q?: string },
    ) {
      const { rows, total, byState } = await deps.tracking.page(userId, q);
      const pinned = await deps.tracking.pinnedNames(
        userId,
        rows.filter((r) => r.kind === "domain").map((r) => r.name),
      );
      return {
        lookalikes: rows.map((r) => presentTracked(r, pinned.has(r.name))),
        page: q.page,
        per_page: LOOKALIKES_PAGE_SIZE,
        total,
        by_state: Object.fromEntries(byState.map((s) => [s.state, s.n])),
      };
    },
    async detail(userId: string, id: string) {
      const t = await deps.tracking.byId(userId, id);
      if (!t) throw notFound("Lookalike");
      const finding =
        t.last_finding_id && t.kind === "domain"
          ? await deps.changes.domainFinding(t.last_finding_id)
          : t.last_finding_id
            ? await deps.changes.socialFinding(t.last_finding_id)
            : null;
      return {
        lookalike: presentTracked(t, await pinnedOf(t)),
        evidence: t.evidence,
        finding: finding && finding.user_id === userId ? presentAny(finding) : null,
        timeline: await timelineOf(t),
        detection: detectionOf(t, await deps.timeToDetect.monitoringStart(userId)),
      };
    },
    /** The median time from registration to detection per first-seen source, every source listed. */
    async timeToDetect(userId: string): Promise<TTimeToDetectView> {
      const measured = new Map((await deps.timeToDetect.bySource(userId)).map((s) => [s.source, s]));
      const empty = (source: string) => ({
        source,
        detected: 0,
        median_ms: null,
        pre_existing: 0,
        unknown: 0,
      });
      const known: string[] = [...DETECTION_SOURCES];
      return {
        sources: [
          ...known.map((s) => measured.get(s) ?? empty(s)),
          ...[...measured.values()].filter((s) => !known.includes(s.source)),
        ],
      };
    },
    /** A finding of a scan with its change since the previous scan, and its lookalike's timeline. */
    async forFinding(userId: string, findingId: string, kind: "domain" | "social") {
      const f =
        kind === "domain"
          ? own(userId, await deps.changes.domainFinding(findingId))
          : own(userId, await deps.changes.socialFinding(findingId));
      const name = trackedNameOf(f);
      const t = (await deps.tracking.byNames(userId, kind, [name])).get(name) ?? null;
      return {
        finding: presentAny(f),
        lookalike: t ? presentTracked(t, await pinnedOf(t)) : null,
        timeline: await timelineOf(t),
      };
    },
    /** "Takedown sent": the watch now checks the site and records when it goes down. */
    async takedownSent(userId: string, findingId: string, note: string | null) {
      const f = own(userId, await deps.changes.domainFinding(findingId));
      let t = (await deps.tracking.byNames(userId, "domain", [f.domain])).get(f.domain) ?? null;
      if (!t) {
        // A finding from before monitoring: it becomes tracked now.
        const look = applyLook(null, {
          userId,
          kind: "domain",
          name: f.domain,
          source: "scan",
          at: new Date(),
          facts: domainFacts({ ...f, malicious: maliciousBecause(f) !== null }),
          evidence: domainEvidenceOf(f),
          changes: [],
          scanId: f.scan_id,
          findingId: f.id,
        });
        t = (await deps.tracking.upsert([look.row]))[0] ?? null;
      }
      const moved = await analystMove(t!, "takedown_requested", "takedown_requested", note, f.id);
      return { lookalike: presentTracked(moved, await pinnedOf(moved)) };
    },
    async confirm(userId: string, id: string, note: string | null) {
      const t = await deps.tracking.byId(userId, id);
      if (!t) throw notFound("Lookalike");
      const keep = t.state === "takedown_requested" || t.state === "down";
      const moved = await analystMove(t, keep ? t.state : "malicious", "confirmed_malicious", note, null);
      return { lookalike: presentTracked(moved, await pinnedOf(moved)) };
    },
    /**
     * An analyst labelled findings (triage, the findings table): their tracked lookalikes move at
     * once, in the labelling transaction `tx`, as `stateAfterLabel` says, with a timeline entry
     * (`confirmed_malicious`, or `state_changed` when a confirmation is withdrawn); the label joins
     * their evidence so the watch judges them by it too. Findings whose lookalike is not tracked
     * yet (a scan still running) move when their scan completes, which reads the label then.
     */
    async findingsLabelled(
      tx: DbOrTx,
      c: {
        userId: string;
        kind: "domain" | "social";
        findings: readonly LabelledFinding[];
        label: TLabel;
        reason: string | null;
      },
    ): Promise<void> {
      const findingOf = new Map<string, string>();
      for (const f of c.findings) if (!findingOf.has(trackedNameOf(f))) findingOf.set(trackedNameOf(f), f.id);
      const tracked = await deps.tracking.byNames(c.userId, c.kind, [...findingOf.keys()], tx);
      for (const [name, t] of tracked) {
        const state = stateAfterLabel(t, c.label);
        const newlyConfirmed = c.label === "confirmed" && t.evidence.label !== "confirmed";
        if (state === t.state && !newlyConfirmed) {
          if (t.evidence.label !== c.label)
            await deps.tracking.upsert([{ ...t, evidence: { ...t.evidence, label: c.label } }], tx);
          continue;
        }
        const event = c.label === "confirmed" ? "confirmed_malicious" : "state_changed";
        const note =
          c.reason ?? (c.label === "confirmed" ? "confirmed by an analyst" : "labelled benign by an analyst");
        await analystMove(t, state, event, note, findingOf.get(name)!, {
          tx,
          evidence: { ...t.evidence, label: c.label },
        });
      }
    },
    pins: async (userId: string) =>
      (await deps.tracking.pins(userId)).map((p) => ({
        domain: p.domain,
        note: p.note,
        created_at: p.created_at.toISOString(),
      })),
    /** Pins a name (or rewrites its note); 422 past `MAX_PINS_PER_USER` (the user row lock keeps the count exact). */
    async pin(userId: string, domain: string, note: string | null) {
      const p = await deps.db.transaction(async (tx) => {
        await deps.users.lockUser(tx, userId);
        if ((await deps.tracking.otherPinCount(userId, domain, tx)) >= MAX_PINS_PER_USER)
          throw invalid(`At most ${MAX_PINS_PER_USER} names can be pinned; unpin one first`);
        return deps.tracking.addPin(userId, domain, note, tx);
      });
      return { domain: p.domain, note: p.note, created_at: p.created_at.toISOString() };
    },
    async unpin(userId: string, domain: string) {
      if (!(await deps.tracking.removePin(userId, domain))) throw notFound("Pin");
    },
    /**
     * "What changed since the last scan": counts per change and the findings that moved (the
     * caller has checked the scan is the user's); nothing when the user has no scan yet.
     */
    async changesOf(scanId: string | null, limit = 50): Promise<TChangesView> {
      if (!scanId)
        return {
          scan_id: null,
          computed: false,
          previous_scan_id: null,
          counts: null,
          social_counts: null,
          findings: [],
          social_findings: [],
        };
      const summary = await deps.changes.find(scanId);
      const [domain, social] = await Promise.all([
        deps.changes.movedDomain(scanId, limit),
        deps.changes.movedSocial(scanId, limit),
      ]);
      return {
        scan_id: scanId,
        computed: summary !== null,
        previous_scan_id: summary?.previous_scan_id ?? null,
        counts: summary?.counts ?? null,
        social_counts: summary?.social_counts ?? null,
        findings: domain.map((f) => presentDomainFinding(f)),
        social_findings: social.map((f) => presentSocialFinding(f)),
      };
    },
    /** Where the watch's full cycle stands, from the last completed round. */
    async watchCycle(userId: string) {
      return cycleView(await deps.tracking.lastCompletedRound(userId));
    },
    async lastWatch(userId: string) {
      const r = await deps.tracking.lastRound(userId);
      return r
        ? {
            id: r.id,
            status: r.status,
            error: r.error,
            stats: r.stats,
            started_at: r.started_at.toISOString(),
            finished_at: iso(r.finished_at),
          }
        : null;
    },
  };
}

function presentAny(
  f: Parameters<typeof presentDomainFinding>[0] | Parameters<typeof presentSocialFinding>[0],
) {
  return "domain" in f ? presentDomainFinding(f) : presentSocialFinding(f);
}

export type LookalikesService = ReturnType<typeof createLookalikesService>;
