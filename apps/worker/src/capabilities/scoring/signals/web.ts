/** Web and TLS signals: what the page and its certificate show. */
import { DV_ISSUER_PATTERNS } from "../../provider-facts/registrars-and-issuers.ts";
import { nameParts } from "../../provider-facts/name-parts.ts";
import { ageDays, brandTokens, clamp01, type DomainEvidence, type SignalContext } from "../evidence.ts";
import { visualSkeleton } from "../text/text.ts";
import { resolves } from "./dns-mail.ts";

/**
 * live_web: the name serves a page: 2xx -> 1, an unfollowed redirect -> 0.5, a 4xx (often
 * cloaking) -> 0.2, 5xx -> 0. 0 when the name does not resolve; null when not fetched.
 */
export function liveWeb(ev: DomainEvidence): number | null {
  const s = ev.http_status;
  if (s == null) return resolves(ev) === 0 ? 0 : null;
  if (s >= 200 && s < 300) return 1;
  if (s >= 300 && s < 400) return 0.5;
  if (s >= 400 && s < 500) return 0.2;
  return 0;
}

/**
 * recent_dv_certificate: certificate issued in the last 30 days -> 1, in the last 90 -> 0.5,
 * times how cheap it was to get: an ACME/domain-validated issuer 1, unknown issuer 0.8, another
 * issuer (OV/EV) 0.5, self-signed 0.3. Null without a certificate date.
 */
export function recentDvCertificate(ev: DomainEvidence, ctx: SignalContext): number | null {
  const age = ageDays(ev.tls_not_before, ctx.now);
  if (age === null) return null;
  const recency = age <= 30 ? 1 : age <= 90 ? 0.5 : 0;
  let kind = 0.8;
  if (ev.tls_self_signed) kind = 0.3;
  else if (ev.tls_issuer) kind = DV_ISSUER_PATTERNS.some((re) => re.test(ev.tls_issuer!)) ? 1 : 0.5;
  return recency * kind;
}

/** brand_in_certificate: the brand (or a homoglyph of it) is in the certificate's names. */
export function brandInCertificate(ev: DomainEvidence, ctx: SignalContext): number | null {
  if (ev.brand_in_cert != null) return ev.brand_in_cert ? 1 : 0;
  if (!ev.tls_sans) return null;
  const tokens = brandTokens(ctx.brand).map(visualSkeleton);
  const hit = ev.tls_sans.some((san) => {
    const sk = visualSkeleton(san.replace(/-/g, ""));
    return tokens.some((t) => sk.includes(t));
  });
  return hit ? 1 : 0;
}

/** login_form: the page has a login or password form (1), or was fetched and has none (0). */
export function loginForm(ev: DomainEvidence): number | null {
  if (ev.login_form === true || ev.password_form === true) return 1;
  if (ev.login_form === false || ev.password_form === false) return 0;
  return null;
}

const sameHash = (a: string | null | undefined, hashes: ReadonlyArray<string | null | undefined>) =>
  !!a && hashes.some((h) => !!h && h === a);

/** A similarity in 0..1; a value above 1 is read as a percentage. */
const similarity = (x: number) => clamp01(x > 1 ? x / 100 : x);

/** html_similarity: fuzzy-hash similarity of the page to the brand's own page (identical hash -> 1). */
export function htmlSimilarity(ev: DomainEvidence, ctx: SignalContext): number | null {
  if (
    sameHash(
      ev.html_hash,
      ctx.brand.profiles.map((p) => p.html_hash),
    )
  )
    return 1;
  return ev.html_similarity == null ? null : similarity(ev.html_similarity);
}

/** screenshot_similarity: perceptual similarity of the rendered page to the brand's. */
export function screenshotSimilarity(ev: DomainEvidence, ctx: SignalContext): number | null {
  if (
    sameHash(
      ev.screenshot_hash,
      ctx.brand.profiles.map((p) => p.screenshot_hash),
    )
  )
    return 1;
  return ev.screenshot_similarity == null ? null : similarity(ev.screenshot_similarity);
}

/**
 * favicon_logo_match: the favicon is the brand's own (1) or another (0). Null when either side
 * has no favicon hash, since there is nothing to compare.
 */
export function faviconLogoMatch(ev: DomainEvidence, ctx: SignalContext): number | null {
  const brand = ctx.brand.profiles.map((p) => p.favicon_hash).filter((h): h is string => !!h);
  if (!ev.favicon_hash || brand.length === 0) return null;
  return brand.includes(ev.favicon_hash) ? 1 : 0;
}

/** Registrable domain of a URL's host, or null. */
function registrableOfUrl(url: string): string | null {
  try {
    return nameParts(new URL(url).hostname).registrable;
  } catch {
    return null;
  }
}

/**
 * redirects_to_brand (discount): the name forwards to one of the brand's own domains, typically
 * a defensive registration -> 1; fetched and lands elsewhere -> 0.
 */
export function redirectsToBrand(ev: DomainEvidence, ctx: SignalContext): number | null {
  if (ev.redirects_to_brand != null) return ev.redirects_to_brand ? 1 : 0;
  if (!ev.final_url) return null;
  const owned = new Set(ctx.brand.owned_domains.map((d) => nameParts(d).registrable ?? d));
  const target = registrableOfUrl(ev.final_url);
  return target !== null && owned.has(target) ? 1 : 0;
}
