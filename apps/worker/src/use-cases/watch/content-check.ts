import type { TWatchFingerprint } from "@brandwarden/contract/watch";
import type { Logger } from "@brandwarden/platform/logger/logger";
import { isParkingNs } from "../../capabilities/enrich/dns-records.ts";
import type { BrandContext } from "../../capabilities/brand/brand-context.ts";
import type { EnrichDeps } from "../../capabilities/enrich/enrich-domain.ts";
import { CONTENT_SIMILARITY_MIN, htmlSimilarity } from "../../capabilities/enrich/web/fuzzy-hash.ts";
import { probeWeb } from "../../capabilities/enrich/web/web-probe.ts";

// The cheap look at a tracked lookalike's page between scans: one HTTP(S) fetch (with its
// redirects) and the fuzzy hash of the page, compared with what the last look saw. Only a
// material difference sends the name to full enrichment.

export interface SiteLook {
  fingerprint: TWatchFingerprint;
  /** A page answered (status below 400). */
  reachable: boolean;
}

/** Fetches the site at the addresses the watch resolved, like enrichment would, without the rest. */
export async function lookAtSite(
  domain: string,
  resolved: { a: string[]; aaaa: string[]; ns: string[] },
  brand: BrandContext,
  deps: Pick<EnrichDeps, "httpFor" | "perHost"> & { logger?: Logger },
): Promise<SiteLook> {
  const ips = resolved.a.length ? resolved.a : resolved.aaaa;
  const empty: TWatchFingerprint = {
    http_status: null,
    final_url: null,
    page_title: null,
    login_form: null,
    password_form: null,
    parked: null,
    html_hash: null,
  };
  if (!ips.length) return { fingerprint: empty, reachable: false };
  const http = deps.httpFor(
    new Map([
      [domain, ips],
      [`www.${domain}`, ips],
    ]),
  );
  try {
    const web = await deps.perHost(ips[0]!, () =>
      probeWeb({
        domain,
        brand,
        ownedProfiles: [],
        parkingNs: isParkingNs(resolved.ns),
        http,
        logger: deps.logger,
      }),
    );
    const f = web.fields;
    const fingerprint: TWatchFingerprint = {
      http_status: f.http_status,
      final_url: f.final_url,
      page_title: f.page_title,
      login_form: f.login_form,
      password_form: f.password_form,
      parked: f.parked,
      html_hash: f.html_hash,
    };
    return { fingerprint, reachable: f.http_status !== null && f.http_status < 400 };
  } finally {
    await http.close();
  }
}

const statusClass = (s: number | null) => (s === null ? null : Math.floor(s / 100));
const host = (url: string | null) => {
  if (!url) return null;
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
};

/**
 * Why the page differs materially from the last look, or null when it does not: it started or
 * stopped answering, its status class, title, forms, parking or final host moved, or its fuzzy
 * hash is below the similarity threshold. Unknown (null) on either side is not a difference,
 * except for the status: a site that stopped answering did change.
 */
export function contentDifference(before: TWatchFingerprint | null, now: TWatchFingerprint): string | null {
  if (!before) return now.http_status !== null ? "first look at the page" : null;
  if (statusClass(before.http_status) !== statusClass(now.http_status))
    return `HTTP status ${before.http_status ?? "none"} → ${now.http_status ?? "none"}`;
  const both = <T>(a: T | null, b: T | null) => a !== null && b !== null && a !== b;
  if (both(before.login_form, now.login_form)) return "login form";
  if (both(before.password_form, now.password_form)) return "password field";
  if (both(before.parked, now.parked)) return "parking";
  if (both(before.page_title, now.page_title)) return "page title";
  if (both(host(before.final_url), host(now.final_url))) return "final host";
  if (before.html_hash && now.html_hash && before.html_hash !== now.html_hash) {
    const sim = htmlSimilarity(before.html_hash, now.html_hash);
    if (sim !== null && sim < CONTENT_SIMILARITY_MIN)
      return `page content (${Math.round(sim * 100)}% similar)`;
  }
  return null;
}
