import type { LookalikeInput } from "./build-lookalike.ts";
import { brandHtml } from "./brand-site.ts";
import { ISSUERS, PARKING } from "./catalog.ts";
import type { GenContext } from "./gen-context.ts";
import { chance, int, pick, shuffle } from "./prng.ts";

// The background noise of the real internet, added to a generated world on request
// (`noise: true`): what makes naive campaign clustering glue unrelated names together.
// - many unrelated lookalikes behind one CDN (its name servers, a few anycast IPs, and
//   "cruise-liner" certificates whose SANs list dozens of unrelated customers);
// - shared-hosting IPs holding dozens of unrelated sites;
// - every parked name on one parking service;
// - phishing campaigns fronted by the CDN's name servers, and one phishing kit (byte-identical
//   page) used by two unrelated actors.
// Planted campaigns keep what really ties an actor's domains together: dedicated IPs and a
// registration burst at one registrar. Not all of them are tidy: every third campaign registers
// one name a week instead of in a burst, and a world with 60+ phishing names has one campaign
// of 30 to 40. On request (`brandBehindCdn`) the brand itself sits behind the CDN, so the
// brand's address and name servers are shared with every other customer there, phishing
// included.

/** Cloudflare-style name-server pairs: each account gets one, many accounts share a pair. */
const CDN_NS_PAIRS: ReadonlyArray<[string, string]> = [
  ["ada.ns.cloudflare.com", "bob.ns.cloudflare.com"],
  ["kim.ns.cloudflare.com", "tom.ns.cloudflare.com"],
  ["lara.ns.cloudflare.com", "rick.ns.cloudflare.com"],
];

const CDN_CERT_NAMES = 24; // names per shared CDN certificate
const DAY = 86_400_000;
/** Every GRADUAL_EVERY-th campaign registers one name a week instead of in a burst. */
const GRADUAL_EVERY = 3;
const BIG_CAMPAIGN = { min: 30, max: 40, fromPhishing: 60 };
const CDN_PER_IP = 150;
const SHARED_PER_IP = 40;
const SHARED_HOSTS = ["hostinger", "godaddy", "ovh", "hetzner", "unifiedlayer"];

/** A phishing kit: the brand's page cloned once, posting to a relative collector script. */
function kitHtml(brand: string, primary: string, kit: string): string {
  return brandHtml(brand, primary)
    .replace(/<form([^>]*?)action="[^"]*"/, `<form$1action="${kit}/next.php"`)
    .replace(
      /<main>/,
      `<main>\n<!-- ${kit} -->\n<p class="notice">Please verify your account to continue.</p>`,
    );
}

export function addRealWorldNoise(
  g: GenContext,
  lookalikes: LookalikeInput[],
  brand: { name: string; primary: string },
): void {
  const rng = g.rng;
  for (const pair of CDN_NS_PAIRS) for (const ns of pair) g.ensureHost(ns, "cloudflare");

  // Unrelated businesses: ~45% behind the CDN, the rest crowded on shared hosting.
  const unrelated = shuffle(
    rng,
    lookalikes.filter((l) => l.site_kind === "unrelated" || l.site_kind === "error"),
  );
  const behindCdn = unrelated.filter(() => chance(rng, 0.45));
  for (const l of unrelated) {
    if (behindCdn.includes(l)) continue;
    l.dns = { ...l.dns, a: [g.sharedIp(pick(rng, SHARED_HOSTS), SHARED_PER_IP, "noise")] };
  }
  for (let i = 0; i < behindCdn.length; i += CDN_CERT_NAMES) {
    const group = behindCdn.slice(i, i + CDN_CERT_NAMES);
    const sans = group.flatMap((l) => [l.domain, `*.${l.domain}`]);
    const cert = { ...g.tls(ISSUERS.gts, int(rng, 1, 60)), sans };
    for (const l of group) {
      l.dns = { ...l.dns, a: [g.sharedIp("cloudflare", CDN_PER_IP)], ns: [...pick(rng, CDN_NS_PAIRS)] };
      l.tls = { ...cert, sans: [...sans] };
    }
  }

  // Every parked name on one parking service.
  const park = PARKING[0]!;
  for (const ns of park.ns) g.ensureHost(ns, park.provider);
  for (const l of lookalikes.filter((x) => x.site_kind === "parked")) {
    l.dns = { ...l.dns, a: [g.sharedIp(park.provider, 400)], ns: [...park.ns] };
  }

  // Phishing: each actor's own kit, except the first two campaigns, who bought the same one;
  // a third of the campaigns hide their DNS behind the CDN.
  const byCampaign = new Map<string, LookalikeInput[]>();
  for (const l of lookalikes.filter((x) => x.site_kind === "phishing" && x.campaign_id)) {
    byCampaign.set(l.campaign_id!, [...(byCampaign.get(l.campaign_id!) ?? []), l]);
  }
  const ids = [...byCampaign.keys()].sort();
  ids.forEach((id, n) => {
    const kit = n < 2 ? "kit-shared" : `kit-${id}`;
    const html = kitHtml(brand.name, brand.primary, kit);
    const ns = chance(rng, 0.33) ? [...pick(rng, CDN_NS_PAIRS)] : null;
    for (const l of byCampaign.get(id)!) {
      l.site = { ...(l.site ?? {}), html };
      if (ns) l.dns = { ...l.dns, ns };
    }
    if (n % GRADUAL_EVERY === GRADUAL_EVERY - 1) registerWeekly(byCampaign.get(id)!);
  });
}

