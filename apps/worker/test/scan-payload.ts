import { randomUUID } from "node:crypto";
import type { TScanStartPayload } from "@brandwarden/contract/scan";

/** A scan start for Acme Bank (acmebank.com) by a new user, as the web app sends it; `over` changes fields. */
export const scanStartPayload = (over: Partial<TScanStartPayload> = {}): TScanStartPayload => ({
  scan_id: randomUUID(),
  user_id: randomUUID(),
  brand_name: "Acme Bank",
  keywords: [],
  owned_domains: ["acmebank.com"],
  social_handles: [],
  logo_url: null,
  domain_profiles: [],
  resume_from_stage: null,
  ...over,
});
