import type { CatalogueEntry } from "./catalogue/index.ts";
import { firstHolding, holds } from "./catalogue/conditions.ts";
import { readPage, selectAll, type ProbePage } from "./catalogue/page.ts";

// Classifies one probe answer, read through its parsed form (catalogue/page.ts). Order matters:
// a block (429, WAF, anti-bot, login wall) is checked first and is never a verdict; then
// suspension and absence; a profile is `found` only when the status is expected AND a positive
// condition holds AND no negative one does (anchors-social.md §9). A platform that shows
// logged-out visitors a login page, a redirect to one or a JavaScript shell cannot be judged:
// unknown(login_wall), so the scan can say "could not be checked" once for the platform.

type UnknownReason =
  | "rate_limited"
  | "waf"
  | "login_wall"
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
  /** Why: "suspended", "status 404", "waf: cloudflare", "linkedin 999", "login redirect", ... */
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

/** Paths real platforms send logged-out visitors to (X, Instagram, Facebook, LinkedIn, TikTok, Threads). */
const LOGIN_PATH =
  /^\/(?:login|accounts\/login|i\/flow\/login|authwall|uas\/login|checkpoint|signin|signup|login\.php)(?:[/?.#]|$)/i;

function wafOf(res: ProbeResponse): string | null {
  if (res.headers["cf-mitigated"] === "challenge") return "cloudflare";
  if (res.status === 403 || res.status === 503 || res.status === 202) {
    const hit = WAF_MARKERS.find(([m]) => res.body.includes(m));
    if (hit) return hit[1];
  }
  return null;
}

/** A 403/429 that the platform's own rate-limit headers mark as spent (GitHub answers 403). */
function rateLimitSpent(res: ProbeResponse): boolean {
  const remaining =
    res.headers["x-ratelimit-remaining"] ??
    res.headers["ratelimit-remaining"] ??
    res.headers["x-rate-limit-remaining"];
  return (res.status === 403 || res.status === 429) && remaining !== undefined && Number(remaining) === 0;
}

function loginRedirect(res: ProbeResponse): boolean {
  if (res.status < 300 || res.status > 399) return false;
  const location = res.headers.location;
  if (!location) return false;
  try {
    return LOGIN_PATH.test(new URL(location, "http://x.invalid").pathname);
  } catch {
    return false;
  }
}

/** A page that asks to log in: a password box, a login form or a login title, and no profile. */
function loginPage(page: ProbePage): boolean {
  if (!page.doc) return false;
  return (
    selectAll(page, "input[type=password]").length > 0 ||
    selectAll(page, "form[action*=login]").length > 0 ||
    /^(?:log ?in|sign ?in|sign up)\b|\b(?:log ?in|sign ?in|sign up)(?: \| [\w ]+)?$/i.test(
      selectAll(page, "title")
        .map((t) => t.children.map((c) => ("data" in c ? String(c.data) : "")).join(""))[0]
        ?.trim() ?? "",
    )
  );
}

/** A single-page-app shell: almost no text, no profile meta, only scripts to run. */
function javascriptShell(page: ProbePage): boolean {
  if (!page.doc) return false;
  const profileMeta = ["og:title", "og:description", "description"].some((k) => page.meta.has(k));
  const scripts = selectAll(page, "script").length;
  return !profileMeta && page.ld.length === 0 && page.text.length < 300 && scripts > 0;
}

const wall = (detail: string): ProbeVerdict => ({ status: "unknown", reason: "login_wall", detail });

export function classifyResponse(
  entry: CatalogueEntry,
  res: ProbeResponse,
  page: ProbePage = readPage(res.body, entry.extract),
): ProbeVerdict {
  if (res.status === 429) return { status: "unknown", reason: "rate_limited", detail: "status 429" };
  if (rateLimitSpent(res))
    return { status: "unknown", reason: "rate_limited", detail: `status ${res.status}, rate limit spent` };
  const waf = wafOf(res);
  if (waf) return { status: "unknown", reason: "waf", detail: `waf: ${waf}` };
  const walled = entry.login_wall;
  if (walled && (walled.status?.includes(res.status) || firstHolding(page, walled.markers)))
    return wall(walled.detail);
  const blocked = entry.blocked;
  if (blocked?.status?.includes(res.status))
    return { status: "unknown", reason: "waf", detail: `blocked: status ${res.status}` };
  const blockMarker = firstHolding(page, blocked?.markers);
  if (blockMarker) return { status: "unknown", reason: "rate_limited", detail: `blocked: ${blockMarker}` };

  const suspended = firstHolding(page, entry.suspended);
  if (suspended) return { status: "missing", detail: "suspended" };
  const anyMissing = firstHolding(page, entry.missing.any_status_markers);
  if (anyMissing) return { status: "missing", detail: `missing marker: ${anyMissing}` };
  if (entry.missing.status?.includes(res.status)) {
    const markers = entry.missing.markers ?? [];
    if (markers.length === 0 || markers.some((m) => holds(page, m)))
      return { status: "missing", detail: `status ${res.status}` };
  }
  if (loginRedirect(res)) return wall("login redirect");
  if (res.status >= 500) return { status: "unknown", reason: "server_error", detail: `status ${res.status}` };
  if (entry.exists.status.includes(res.status)) {
    const positive = firstHolding(page, entry.exists.markers);
    if (positive) return { status: "found", detail: `marker: ${positive}` };
    if (loginPage(page)) return wall("login page");
    if (javascriptShell(page)) return wall("javascript shell");
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
