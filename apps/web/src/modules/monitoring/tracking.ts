import type { TFieldChange, TLifecycleState } from "@brandwarden/contract/monitoring";
import { nextState, type LookFacts } from "./lifecycle.ts";
import type { ObservationInsert, TrackedInsert } from "./tracking.repository.ts";
import type { TrackedRow } from "../../db/rows.ts";

// One look at a lookalike (a scan's finding, a watch's check) applied to its tracked record
// (pure): the new row, and the timeline entry when something happened.

/** The score and the analyst's label, kept for both kinds of finding. */
const SCORE_EVIDENCE = ["score", "severity", "adjusted_score", "adjusted_severity", "label"] as const;

/** Finding fields kept as a tracked lookalike's latest evidence (what the next look is compared with). */
const DOMAIN_EVIDENCE = [
  "domain_unicode",
  "original_domain",
  "fuzzer",
  "discovered_by",
  "resolve_status",
  "registrar",
  "registration_created",
  "registration_expires",
  "privacy_protected",
  "dns_a",
  "dns_aaaa",
  "dns_mx",
  "dns_ns",
  "http_status",
  "final_url",
  "page_title",
  "login_form",
  "password_form",
  "brand_in_page",
  "html_hash",
  "html_similarity",
  "screenshot_hash",
  "screenshot_similarity",
  "parked",
  "redirects_to_brand",
  "tls_fingerprint",
  "tls_issuer",
  "tls_not_before",
  "asn_org",
  "ip_country",
  "threat_feed_hits",
  ...SCORE_EVIDENCE,
] as const;

const SOCIAL_EVIDENCE = [
  "status",
  "profile_url",
  "display_name",
  "bio",
  "followers",
  "verified",
  "links",
  "avatar_hash",
  ...SCORE_EVIDENCE,
] as const;

function pick(source: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = source[f];
    if (v === undefined) continue;
    out[f] = v instanceof Date ? v.toISOString() : v;
  }
  return out;
}

export const domainEvidenceOf = (f: object) => pick(f as Record<string, unknown>, DOMAIN_EVIDENCE);
export const socialEvidenceOf = (f: object) => pick(f as Record<string, unknown>, SOCIAL_EVIDENCE);

/** The name a finding's lookalike is tracked by: its domain, or `platform:handle` (handle lower-cased). */
export const trackedNameOf = (f: { domain: string } | { platform: string; handle: string }): string =>
  "domain" in f ? f.domain : `${f.platform}:${f.handle.toLowerCase()}`;

export interface Look {
  userId: string;
  kind: "domain" | "social";
  name: string;
  platform?: string | null;
  handle?: string | null;
  /** The timeline's source; also the first-seen source unless `firstSeenBy` says otherwise. */
  source: "scan" | "watch" | "ct" | "zone" | "nrd";
  /** The source recorded as first seeing it when that is finer than `source` (`pinned`). */
  firstSeenBy?: string;
  /** When a CT log logged its certificate (a CT discovery). */
  certLoggedAt?: Date | null;
  at: Date;
  facts: LookFacts;
  /** Evidence seen now; null when this look brought none (the previous evidence stays). */
  evidence: Record<string, unknown> | null;
  changes: TFieldChange[];
  scanId?: string | null;
  findingId?: string | null;
  /** Timeline event of a lookalike seen for the first time (default `first_seen`). */
  firstEvent?: ObservationInsert["event"];
  note?: string | null;
}

export interface AppliedLook {
  row: TrackedInsert;
  before: TLifecycleState | null;
  after: TLifecycleState;
  /** The timeline entry (without its tracked id), or null when nothing happened worth one. */
  observation: Omit<ObservationInsert, "tracked_id"> | null;
}

function eventOf(
  before: TLifecycleState | null,
  after: TLifecycleState,
  look: Look,
): ObservationInsert["event"] | null {
  if (before === null) return look.firstEvent ?? "first_seen";
  if (after === "down" && before !== "down") return look.source === "scan" ? "gone" : "down";
  if (after === "reemerged" && before !== "reemerged") return "reemerged";
  if (before === "unregistered" && after !== "unregistered") return "registered";
  if (look.changes.length) return "changed";
  if (before !== after) return after === "malicious" ? "confirmed_malicious" : "state_changed";
  return null;
}

const num = (v: unknown) => (typeof v === "number" ? v : null);
const dateOf = (v: unknown): Date | null => {
  const d = typeof v === "string" || v instanceof Date ? new Date(v) : null;
  return d && !Number.isNaN(d.getTime()) ? d : null;
};
const earliest = (...ds: Array<Date | null | undefined>): Date | null =>
  ds.reduce<Date | null>((min, d) => (d && (!min || d < min) ? d : min), null);
const str = (v: unknown) => (typeof v === "string" ? v : null);

export function applyLook(prev: TrackedRow | null, look: Look): AppliedLook {
  const before = prev?.state ?? null;
  const after = nextState(before, look.facts);
  const { at } = look;
  const evidence = look.evidence ?? prev?.evidence ?? {};
  const fromScan = look.source === "scan" && look.facts.present;
  const row: TrackedInsert = {
    user_id: look.userId,
    kind: look.kind,
    name: look.name,
    platform: look.platform ?? prev?.platform ?? null,
    handle: look.handle ?? prev?.handle ?? null,
    state: after,
    discovered_by: prev?.discovered_by ?? look.firstSeenBy ?? look.source,
    first_seen_at: prev?.first_seen_at ?? at,
    // Kept once known: a later creation date is a re-registration, not when it was first registered.
    registered_at: prev?.registered_at ?? dateOf(look.evidence?.registration_created),
    cert_first_seen_at: earliest(
      prev?.cert_first_seen_at,
      look.certLoggedAt,
      dateOf(look.evidence?.tls_not_before),
    ),
    last_seen_at: look.facts.present ? at : (prev?.last_seen_at ?? null),
    last_checked_at: at,
    state_changed_at: before !== after ? at : (prev?.state_changed_at ?? at),
    last_scan_id: fromScan ? (look.scanId ?? null) : (prev?.last_scan_id ?? null),
    last_finding_id: fromScan ? (look.findingId ?? null) : (prev?.last_finding_id ?? null),
    evidence,
    score: look.evidence ? (num(evidence.adjusted_score) ?? num(evidence.score)) : (prev?.score ?? null),
    severity: look.evidence
      ? (str(evidence.adjusted_severity) ?? str(evidence.severity))
      : (prev?.severity ?? null),
    takedown_requested_at: prev?.takedown_requested_at ?? null,
    down_at: after === "down" && before !== "down" ? at : (prev?.down_at ?? null),
    reemerged_at: after === "reemerged" && before !== "reemerged" ? at : (prev?.reemerged_at ?? null),
  };
  const event = eventOf(before, after, look);
  return {
    row,
    before,
    after,
    observation: event
      ? {
          user_id: look.userId,
          at,
          source: look.source,
          event,
          state: after,
          scan_id: look.scanId ?? null,
          finding_id: look.findingId ?? null,
          changes: look.changes,
          note: look.note ?? null,
        }
      : null,
  };
}
