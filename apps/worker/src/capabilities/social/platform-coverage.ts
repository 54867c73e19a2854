import type { TSocialPlatform } from "@brandwarden/contract/brand";
import type { TSocialPlatformCoverage } from "@brandwarden/contract/findings";
import type { ProbeResult } from "./prober.ts";

// A platform that answered no probe with a verdict, for a reason that is the platform's and not
// the handle's (a login wall, LinkedIn's 999, a WAF, a rate limit, our budget, an outage), could
// not be checked at all: it is reported once per scan with why, instead of one `unknown` finding
// per probe (one scan had 305 such rows out of 322). Isolated unknowns on a platform that did
// give verdicts stay findings.

type CoverageReason = TSocialPlatformCoverage["reason"];

/** Probe reasons that describe the platform, not the handle (`login_wall` from the platform side). */
const PLATFORM_LEVEL: Readonly<Record<string, CoverageReason>> = {
  login_wall: "login_wall",
  rate_limited: "rate_limited",
  waf: "waf",
  budget_exhausted: "budget_exhausted",
  server_error: "down",
  network_error: "down",
  timeout: "down",
};

const LABELS: Record<CoverageReason, string> = {
  login_wall: "login wall",
  rate_limited: "rate limited",
  waf: "blocked by a WAF",
  budget_exhausted: "request budget exhausted",
  down: "down",
  same_answer: "the same unreadable answer to every handle",
};

/** The platform-level cause of one unknown probe, or null when it is about the handle. */
function causeOf(r: ProbeResult): CoverageReason | null {
  return r.verdict.status === "unknown" ? (PLATFORM_LEVEL[String(r.verdict.reason)] ?? null) : null;
}

function judge(platform: TSocialPlatform, results: readonly ProbeResult[]): TSocialPlatformCoverage | null {
  const unknown = results.filter((r) => r.verdict.status === "unknown" && r.verdict.reason !== "cancelled");
  if (
    unknown.length === 0 ||
    results.some((r) => r.verdict.status === "found" || r.verdict.status === "missing")
  )
    return null;
  const counts = new Map<CoverageReason, number>();
  for (const r of unknown) {
    const cause = causeOf(r);
    if (cause) counts.set(cause, (counts.get(cause) ?? 0) + 1);
  }
  // Unreadable answers (`unexpected_response`) are the platform's only when every probe got the very same one.
  const details = new Set(unknown.map((r) => `${r.verdict.reason}: ${r.verdict.detail}`));
  if (counts.size === 0 && unknown.length >= 2 && details.size === 1)
    counts.set("same_answer", unknown.length);
  const covered = [...counts.values()].reduce((a, b) => a + b, 0);
  if (covered < unknown.length) return null;
  const [reason] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
  const mix = [...counts].map(([c, n]) => `${n} ${LABELS[c]}`).join(", ");
  const example = unknown.find((r) => causeOf(r) === reason) ?? unknown[0]!;
  return {
    platform,
    reason,
    detail: `${mix} (e.g. ${example.verdict.detail})`.slice(0, 500),
    probes: unknown.length,
  };
}

/** The platforms that could not be checked, and which, from all probes of a scan. */
export function platformCoverage(results: readonly ProbeResult[]): TSocialPlatformCoverage[] {
  const byPlatform = new Map<TSocialPlatform, ProbeResult[]>();
  for (const r of results) {
    const list = byPlatform.get(r.platform) ?? [];
    list.push(r);
    byPlatform.set(r.platform, list);
  }
  return [...byPlatform]
    .map(([p, rs]) => judge(p, rs))
    .filter((c): c is TSocialPlatformCoverage => c !== null);
}
