import type { Lookalike, Scenario } from "../scenario/schema.ts";
import type { CtEntrySpec } from "./ct-log-entries.ts";
import { seededRng } from "./http.ts";

// What the world's CT log holds: a certificate (and usually its precertificate first) for every
// lookalike with TLS, for the impersonators permutations never produce (`<brand>-refund-center.xyz`,
// `verify-<brand>-account.help`, `<brand>-support.netlify.app`, ...), and many unrelated names, all
// in the order a log stamps them, plus two entries nobody can parse.

const HOUR = 3_600_000;

/** Impersonating names built on the brand's label, not produced by any permutation fuzzer. */
export function impersonatorNames(brandLabel: string): string[] {
  const leet = brandLabel.replace("e", "3");
  return [
    `${brandLabel}-refund-center.xyz`,
    `verify-${brandLabel}-account.help`,
    `${brandLabel}-support.netlify.app`,
    `login-${brandLabel}.secure-portal.online`,
    ...(leet !== brandLabel ? [`${leet}-wallet-unlock.top`] : []),
  ];
}

/**
 * The impersonators as scenario lookalikes, so DNS, web, TLS and RDAP answer for them: more names
 * of the campaign of the scenario's first phishing lookalike, registered with it (same registrar,
 * same day), on its hosting, with its kit, and certified in the last hours as their sites go live.
 * In the world's truth they belong to that campaign.
 */
export function ctImpersonators(scenario: Scenario, now: Date): Lookalike[] {
  const template = scenario.lookalikes.find(
    (l) => l.site_kind === "phishing" && !l.dns.fault && l.dns.a.length,
  );
  if (!template) return [];
  const label = scenario.brand.primary_domain.split(".")[0]!;
  const taken = new Set(scenario.lookalikes.map((l) => l.domain));
  return impersonatorNames(label)
    .filter((d) => !taken.has(d))
    .map((domain) => ({
      ...template,
      domain,
      fuzzer: "combosquat" as const,
      campaign_id: template.campaign_id,
      tls: template.tls && {
        ...template.tls,
        not_before: new Date(now.getTime() - 2 * HOUR).toISOString(),
        sans: [domain, `www.${domain}`],
      },
    }));
}

const WORDS =
  "alpine bakery studio garden tractor harbor pixel maple copper velvet summit orchard lantern meadow " +
  "cobalt granite willow falcon ember prairie quartz juniper saffron tundra canyon marble cedar nimbus";
const TLDS = ["com", "net", "org", "io", "de", "co.uk", "shop", "app", "dev", "fr"];

/** Unrelated certificates: ordinary businesses and services, stamped over the last two days. */
function unrelatedSpecs(seed: string, count: number, now: number): CtEntrySpec[] {
  const rng = seededRng(`ct-unrelated|${seed}`);
  const words = WORDS.split(" ");
  const pick = <T>(xs: T[]) => xs[Math.floor(rng() * xs.length)]!;
  const out: CtEntrySpec[] = [];
  for (let i = 0; i < count; i++) {
    const domain = `${pick(words)}-${pick(words)}${i}.${pick(TLDS)}`;
    const names = rng() < 0.3 ? [domain, `*.${domain}`] : [domain, `www.${domain}`];
    out.push({ names, precert: rng() < 0.5, timestamp: now - Math.floor(rng() * 48 * HOUR) });
  }
  return out;
}

export function ctLogSpecs(scenario: Scenario, impersonators: Lookalike[], now: Date): CtEntrySpec[] {
  const t = now.getTime();
  const rng = seededRng(`ct-fresh|${scenario.seed}`);
  const fresh = (_domain: string) => Math.floor((0.5 + rng() * 11) * HOUR);
  const specs: CtEntrySpec[] = [];
  for (const l of [...scenario.lookalikes, ...impersonators]) {
    if (!l.tls || l.tls.self_signed) continue;
    const names = l.tls.sans.length ? l.tls.sans : [l.domain, `www.${l.domain}`];
    const issued = Math.min(Date.parse(l.tls.not_before), t - 60_000);
    const issuer = { cn: l.tls.issuer_cn, org: l.tls.issuer_org };
    // A CA logs the precertificate, then (often) the final certificate a moment later.
    specs.push({ names, precert: true, timestamp: issued, issuer });
    specs.push({ names, precert: false, timestamp: issued + 5_000, issuer });
    // Live phishing sites get fresh certificates (new SANs, renewals): one in the last hours.
    if (l.site_kind === "phishing")
      specs.push({ names, precert: true, timestamp: t - fresh(l.domain), issuer });
  }
  specs.push(...unrelatedSpecs(scenario.seed || scenario.brand.primary_domain, 300, t));
  specs.push({ names: [], precert: false, timestamp: t - 3 * HOUR, bad: true });
  specs.push({ names: [], precert: false, timestamp: t - 30 * HOUR, bad: true });
  return specs.sort((a, b) => a.timestamp - b.timestamp);
}