/** One name a week, going back from the campaign's first registration (the actor is patient). */
function registerWeekly(members: LookalikeInput[]): void {
  const sorted = [...members].sort((a, b) => (a.domain < b.domain ? -1 : 1));
  const start = Date.parse(String(sorted[0]!.registration.created));
  sorted.forEach((l, k) => {
    const created = start - k * 7 * DAY;
    l.registration = {
      ...l.registration,
      created: new Date(created).toISOString(),
      updated: new Date(created).toISOString(),
      expires: new Date(created + 365 * DAY).toISOString(),
    };
  });
}

/**
 * The brand behind the CDN: its domains, its defensive registrations and one phishing campaign
 * all answer from the CDN's anycast address with one CDN name-server pair. Only the redirect
 * and the brand-protection registrar still tell the brand's own names apart. Call after
 * addRealWorldNoise (it picks a campaign by the kits and paces that one set).
 */
export function putBrandBehindCdn(
  g: GenContext,
  owned: Array<{ dns: LookalikeInput["dns"] }>,
  lookalikes: LookalikeInput[],
): void {
  const pair = CDN_NS_PAIRS[1]!;
  for (const ns of pair) g.ensureHost(ns, "cloudflare");
  const edge = g.sharedIp("cloudflare", CDN_PER_IP);
  for (const o of owned) o.dns = { ...o.dns, a: [edge], aaaa: [], ns: [...pair] };
  for (const l of lookalikes.filter((x) => x.site_kind === "redirect")) {
    l.dns = { ...l.dns, a: [edge], ns: [...pair] };
  }
  // A campaign with its own kit, registered in a burst (behind the CDN, that is all it shows).
  const ids = [...new Set(lookalikes.filter((l) => l.campaign_id).map((l) => l.campaign_id!))].sort();
  const hidden = ids.filter((_, n) => n >= 2 && n % GRADUAL_EVERY !== GRADUAL_EVERY - 1).at(-1);
  for (const l of lookalikes.filter((x) => hidden !== undefined && x.campaign_id === hidden)) {
    l.dns = { ...l.dns, a: [edge], ns: [...pair] };
  }
}

/**
 * Planted campaign sizes with noise: 3 to 12 domains each, no stragglers below 3, and with 60
 * or more phishing names one big campaign of 30 to 40 first.
 */
export function campaignSizes(rng: () => number, total: number): number[] {
  const sizes: number[] = [];
  let left = total;
  if (total >= BIG_CAMPAIGN.fromPhishing) {
    const big = int(rng, BIG_CAMPAIGN.min, BIG_CAMPAIGN.max);
    sizes.push(big);
    left -= big;
  }
  while (left > 0) {
    let n = Math.min(left, int(rng, 3, 12));
    if (left - n > 0 && left - n < 3) n = left <= 12 ? left : n - 3; // no 1- or 2-domain leftover
    sizes.push(n);
    left -= n;
  }
  return sizes;
}

/**
 * Every lookalike behind the CDN: its name servers, its anycast IPs and its shared
 * certificates. A world where the one thing all names share is a mass-market provider.
 */
export function putEverythingBehindCdn(g: GenContext, lookalikes: LookalikeInput[]): void {
  for (const pair of CDN_NS_PAIRS) for (const ns of pair) g.ensureHost(ns, "cloudflare");
  for (let i = 0; i < lookalikes.length; i += CDN_CERT_NAMES) {
    const group = lookalikes.slice(i, i + CDN_CERT_NAMES);
    const sans = group.flatMap((l) => [l.domain, `*.${l.domain}`]);
    const cert = { ...g.tls(ISSUERS.gts, int(g.rng, 1, 60)), sans };
    for (const l of group) {
      const ns = [...pick(g.rng, CDN_NS_PAIRS)];
      l.dns = { ...l.dns, ns, ...(l.dns.a?.length ? { a: [g.sharedIp("cloudflare", CDN_PER_IP)] } : {}) };
      if (l.site_kind !== "mail_only") l.tls = { ...cert, sans: [...sans] };
    }
  }
}
