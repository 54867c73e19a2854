import { hashSimilarity } from "@brandwarden/platform/images/perceptual-hash";
import {
  emptyChangeCounts,
  type TChangeCounts,
  type TChangeKind,
  type TFieldChange,
} from "@brandwarden/contract/monitoring";
import type { DbOrTx } from "../../db/client.ts";
import type { AlertsService } from "../alerts/alerts.service.ts";
import { findingsChangedAlert, type ChangedItem } from "./alert-builders.ts";
import { bandOf, diffDomainEvidence, diffSocialEvidence, type DomainEvidence } from "./finding-diff.ts";
import { domainFacts, type LookFacts } from "./lifecycle.ts";
import { maliciousBecause } from "./malicious-evidence.ts";
import { loadPageComparer, type PageComparer } from "./page-similarity.ts";
import type { DomainFindingInsert, FindingChange, ScanChangesRepository } from "./scan-changes.repository.ts";
import { applyLook, domainEvidenceOf, socialEvidenceOf, trackedNameOf, type Look } from "./tracking.ts";
import type { TrackingRepository } from "./tracking.repository.ts";
import type { AlertRow, DomainFindingRow, ScanRow, SocialFindingRow, TrackedRow } from "../../db/rows.ts";

/** Items a `findings.changed` alert lists (the counts cover all of them). */
const ALERT_ITEMS = 200;

const presentDomain = (r: DomainFindingRow) => r.resolve_status === "registered";
const presentSocial = (r: SocialFindingRow) => r.status === "found";
const socialName = (r: { platform: string; handle: string }) => trackedNameOf(r);

interface Verdict {
  change: TChangeKind;
  changes: TFieldChange[];
}

/**
 * Change detection when a scan completes (in the transaction that completes it): every finding is
 * compared with the user's previous completed scan (`new`, `changed`, `unchanged`, `reappeared`;
 * a lookalike registered then and not now is added to this scan as `gone`), gets `first_seen_at`,
 * and moves its tracked lookalike along its lifecycle. A scan with changes raises `findings.changed`
 * (not the first scan: everything is new there). Re-running it for the same scan gives the same result.
 */
/** How many earlier scans are searched for a platform the previous scans could not check. */
const LOOK_BACK_SCANS = 10;

/** Platforms a scan reported it could not check. */
function uncheckedPlatforms(scan: ScanRow): Set<string> {
  return new Set((scan.social_coverage ?? []).map((c) => c.platform));
}

