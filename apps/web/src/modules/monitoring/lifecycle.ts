import type { TLifecycleState } from "@brandwarden/contract/monitoring";

// A tracked lookalike's lifecycle (pure): unregistered -> registered (parked or inactive) -> live
// -> malicious -> takedown_requested -> down -> reemerged. Each look (scan, watch) gives facts;
// the next state follows from the facts and the state before.

export interface LookFacts {
  /** Registered (a social profile: found). */
  present: boolean;
  /** Its site answered with a page (status < 400); null when not fetched or not applicable. */
  reachable: boolean | null;
  /** Serving content of its own: a page that is not a parking page. */
  live: boolean;
  /** Confirmed by an analyst, or hard evidence (threat feed, a login form on a brand clone). */
  malicious: boolean;
}

/** The state after a look. `prev` null: never tracked before. */
export function nextState(prev: TLifecycleState | null, f: LookFacts): TLifecycleState {
  if (prev === "takedown_requested") return !f.present || f.reachable === false ? "down" : prev;
  if (prev === "down") return f.present && f.reachable !== false ? "reemerged" : "down";
  if (!f.present) return prev === null || prev === "unregistered" ? "unregistered" : "down";
  // Both are sticky while the lookalike stays up: only a takedown or its end moves them.
  if (prev === "reemerged" || prev === "malicious") return prev;
  if (f.malicious) return "malicious";
  return f.live ? "live" : "registered";
}

/** Registered, not yet taken down: the watch re-checks its page for content changes. */
export function contentWatched(state: TLifecycleState): boolean {
  return state === "registered" || state === "takedown_requested" || state === "reemerged";
}

/** Facts of a domain look from finding fields. */
export function domainFacts(f: {
  resolve_status?: string | null;
  dns_a?: string[] | null;
  dns_aaaa?: string[] | null;
  http_status?: number | null;
  parked?: boolean | null;
  malicious: boolean;
}): LookFacts {
  const present = f.resolve_status === "registered";
  const status = f.http_status ?? null;
  // No answer from an address the name points to: the site is not served. No address: no site to judge.
  const addressed = (f.dns_a?.length ?? 0) + (f.dns_aaaa?.length ?? 0) > 0;
  const reachable = status === null ? (present && addressed ? false : null) : status < 400;
  return { present, reachable, live: Boolean(reachable) && f.parked !== true, malicious: f.malicious };
}
