/**
 * The brand every capability compares with, in the contract's names. `BrandTerms`: its names,
 * keywords and own domains (what page text, certificate names and TLS subjects are matched
 * against); `BrandContext`: those and the enriched profiles of its own sites (what the pages,
 * favicons and screenshots of a lookalike are measured against). A leaf: it imports nothing of
 * the worker.
 */

export interface BrandTerms {
  /** Brand names as the customer writes them ("Acme Bank"). */
  brand_names: readonly string[];
  /** Brand keywords (user and derived), lower case: product names, not phishing words. */
  keywords: readonly string[];
  /** The customer's own domains, ASCII. */
  owned_domains: readonly string[];
}

/** The brand's own site, as enriched (`TDomainProfile` subset). */
export interface BrandSiteProfile {
  domain: string;
  ips?: readonly string[];
  name_servers?: readonly string[];
  html_hash: string | null;
  favicon_hash: string | null;
  screenshot_hash: string | null;
}

export interface BrandContext extends BrandTerms {
  /** Enriched profiles of the owned domains (hashes, IPs, name servers); may be empty. */
  profiles: readonly BrandSiteProfile[];
}

/** The brand as a scan start payload describes it (brand name, keywords, owned domains, profiles). */
export function brandContextFromScan(payload: {
  brand_name: string;
  keywords: readonly string[];
  owned_domains: readonly string[];
  domain_profiles: readonly BrandSiteProfile[];
}): BrandContext {
  return {
    brand_names: [payload.brand_name],
    keywords: payload.keywords,
    owned_domains: payload.owned_domains,
    profiles: payload.domain_profiles,
  };
}
