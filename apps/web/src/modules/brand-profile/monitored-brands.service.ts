import type { TMonitoredBrand, TMonitoredBrandsResponse } from "@brandwarden/contract/monitored-brands";
import type { TDomainProfile } from "@brandwarden/contract/scan";
import type { MonitoredBrandsRepository } from "./monitored-brands.repository.ts";

/**
 * Every user with an owned domain, as a brand the worker's monitors match new names against:
 * brand names, the user's keywords with the derived ones of the current generation (what a
 * scan gets), owned domains and their completed profiles.
 */
export function createMonitoredBrandsService(deps: { repo: MonitoredBrandsRepository }) {
  return {
    async list(): Promise<TMonitoredBrandsResponse> {
      const [userRows, domainRows] = await Promise.all([deps.repo.users(), deps.repo.ownedDomains()]);
      const domains = new Map<string, { names: string[]; profiles: TDomainProfile[] }>();
      for (const d of domainRows) {
        const entry = domains.get(d.user_id) ?? { names: [], profiles: [] };
        entry.names.push(d.domain);
        if (d.enrichment_status === "completed" && d.profile) entry.profiles.push(d.profile);
        domains.set(d.user_id, entry);
      }
      const brands: TMonitoredBrand[] = [];
      for (const u of userRows) {
        const owned = domains.get(u.id);
        if (!owned) continue; // nothing to impersonate yet
        const derived = u.derived_generation === u.keyword_generation ? (u.derived_keywords ?? []) : [];
        const keywords = [...new Set([...u.keywords, ...derived].map((k) => k.trim().toLowerCase()))].filter(
          Boolean,
        );
        const names = [...new Set([u.brand_name, ...u.brand_names].filter((n): n is string => Boolean(n)))];
        brands.push({
          user_id: u.id,
          brand_name: names[0] ?? owned.names[0]!,
          brand_names: names,
          keywords,
          owned_domains: owned.names,
          domain_profiles: owned.profiles,
        });
      }
      return { brands };
    },
  };
}

export type MonitoredBrandsService = ReturnType<typeof createMonitoredBrandsService>;
