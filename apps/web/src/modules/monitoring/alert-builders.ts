import type { TChangeCounts, TChangeKind, TFieldChange } from "@brandwarden/contract/monitoring";
import { foundByPhrase, humanDuration } from "@brandwarden/contract/detection-words";
import type { AlertInput } from "../alerts/alerts.service.ts";
import { describeChanges } from "./finding-diff.ts";
import type { TrackedRow } from "../../db/rows.ts";

// The alerts monitoring raises, each saying why it matters and linking to the page that shows it.

const DAY_MS = 86_400_000;
const pct = (x: number) => `${Math.round(x * 100)}%`;

/**
 * "registered 3 h ago, found by the watch": how fresh a lookalike is and which source saw it;
 * null when its creation date is unknown.
 */
export function detectedPhrase(
  registeredAt: Date | null,
  source: string,
  now: Date,
  zone?: string | null,
): string | null {
  if (!registeredAt) return null;
  return `registered ${humanDuration(now.getTime() - registeredAt.getTime())} ago, ${foundByPhrase(source, zone)}`;
}

/**
 * The evidence that makes a lookalike worth a look, as short phrases; `registration: false` leaves
 * out how recently it was registered (said by `detectedPhrase` instead).
 */
export function whyItMatters(
  e: Record<string, unknown>,
  now = new Date(),
  opts: { registration?: boolean } = {},
): string[] {
  const out: string[] = [];
  const hits = Array.isArray(e.threat_feed_hits) ? (e.threat_feed_hits as Array<{ feed?: string }>) : [];
  if (hits.length)
    out.push(`listed by ${[...new Set(hits.map((h) => h.feed ?? "a threat feed"))].join(", ")}`);
  if (e.login_form === true || e.password_form === true) out.push("its page asks for a login");
  if (typeof e.html_similarity === "number" && e.html_similarity >= 0.5)
    out.push(`its page is ${pct(e.html_similarity)} similar to yours`);
  if (typeof e.screenshot_similarity === "number" && e.screenshot_similarity >= 0.7)
    out.push(`it looks ${pct(e.screenshot_similarity)} like your site`);
  if (e.redirects_to_brand === true) out.push("it redirects to your own site (likely defensive)");
  if (e.parked === true) out.push("parked for now");
  if (Array.isArray(e.dns_mx) && e.dns_mx.length) out.push("it can receive e-mail");
  const created = typeof e.registration_created === "string" ? Date.parse(e.registration_created) : NaN;
  if (!Number.isNaN(created) && opts.registration !== false) {
    const days = Math.max(0, Math.floor((now.getTime() - created) / DAY_MS));
    if (days <= 90)
      out.push(days === 0 ? "registered today" : `registered ${days} day${days === 1 ? "" : "s"} ago`);
  }
  if (typeof e.registrar === "string") out.push(`registrar ${e.registrar}`);
  return out;
}

const scored = (t: TrackedRow) =>
  t.score !== null && t.severity ? `scores ${Math.round(t.score)} (${t.severity})` : "is not scored yet";

const lookalikeData = (t: TrackedRow, extra: Record<string, unknown> = {}) => ({
  lookalike: {
    id: t.id,
    name: t.name,
    state: t.state,
    first_seen_at: t.first_seen_at.toISOString(),
    discovered_by: t.discovered_by,
    registered_at: t.registered_at?.toISOString() ?? null,
    cert_first_seen_at: t.cert_first_seen_at?.toISOString() ?? null,
  },
  finding: t.kind === "domain" ? { domain: t.name, ...t.evidence } : { name: t.name, ...t.evidence },
  ...extra,
});

/** A watched (or pinned) name was registered; `source` is the watch observation's (`pinned`, `watchlist`). */
export function registeredAlert(
  t: TrackedRow,
  roundId: string,
  source: string,
  now = new Date(),
): AlertInput {
  const e = t.evidence;
  const of = typeof e.original_domain === "string" ? ` of ${e.original_domain}` : "";
  const detected = detectedPhrase(t.registered_at, source === "pinned" ? "pinned" : "watch", now);
  const why = [...(detected ? [detected] : []), ...whyItMatters(e, now, { registration: !detected })];
  return {
    user_id: t.user_id,
    type: "lookalike.registered",
    subject: t.name,
    title: `${t.name} was just registered`,
    reason:
      `A ${source === "pinned" ? "pinned" : "watched"} lookalike${of} was registered and ${scored(t)}` +
      (why.length ? `: ${why.join("; ")}.` : "."),
    severity: t.severity,
    link: `/lookalikes/${t.id}`,
    lookalike_id: t.id,
    data: lookalikeData(t, { source }),
    dedupe_key: `lookalike.registered:${t.name}:${roundId}`,
  };
}

