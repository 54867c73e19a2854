import type { TSocialPlatform } from "@brandwarden/contract/brand";
import type { TSocialPlatformCoverage } from "@brandwarden/contract/findings";
import type { ProbeResult } from "./prober.ts";

// Unknowns whose cause is the platform's and not the handle's are reported once per platform and
// scan with why, instead of one `unknown` finding per probe (one scan had 305 such rows out of
// 322). A login wall and our own spent request budget say nothing of any handle, so they are
// folded even on a platform that judged other handles (Threads sends an unknown handle and a
// walled visitor to the same login page; GitHub's 60 requests an hour end mid-scan). Transient
// causes (a rate limit, a WAF, an outage) are folded only when the platform judged no handle at
// all; isolated ones stay findings.

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

/** Causes that say nothing of any handle, folded even on a platform that judged others. */
const STRUCTURAL: ReadonlySet<CoverageReason> = new Set(["login_wall", "budget_exhausted"]);

function judge(
  platform: TSocialPlatform,
  results: readonly ProbeResult[],
): { coverage: TSocialPlatformCoverage; folded: ProbeResult[] } | null {
  const unknown = results.filter((r) => r.verdict.status === "unknown" && r.verdict.reason !== "cancelled");
  if (unknown.length === 0) return null;
  const judged = results.filter((r) => r.verdict.status === "found" || r.verdict.status === "missing").length;
  let folded: ProbeResult[];
  if (judged > 0) {
    folded = unknown.filter((r) => {
      const cause = causeOf(r);
      return cause !== null && STRUCTURAL.has(cause);
    });
  } else {
    folded = unknown.filter((r) => causeOf(r) !== null);
    // Unreadable answers (`unexpected_response`) are the platform's only when every probe got the very same one.
    const details = new Set(unknown.map((r) => `${r.verdict.reason}: ${r.verdict.detail}`));
    if (folded.length === 0 && unknown.length >= 2 && details.size === 1) folded = unknown;
    else if (folded.length < unknown.length) return null;
  }
  if (folded.length === 0) return null;
  const counts = new Map<CoverageReason, number>();
  for (const r of folded) {
    const cause = causeOf(r) ?? "same_answer";
    counts.set(cause, (counts.get(cause) ?? 0) + 1);
  }
  const [reason] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
  const mix = [...counts].map(([c, n]) => `${n} ${LABELS[c]}`).join(", ");
  const example = folded.find((r) => (causeOf(r) ?? "same_answer") === reason) ?? folded[0]!;
  const detail =
    judged > 0
      ? `${folded.length} of ${results.length} handles (${mix}; e.g. ${example.verdict.detail})`
      : `${mix} (e.g. ${example.verdict.detail})`;
  return {
    coverage: {
      platform,
      reason,
      detail: detail.slice(0, 500),
      probes: folded.length,
    },
    folded,
  };
}

/**
 * The platforms that could not be checked (wholly, or for the handles a wall or the budget kept
 * from being judged), and the probes folded into those entries: they are not findings.
 */
export function platformCoverage(results: readonly ProbeResult[]): {
  coverage: TSocialPlatformCoverage[];
  folded: ReadonlySet<ProbeResult>;
} {
  const byPlatform = new Map<TSocialPlatform, ProbeResult[]>();
  for (const r of results) {
    const list = byPlatform.get(r.platform) ?? [];
    list.push(r);
    byPlatform.set(r.platform, list);
  }
  const coverage: TSocialPlatformCoverage[] = [];
  const folded = new Set<ProbeResult>();
  for (const [p, rs] of byPlatform) {
    const judged = judge(p, rs);
    if (!judged) continue;
    coverage.push(judged.coverage);
    for (const r of judged.folded) folded.add(r);
  }
  return { coverage, folded };
}
