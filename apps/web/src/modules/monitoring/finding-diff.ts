import type { TChangeValue, TFieldChange } from "@brandwarden/contract/monitoring";
import type { PageComparer } from "./page-similarity.ts";

export { describeChanges } from "@brandwarden/contract/change-describe";

// What moved between two looks at one lookalike (two scans, or a scan and a watch). Pure: takes
// the two sets of evidence and returns `{field, before, after}` for each material change. Null
// means unknown (a lookup that failed), never "absent", so a field that became unknown is not a
// change; a page, a form or a certificate that appeared is.

/** Below this similarity (TLSH of the HTML), the page is a different page. */
const PAGE_SIMILARITY_MIN = 0.8;
/** Below this similarity (dHash of the screenshot), the page looks different. */
const SCREENSHOT_SIMILARITY_MIN = 0.85;
/** Below this similarity (avatar hashes), a profile picture was replaced. */
const AVATAR_SIMILARITY_MIN = 0.85;

type DateLike = Date | string | null | undefined;

/** The domain evidence change detection compares (finding columns, rows or JSON alike). */
export interface DomainEvidence {
  registrar?: string | null;
  registration_created?: DateLike;
  registration_expires?: DateLike;
  dns_a?: string[] | null;
  dns_aaaa?: string[] | null;
  dns_mx?: string[] | null;
  dns_ns?: string[] | null;
  http_status?: number | null;
  final_url?: string | null;
  page_title?: string | null;
  login_form?: boolean | null;
  password_form?: boolean | null;
  html_hash?: string | null;
  screenshot_hash?: string | null;
  tls_fingerprint?: string | null;
  severity?: string | null;
  adjusted_severity?: string | null;
}

export interface SocialEvidence {
  status?: string | null;
  display_name?: string | null;
  bio?: string | null;
  verified?: boolean | null;
  links?: string[] | null;
  avatar_hash?: string | null;
  severity?: string | null;
  adjusted_severity?: string | null;
}

const iso = (d: DateLike): string | null => {
  if (d === null || d === undefined) return null;
  const t = d instanceof Date ? d.getTime() : Date.parse(d);
  return Number.isNaN(t) ? null : new Date(t).toISOString();
};
const known = <T>(v: T | null | undefined): v is T => v !== null && v !== undefined;
const sortedSet = (list: string[]) => [...new Set(list.map((x) => x.toLowerCase()))].sort();
export const bandOf = (e: { severity?: string | null; adjusted_severity?: string | null }) =>
  e.adjusted_severity ?? e.severity ?? null;

function push(out: TFieldChange[], field: string, before: TChangeValue, after: TChangeValue) {
  out.push({ field, before, after });
}

/** Both known and different. */
function scalar(
  out: TFieldChange[],
  field: string,
  a: TChangeValue | undefined,
  b: TChangeValue | undefined,
) {
  if (known(a) && known(b) && a !== b) push(out, field, a, b);
}

/** Both known, compared as sets (order and case of records do not matter). */
function set(
  out: TFieldChange[],
  field: string,
  a: string[] | null | undefined,
  b: string[] | null | undefined,
) {
  if (!known(a) || !known(b)) return;
  const x = sortedSet(a);
  const y = sortedSet(b);
  if (x.length !== y.length || x.some((v, i) => v !== y[i])) push(out, field, x, y);
}

/** A flag that turned on counts even from unknown (a form appearing); one that became unknown does not. */
function appearing(
  out: TFieldChange[],
  field: string,
  a: boolean | null | undefined,
  b: boolean | null | undefined,
) {
  if (!known(b)) return;
  if (known(a) ? a !== b : b) push(out, field, a ?? null, b);
}

/** Material changes between two looks at a domain lookalike. */
export function diffDomainEvidence(
  before: DomainEvidence,
  after: DomainEvidence,
  cmp: PageComparer,
): TFieldChange[] {
  const out: TFieldChange[] = [];
  // Registration
  scalar(out, "registrar", before.registrar, after.registrar);
  scalar(out, "registration_created", iso(before.registration_created), iso(after.registration_created));
  scalar(out, "registration_expires", iso(before.registration_expires), iso(after.registration_expires));
  // DNS
  set(out, "dns_a", before.dns_a, after.dns_a);
  set(out, "dns_aaaa", before.dns_aaaa, after.dns_aaaa);
  set(out, "dns_mx", before.dns_mx, after.dns_mx);
  set(out, "dns_ns", before.dns_ns, after.dns_ns);
  // Web: a site that stopped answering (or started) is a change of status.
  const statusBefore = before.http_status ?? null;
  const statusAfter = after.http_status ?? null;
  if (statusBefore !== statusAfter && (before.http_status !== undefined || after.http_status !== undefined))
    push(out, "http_status", statusBefore, statusAfter);
  scalar(out, "final_url", before.final_url, after.final_url);
  scalar(out, "page_title", before.page_title, after.page_title);
  appearing(out, "login_form", before.login_form, after.login_form);
  appearing(out, "password_form", before.password_form, after.password_form);
  const page = cmp.html(before.html_hash, after.html_hash);
  if (page !== null && page < PAGE_SIMILARITY_MIN)
    out.push({ field: "page_content", before: before.html_hash!, after: after.html_hash!, similarity: page });
  const shot = cmp.screenshot(before.screenshot_hash, after.screenshot_hash);
  if (shot !== null && shot < SCREENSHOT_SIMILARITY_MIN)
    out.push({
      field: "screenshot",
      before: before.screenshot_hash!,
      after: after.screenshot_hash!,
      similarity: shot,
    });
  // TLS: a certificate that replaced another, or the first one.
  if (known(after.tls_fingerprint) && after.tls_fingerprint !== (before.tls_fingerprint ?? null))
    push(out, "tls_certificate", before.tls_fingerprint ?? null, after.tls_fingerprint);
  // Score band
  scalar(out, "severity", bandOf(before), bandOf(after));
  return out;
}

/** Material changes between two looks at a social profile. */
export function diffSocialEvidence(
  before: SocialEvidence,
  after: SocialEvidence,
  avatarSimilarity: (a: string | null, b: string | null) => number | null,
): TFieldChange[] {
  const out: TFieldChange[] = [];
  scalar(out, "status", before.status, after.status);
  scalar(out, "display_name", before.display_name, after.display_name);
  scalar(out, "bio", before.bio, after.bio);
  appearing(out, "verified", before.verified, after.verified);
  set(out, "links", before.links, after.links);
  const avatar = avatarSimilarity(before.avatar_hash ?? null, after.avatar_hash ?? null);
  if (avatar !== null && avatar < AVATAR_SIMILARITY_MIN)
    out.push({ field: "avatar", before: before.avatar_hash!, after: after.avatar_hash!, similarity: avatar });
  scalar(out, "severity", bandOf(before), bandOf(after));
  return out;
}