export function createScanChangesService(deps: {
  repo: ScanChangesRepository;
  tracking: TrackingRepository;
  alerts: AlertsService;
}) {
  async function domainPass(scan: ScanRow, prev: ScanRow | null, cmp: PageComparer, at: Date, tx: DbOrTx) {
    const current = await deps.repo.domainRows(scan.id, tx);
    const previous = prev ? await deps.repo.domainRows(prev.id, tx) : [];
    const prevBy = new Map(previous.filter(presentDomain).map((r) => [r.domain, r]));
    // Looked at by the previous scan (registered or unknown), `gone` rows aside.
    const prevSeen = new Set(
      previous.filter((r) => r.resolve_status !== "unregistered").map((r) => r.domain),
    );
    const curBy = new Map(current.map((r) => [r.domain, r]));
    const names = [...new Set([...current.map((r) => r.domain), ...prevBy.keys()])];
    const tracked = await deps.tracking.byNames(scan.user_id, "domain", names, tx);

    const verdicts = new Map<string, Verdict>();
    for (const r of current) {
      if (r.resolve_status === "unregistered") continue; // a `gone` row of an earlier run: judged below
      const p = prevBy.get(r.domain);
      const t = tracked.get(r.domain);
      // Unknown (the lookup failed): no evidence of change either way.
      if (r.resolve_status !== "registered")
        verdicts.set(r.domain, { change: prevSeen.has(r.domain) ? "unchanged" : "new", changes: [] });
      else if (p) {
        const changes = diffDomainEvidence(p, r, cmp);
        verdicts.set(r.domain, { change: changes.length ? "changed" : "unchanged", changes });
      } else if (t?.last_scan_id) {
        // Seen registered by an earlier scan, absent from the previous one: it is back.
        const changes = diffDomainEvidence(t.evidence as DomainEvidence, r, cmp);
        verdicts.set(r.domain, {
          change: "reappeared",
          changes: [{ field: "resolve_status", before: "unregistered", after: "registered" }, ...changes],
        });
      } else verdicts.set(r.domain, { change: "new", changes: [] });
    }
    const goneRows: DomainFindingInsert[] = [];
    for (const [domain, p] of prevBy) {
      const now = curBy.get(domain);
      if (now && now.resolve_status !== "unregistered") continue;
      goneRows.push({
        scan_id: scan.id,
        user_id: scan.user_id,
        domain,
        domain_unicode: p.domain_unicode,
        original_domain: p.original_domain,
        fuzzer: p.fuzzer,
        fuzzers: p.fuzzers,
        discovered_by: p.discovered_by,
        registrable_domain: p.registrable_domain,
        resolve_status: "unregistered",
        dns_a: [],
        dns_aaaa: [],
        dns_mx: [],
        dns_ns: [],
        change: "gone",
        changes: [{ field: "resolve_status", before: "registered", after: "unregistered" }],
        first_seen_at: tracked.get(domain)?.first_seen_at ?? p.first_seen_at ?? p.created_at,
      });
    }
    const gone = await deps.repo.upsertGoneDomain(goneRows, tx);

    const updates: FindingChange[] = [];
    const looks: Array<{ prev: TrackedRow | null; look: Look }> = [];
    for (const r of current) {
      const v = verdicts.get(r.domain);
      if (!v) continue;
      const t = tracked.get(r.domain) ?? null;
      updates.push({ id: r.id, ...v, first_seen_at: t?.first_seen_at ?? at });
      if (r.resolve_status !== "registered") continue;
      const facts = domainFacts({ ...r, malicious: maliciousBecause(r) !== null });
      looks.push({ prev: t, look: domainLook(scan, r, facts, v.changes, at) });
    }
    for (const g of gone) {
      const gonePrev = prevBy.get(g.domain)!;
      const facts: LookFacts = { present: false, reachable: null, live: false, malicious: false };
      looks.push({
        prev: tracked.get(g.domain) ?? null,
        look: {
          ...domainLook(scan, g, facts, g.changes ?? [], at),
          evidence: { ...domainEvidenceOf(gonePrev), resolve_status: "unregistered" },
        },
      });
    }
    await deps.repo.writeDomainChanges(updates, tx);
    const trackedIds = await saveLooks(looks, tx);

    const counts = emptyChangeCounts();
    const items: ChangedItem[] = [];
    for (const u of updates) counts[u.change]++;
    counts.gone = gone.length;
    const byId = new Map(current.map((r) => [r.id, r]));
    for (const u of updates) {
      if (u.change === "unchanged") continue;
      const r = byId.get(u.id)!;
      items.push(item("domain", r, r.domain, u.change, u.changes));
    }
    for (const g of gone) items.push(item("domain", g, g.domain, "gone", g.changes ?? []));
    return { counts, items, trackedIds };
  }

  /** What a scan's finding of either kind tells the tracking: who, when, from which finding. */
  function scanLook(
    scan: ScanRow,
    findingId: string,
    facts: LookFacts,
    changes: TFieldChange[],
    at: Date,
  ): Omit<Look, "kind" | "name" | "evidence"> {
    return { userId: scan.user_id, source: "scan", at, facts, changes, scanId: scan.id, findingId };
  }

  function domainLook(
    scan: ScanRow,
    r: DomainFindingRow,
    facts: LookFacts,
    changes: TFieldChange[],
    at: Date,
  ): Look {
    return {
      ...scanLook(scan, r.id, facts, changes, at),
      kind: "domain",
      name: r.domain,
      evidence: domainEvidenceOf(r),
      note: facts.malicious ? maliciousBecause(r) : null,
    };
  }

  /**
   * The previous scan's social rows; for a platform that scan could not (wholly) check (login
   * wall, spent rate limit, down), also the rows of the last earlier scan that did, for handles
   * the previous scan has no row for: not being able to look says nothing of what was seen before.
   */
  async function previousSocialRows(prev: ScanRow | null, tx: DbOrTx): Promise<SocialFindingRow[]> {
    if (!prev) return [];
    const rows = await deps.repo.socialRows(prev.id, tx);
    let pending = uncheckedPlatforms(prev);
    let from = prev;
    for (let hop = 0; pending.size > 0 && hop < LOOK_BACK_SCANS; hop++) {
      const earlier = await deps.repo.previousCompleted(from, tx);
      if (!earlier) break;
      const unchecked = uncheckedPlatforms(earlier);
      const found = await deps.repo.socialRows(earlier.id, tx);
      const seen = new Set(rows.map(socialName));
      rows.push(
        ...found.filter(
          (r) => pending.has(r.platform) && !unchecked.has(r.platform) && !seen.has(socialName(r)),
        ),
      );
      pending = new Set([...pending].filter((p) => unchecked.has(p)));
      from = earlier;
    }
    return rows;
  }

  async function socialPass(scan: ScanRow, prev: ScanRow | null, at: Date, tx: DbOrTx) {
    const current = await deps.repo.socialRows(scan.id, tx);
    const previous = await previousSocialRows(prev, tx);
    const prevBy = new Map(previous.filter(presentSocial).map((r) => [socialName(r), r]));
    // Looked at by the previous scan (found or unknown), as for domains.
    const prevSeen = new Set(previous.filter((r) => r.status !== "missing").map(socialName));
    const curBy = new Map(current.map((r) => [socialName(r), r]));
    const tracked = await deps.tracking.byNames(
      scan.user_id,
      "social",
      [...new Set([...curBy.keys(), ...prevBy.keys()])],
      tx,
    );
    const updates: FindingChange[] = [];
    const looks: Array<{ prev: TrackedRow | null; look: Look }> = [];
    const items: ChangedItem[] = [];
    const counts = emptyChangeCounts();
    for (const r of current) {
      const name = socialName(r);
      if (r.change === "gone" && !presentSocial(r)) continue;
      const p = prevBy.get(name);
      const t = tracked.get(name) ?? null;
      let v: Verdict;
      if (!presentSocial(r)) {
        if (p && r.status === "missing") continue; // found before, missing now: gone, below
        // Unknown (the platform could not tell): no evidence of change either way; new when no
        // scan has looked at it before, as for domains.
        v = { change: prevSeen.has(name) || t?.last_scan_id ? "unchanged" : "new", changes: [] };
      } else if (p) {
        const changes = diffSocialEvidence(p, r, hashSimilarity);
        v = { change: changes.length ? "changed" : "unchanged", changes };
      } else if (t?.last_scan_id)
        v = { change: "reappeared", changes: [{ field: "status", before: "missing", after: "found" }] };
      else v = { change: "new", changes: [] };
      updates.push({ id: r.id, ...v, first_seen_at: t?.first_seen_at ?? at });
      counts[v.change]++;
      if (v.change !== "unchanged") items.push(item("social", r, name, v.change, v.changes));
      if (!presentSocial(r)) continue;
      const facts: LookFacts = {
        present: true,
        reachable: true,
        live: true,
        malicious: maliciousBecause(r) !== null,
      };
      looks.push({ prev: t, look: socialLook(scan, r, facts, v.changes, at) });
    }
    // A platform this scan could not (wholly) check says nothing of the profiles it has no row
    // for: what it showed before is not gone (GitHub's 60 requests an hour, spent by the previous
    // scan, would otherwise "take down" every GitHub finding at the next).
    const unchecked = uncheckedPlatforms(scan);
    const goneRows = [...prevBy]
      .filter(([name, p]) => {
        const cur = curBy.get(name);
        return cur ? cur.status === "missing" : !unchecked.has(p.platform);
      })
      .map(([, p]) => ({
        scan_id: scan.id,
        user_id: scan.user_id,
        platform: p.platform,
        handle: p.handle,
        status: "missing",
        profile_url: p.profile_url,
        display_name: p.display_name,
        change: "gone" as const,
        changes: [{ field: "status", before: "found", after: "missing" }],
        first_seen_at: tracked.get(socialName(p))?.first_seen_at ?? p.created_at,
      }));
    const gone = await deps.repo.upsertGoneSocial(goneRows, tx);
    counts.gone = gone.length;
    for (const g of gone) {
      items.push(item("social", g, socialName(g), "gone", g.changes ?? []));
      const facts: LookFacts = { present: false, reachable: null, live: false, malicious: false };
      looks.push({
        prev: tracked.get(socialName(g)) ?? null,
        look: socialLook(scan, g, facts, g.changes ?? [], at),
      });
    }
    await deps.repo.writeSocialChanges(updates, tx);
    const trackedIds = await saveLooks(looks, tx);
    return { counts, items, trackedIds };
  }

  function socialLook(
    scan: ScanRow,
    r: SocialFindingRow,
    facts: LookFacts,
    changes: TFieldChange[],
    at: Date,
  ): Look {
    return {
      ...scanLook(scan, r.id, facts, changes, at),
      kind: "social",
      name: socialName(r),
      platform: r.platform,
      handle: r.handle,
      evidence: facts.present ? socialEvidenceOf(r) : null,
    };
  }

  /** Upserts the tracked lookalikes and their timeline entries; returns the ids by name. */
  async function saveLooks(looks: Array<{ prev: TrackedRow | null; look: Look }>, tx: DbOrTx) {
    const applied = looks.map(({ prev, look }) => applyLook(prev, look));
    const saved = await deps.tracking.upsert(
      applied.map((a) => a.row),
      tx,
    );
    const ids = new Map(saved.map((s) => [s.name, s.id]));
    await deps.tracking.addObservations(
      applied.flatMap((a) => (a.observation ? [{ ...a.observation, tracked_id: ids.get(a.row.name)! }] : [])),
      tx,
    );
    return ids;
  }

  function item(
    kind: "domain" | "social",
    r: {
      id: string;
      score: number | null;
      severity: string | null;
      adjusted_score: number | null;
      adjusted_severity: string | null;
    },
    name: string,
    change: TChangeKind,
    changes: TFieldChange[],
  ): ChangedItem {
    return {
      finding_id: r.id,
      kind,
      name,
      change,
      changes,
      severity: bandOf(r),
      score: r.adjusted_score ?? r.score,
      link: kind === "domain" ? `/findings/${r.id}` : `/findings/${r.id}?kind=social`,
    };
  }

  return {
    /**
     * Runs inside the transaction that completed `scan`; returns the alerts it recorded, to be
     * dispatched once that transaction committed.
     */
    async onScanCompleted(scan: ScanRow, tx: DbOrTx): Promise<AlertRow[]> {
      const at = scan.completed_at ?? new Date();
      const prev = await deps.repo.previousCompleted(scan, tx);
      const cmp = await loadPageComparer();
      const domain = await domainPass(scan, prev, cmp, at, tx);
      const social = await socialPass(scan, prev, at, tx);
      await deps.repo.save(
        {
          scan_id: scan.id,
          previous_scan_id: prev?.id ?? null,
          counts: domain.counts,
          social_counts: social.counts,
        },
        tx,
      );
      const moved = (c: TChangeCounts) => c.new + c.changed + c.reappeared + c.gone;
      if (!prev || moved(domain.counts) + moved(social.counts) === 0) return [];
      const order: TChangeKind[] = ["new", "reappeared", "changed", "gone"];
      const items = [...domain.items, ...social.items]
        .sort((a, b) => order.indexOf(a.change) - order.indexOf(b.change) || (b.score ?? 0) - (a.score ?? 0))
        .slice(0, ALERT_ITEMS);
      const alert = await deps.alerts.record(
        findingsChangedAlert({
          userId: scan.user_id,
          scanId: scan.id,
          previousScanId: prev.id,
          counts: domain.counts,
          socialCounts: social.counts,
          items,
        }),
        tx,
      );
      return alert ? [alert] : [];
    },
  };
}
