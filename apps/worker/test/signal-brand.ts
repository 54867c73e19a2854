/** A brand and clock shared by the signal tests. */
import type { SignalContext } from "../src/capabilities/scoring/evidence.ts";

export const NOW = new Date("2025-06-01T00:00:00Z");
export const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000).toISOString();

export const CTX: SignalContext = {
  now: NOW,
  brand: {
    brand_names: ["Acme Bank"],
    keywords: ["cards"],
    owned_domains: ["acmebank.com"],
    profiles: [
      {
        domain: "acmebank.com",
        ips: ["192.0.2.10"],
        name_servers: ["ns1.acmebank.com"],
        favicon_hash: "fav-brand",
        html_hash: "html-brand",
        screenshot_hash: "shot-brand",
      },
    ],
  },
};
