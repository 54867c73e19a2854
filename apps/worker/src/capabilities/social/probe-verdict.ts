import type { CatalogueEntry } from "./catalogue/index.ts";

// Classifies one probe answer. Order matters: a block (429, WAF, anti-bot) is checked first and
// is never a verdict; then suspension and absence; a profile is `found` only when the status is
// expected AND a positive marker is present AND no negative marker is (anchors-social.md §9).

type UnknownReason =
  | "rate_limited"
  | "waf"
  | "timeout"
  | "network_error"
  | "server_error"
  | "unexpected_response"
  | "budget_exhausted"
  | "cancelled";

type ProbeStatus = "found" | "missing" | "unknown" | "invalid";

export interface ProbeVerdict {
  status: ProbeStatus;
  /** Set for `unknown`. */
  reason?: UnknownReason;
  /** Why: "suspended", "missing marker", "status 404", "waf: cloudflare", ... */
  detail: string;
}

export interface ProbeResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Fingerprints of bot walls seen across sites (sherlock's WAF list, maigret's error table). */
const WAF_MARKERS: ReadonlyArray<[string, string]> = [
  ["<title>Just a moment...</title>", "cloudflare"],
  ["challenge-error-text", "cloudflare"],
  ["_cf_chl_opt", "cloudflare"],
  ["Attention Required! | Cloudflare", "cloudflare"],
  ["AwsWafIntegration.forceRefreshToken", "aws-waf"],
  ["perimeterx", "perimeterx"],
  ["px-captcha", "perimeterx"],
  ["DDoS-Guard", "ddos-guard"],
  ["Incapsula incident ID", "incapsula"],
  ["g-recaptcha", "captcha"],
];

function has(body: string, markers: readonly string[] | undefined): string | null {
  for (const m of markers ?? []) if (body.includes(m)) return m;
  return null;
}

function wafOf(res: ProbeResponse): string | null {
  if (res.headers["cf-mitigated"] === "challenge") return "cloudflare";
  if (res.status === 403 || res.status === 503 || res.status === 202) {
    const hit = WAF_MARKERS.find(([m]) => res.body.includes(m));
    if (hit) return hit[1];
  }
  return null;
}

export function classifyResponse(entry: CatalogueEntry, res: ProbeResponse): ProbeVerdict {
  if (res.status === 429) return { status: "unknown", reason: "rate_limited", detail: "status 429" };
  const waf = wafOf(res);
  if (waf) return { status: "unknown", reason: "waf", detail: `waf: ${waf}` };
  const blocked = entry.blocked;
  if (blocked?.status?.includes(res.status))
    return { status: "unknown", reason: "waf", detail: `blocked: status ${res.status}` };
  const blockMarker = has(res.body, blocked?.markers);
  if (blockMarker) return { status: "unknown", reason: "rate_limited", detail: `blocked: ${blockMarker}` };

  const suspended = has(res.body, entry.suspended);
  if (suspended) return { status: "missing", detail: "suspended" };
  const anyMissing = has(res.body, entry.missing.any_status_markers);
  if (anyMissing) return { status: "missing", detail: `missing marker: ${anyMissing}` };
  if (entry.missing.status?.includes(res.status)) {
    const markers = entry.missing.markers ?? [];
    const marker = has(res.body, markers);
    if (markers.length === 0 || marker) return { status: "missing", detail: `status ${res.status}` };
  }
  if (res.status >= 500) return { status: "unknown", reason: "server_error", detail: `status ${res.status}` };
  if (entry.exists.status.includes(res.status)) {
    const positive = has(res.body, entry.exists.markers);
    if (positive) return { status: "found", detail: `marker: ${positive}` };
    return { status: "unknown", reason: "unexpected_response", detail: "no positive marker" };
  }
  if (res.status === 403 || res.status === 401)
    return { status: "unknown", reason: "waf", detail: `status ${res.status}` };
  return { status: "unknown", reason: "unexpected_response", detail: `status ${res.status}` };
}

/** A network failure is never an absence. */
export function classifyError(err: unknown, cancelled: boolean): ProbeVerdict {
  if (cancelled) return { status: "unknown", reason: "cancelled", detail: "cancelled" };
  const e = err as { name?: string; code?: string; cause?: { code?: string; name?: string } };
  const code = e?.cause?.code ?? e?.code ?? e?.name ?? "error";
  const timeout =
    e?.name === "TimeoutError" ||
    e?.name === "AbortError" ||
    /TIMEOUT/i.test(String(code)) ||
    e?.cause?.name === "TimeoutError";
  if (timeout) return { status: "unknown", reason: "timeout", detail: "timeout" };
  return { status: "unknown", reason: "network_error", detail: String(code).slice(0, 100) };
}

/** Retry-After as milliseconds (delta-seconds or an HTTP date); null when absent or bad. */
export function retryAfterMs(headers: Record<string, string>, now = Date.now()): number | null {
  const v = headers["retry-after"]?.trim();
  if (!v) return null;
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const t = Date.parse(v);
  return Number.isNaN(t) ? null : Math.max(0, t - now);
}
