import type { TMonitoredBrand } from "@brandwarden/contract/monitored-brands";

// Two tenants' brands, as the web app's monitored-brands API lists them: what the discovery
// sources' tests (CT follower, zone files, NRD list) match names against.

export const CONTOSO: TMonitoredBrand = {
  user_id: "11111111-1111-4111-8111-111111111111",
  brand_name: "Contoso Pay",
  brand_names: ["Contoso Pay"],
  keywords: [],
  owned_domains: ["contosopay.com"],
  domain_profiles: [],
};

export const FABRIKAM: TMonitoredBrand = {
  user_id: "22222222-2222-4222-8222-222222222222",
  brand_name: "Fabrikam",
  brand_names: ["Fabrikam"],
  keywords: [],
  owned_domains: ["fabrikam.net"],
  domain_profiles: [],
};
