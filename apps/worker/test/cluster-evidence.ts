import type { ClusterEvidence } from "../src/capabilities/campaigns/keys.ts";

/** A finding's evidence for clustering, without its domain (the test names the domains). */
export type Ev = Omit<ClusterEvidence, "domain">;
export const SMALL_HOST = 64500; // not a listed mass-market network
export const HOSTINGER = 47583; // listed shared hosting
export const CLOUDFLARE = 13335; // listed CDN
/** Same registrar, created hours apart: a registration burst. */
export const burst = (h: number, registrar = "NameSilo, LLC"): Ev => ({
  registrar,
  registration_created: new Date(Date.UTC(2025, 4, 1, h)).toISOString(),
});
/** Different registrars, years apart: no burst. */
export const apart = (n: number): Ev => ({
  registrar: `Registrar ${n}`,
  registration_created: new Date(Date.UTC(2015 + n, 0, 1)).toISOString(),
});