/** A tracked lookalike changed materially between two watches. */
export function changedAlert(t: TrackedRow, changes: TFieldChange[], roundId: string): AlertInput {
  return {
    user_id: t.user_id,
    type: "lookalike.changed",
    subject: t.name,
    title: `${t.name} changed`,
    reason: `${describeChanges(changes)}. It now ${scored(t)} and is ${t.state.replace("_", " ")}.`,
    severity: t.severity,
    link: `/lookalikes/${t.id}`,
    lookalike_id: t.id,
    data: lookalikeData(t, { changes }),
    dedupe_key: `lookalike.changed:${t.name}:${roundId}`,
  };
}

/** A lookalike whose takedown was requested is down. */
export function downAlert(t: TrackedRow, how: string): AlertInput {
  return {
    user_id: t.user_id,
    type: "lookalike.down",
    subject: t.name,
    title: `${t.name} is down`,
    reason: `The takedown requested ${t.takedown_requested_at ? `on ${t.takedown_requested_at.toISOString().slice(0, 10)} ` : ""}worked: ${how}. The watch keeps checking it and alerts if it comes back.`,
    severity: t.severity,
    link: `/lookalikes/${t.id}`,
    lookalike_id: t.id,
    data: lookalikeData(t),
    dedupe_key: `lookalike.down:${t.name}:${t.down_at?.toISOString() ?? ""}`,
  };
}

/** A lookalike that was down is back. */
export function reemergedAlert(t: TrackedRow): AlertInput {
  const why = whyItMatters(t.evidence);
  return {
    user_id: t.user_id,
    type: "lookalike.reemerged",
    subject: t.name,
    title: `${t.name} is back`,
    reason:
      `A lookalike that was down${t.down_at ? ` since ${t.down_at.toISOString().slice(0, 10)}` : ""} resolves and answers again; it ${scored(t)}` +
      (why.length ? `: ${why.join("; ")}.` : "."),
    severity: t.severity,
    link: `/lookalikes/${t.id}`,
    lookalike_id: t.id,
    data: lookalikeData(t),
    dedupe_key: `lookalike.reemerged:${t.name}:${t.reemerged_at?.toISOString() ?? ""}`,
  };
}

/** One finding listed by `findings.changed`. */
export interface ChangedItem {
  finding_id: string;
  kind: "domain" | "social";
  name: string;
  change: TChangeKind;
  changes: TFieldChange[];
  severity: string | null;
  score: number | null;
  link: string;
}

const ORDER: TChangeKind[] = ["new", "reappeared", "changed", "gone"];
const SEVERITY_RANK = ["info", "low", "medium", "high", "critical"];

/** The end of a scan with changes: what is new, changed, back and gone since the previous scan. */
export function findingsChangedAlert(input: {
  userId: string;
  scanId: string;
  previousScanId: string;
  counts: TChangeCounts;
  socialCounts: TChangeCounts;
  items: ChangedItem[];
}): AlertInput {
  const total = (k: TChangeKind) => input.counts[k] + input.socialCounts[k];
  const parts = ORDER.filter((k) => total(k) > 0).map((k) => `${total(k)} ${k}`);
  const sections = ORDER.map((k) => {
    const of = input.items.filter((i) => i.change === k);
    if (!of.length) return null;
    const shown = of
      .slice(0, 5)
      .map((i) =>
        k === "changed"
          ? `${i.name} (${describeChanges(i.changes, 3)})`
          : `${i.name}${i.severity && k !== "gone" ? ` (${i.severity})` : ""}`,
      );
    const more = of.length > shown.length ? ` and ${of.length - shown.length} more` : "";
    return `${k[0]!.toUpperCase()}${k.slice(1)}: ${shown.join(", ")}${more}.`;
  }).filter(Boolean);
  const worst = input.items
    .filter((i) => i.change !== "gone" && i.severity)
    .map((i) => i.severity!)
    .sort((a, b) => SEVERITY_RANK.indexOf(b) - SEVERITY_RANK.indexOf(a))[0];
  return {
    user_id: input.userId,
    type: "findings.changed",
    subject: input.scanId,
    title: `Since the last scan: ${parts.join(", ")}`,
    reason: sections.join(" "),
    severity: worst ?? null,
    link: `/dashboard?scan=${input.scanId}&change=moved`,
    scan_id: input.scanId,
    data: {
      scan_id: input.scanId,
      previous_scan_id: input.previousScanId,
      counts: input.counts,
      social_counts: input.socialCounts,
      findings: input.items.map((i) => ({
        ...i,
        summary: i.changes.length ? describeChanges(i.changes, 4) : null,
      })),
    },
    dedupe_key: `findings.changed:${input.scanId}`,
  };
}
