import type { Scenario } from "./schema.ts";

// Moves every date of the scenario by (now - anchor), so "registered two days ago" and
// "certificate valid for 90 days" stay true whenever a checked-in scenario is started.
export function rebaseScenario(s: Scenario, now: Date = new Date()): Scenario {
  const delta = now.getTime() - Date.parse(s.anchor);
  if (delta === 0) return s;
  const shift = (iso: string): string => new Date(Date.parse(iso) + delta).toISOString();
  const moveDomain = <T extends Scenario["lookalikes"][number] | Scenario["brand"]["owned_domains"][number]>(
    d: T,
  ): T => ({
    ...d,
    registration: {
      ...d.registration,
      created: shift(d.registration.created),
      updated: shift(d.registration.updated),
      expires: shift(d.registration.expires),
    },
    tls: d.tls ? { ...d.tls, not_before: shift(d.tls.not_before), not_after: shift(d.tls.not_after) } : null,
  });
  return {
    ...s,
    anchor: now.toISOString(),
    brand: { ...s.brand, owned_domains: s.brand.owned_domains.map(moveDomain) },
    lookalikes: s.lookalikes.map(moveDomain),
  };
}
