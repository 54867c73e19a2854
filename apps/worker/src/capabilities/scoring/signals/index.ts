/** The 29 domain signals: one pure function each, named as in the contract's `DOMAIN_SIGNALS`. */
import type { TDomainSignalName } from "@brandwarden/contract/signals";
import type { DomainEvidence, SignalContext } from "../evidence.ts";
import { mxAcceptsBrandMail, mxPresent, parked, resolves, spfDmarc, wildcard } from "./dns-mail.ts";
import { campaignMembership, threatFeedHit } from "./intel.ts";
import {
  brandInUnrelatedDomain,
  brandKeywordCombo,
  editDistance,
  fauxTldToken,
  labelShape,
  permutationFamily,
  punycodeMixedScript,
  suspiciousTld,
  visualDistance,
} from "./lexical.ts";
import {
  freeSubdomainHost,
  privacyProtected,
  registrarAbuseRecord,
  registrationRecent,
} from "./registration.ts";
import {
  brandInCertificate,
  faviconLogoMatch,
  htmlSimilarity,
  liveWeb,
  loginForm,
  recentDvCertificate,
  redirectsToBrand,
  screenshotSimilarity,
} from "./web.ts";

/** A signal: evidence in, a value in [0, 1] out, or null when the evidence is unknown. */
export type DomainSignalFn = (ev: DomainEvidence, ctx: SignalContext) => number | null;

export const DOMAIN_SIGNAL_FNS: Readonly<Record<TDomainSignalName, DomainSignalFn>> = {
  permutation_family: permutationFamily,
  visual_distance: visualDistance,
  edit_distance: editDistance,
  brand_keyword_combo: brandKeywordCombo,
  brand_in_unrelated_domain: brandInUnrelatedDomain,
  faux_tld_token: fauxTldToken,
  suspicious_tld: suspiciousTld,
  punycode_mixed_script: punycodeMixedScript,
  label_shape: labelShape,
  registration_recent: registrationRecent,
  privacy_protected: privacyProtected,
  registrar_abuse_record: registrarAbuseRecord,
  free_subdomain_host: freeSubdomainHost,
  resolves,
  mx_present: mxPresent,
  spf_dmarc: spfDmarc,
  mx_accepts_brand_mail: mxAcceptsBrandMail,
  parked,
  wildcard,
  live_web: liveWeb,
  recent_dv_certificate: recentDvCertificate,
  brand_in_certificate: brandInCertificate,
  login_form: loginForm,
  html_similarity: htmlSimilarity,
  screenshot_similarity: screenshotSimilarity,
  favicon_logo_match: faviconLogoMatch,
  redirects_to_brand: redirectsToBrand,
  threat_feed_hit: threatFeedHit,
  campaign_membership: campaignMembership,
};

export type SignalValues = Record<string, number | null>;

/** Every domain signal's value for one finding (rounded to 3 decimals, so stored values are stable). */
export function computeDomainSignals(ev: DomainEvidence, ctx: SignalContext): SignalValues {
  const out: SignalValues = {};
  for (const [name, fn] of Object.entries(DOMAIN_SIGNAL_FNS)) {
    const v = fn(ev, ctx);
    out[name] =
      v === null || !Number.isFinite(v) ? null : Math.round(Math.min(1, Math.max(0, v)) * 1000) / 1000;
  }
  return out;
}
