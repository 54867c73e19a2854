import {
  buildLookalike,
  newCampaign,
  type BrandRefs,
  type Campaign,
  type LookalikeInput,
} from "./build-lookalike.ts";
import { brandHtml, brandLogoPng } from "./brand-site.ts";
import { ALT_SUFFIXES, ISSUERS, REGISTRARS } from "./catalog.ts";
import { GenContext } from "./gen-context.ts";
import { addRealWorldNoise, campaignSizes, putBrandBehindCdn, putEverythingBehindCdn } from "./noise.ts";
import { apportion, createRng, int, shuffle, weightedOrder, type Rng } from "./prng.ts";
import {
  ScenarioSchema,
  SITE_KINDS,
  type Fuzzer,
  type Scenario,
  type ScenarioInput,
  type SiteKind,
} from "./schema.ts";
import { generateServicesScenario } from "./generate-services.ts";
import { placeTakedownTargets, takedownFields, type TakedownOptions } from "./generate-takedowns.ts";
import { permutationPool, splitDomain, type Permutation } from "./typos.ts";

export interface GenerateOptions {
  brand: string; // "Acme Bank"
  domain: string; // the brand's primary domain, "acmebank.com"
  lookalikes: number; // registered lookalikes to create
  seed: string | number;
  mix?: Partial<Record<SiteKind, number>>; // relative weights of site kinds (missing kinds: default)
  now?: Date; // dates are relative to this; default: today 00:00 UTC
  ipBase?: string; // hosting addresses are <ipBase>.x.y; default "127.20"
  // Real-internet noise (see noise.ts): CDN and shared hosting crowded with unrelated names,
  // one parking service, a phishing kit shared by two actors; campaigns of 3 to 12 domains.
  noise?: boolean;
  // Every lookalike behind one CDN (name servers, IPs, certificates); implies nothing else.
  allBehindCdn?: boolean;
  // The brand's own domains, its defensive registrations and one campaign behind one CDN.
  brandBehindCdn?: boolean;
  // Abuse desks (responsive and silent), a reassigned network, a provider's security.txt, a
  // lookalike behind Cloudflare and an RIR per network (generate-takedowns.ts).
  takedowns?: TakedownOptions;
}

export const DEFAULT_MIX: Record<SiteKind, number> = {
  phishing: 0.15,
  parked: 0.35,
  redirect: 0.05,
  unrelated: 0.25,
  mail_only: 0.08,
  error: 0.05,
  timeout: 0.04,
  reset: 0.03,
};

// How often each family shows up among registered lookalikes (combos and homoglyphs dominate).
const FAMILY_WEIGHTS: Record<Fuzzer, number> = {
  combosquat: 14, dictionary: 12, homoglyph: 12, "tld-swap": 8, addition: 6, replacement: 6, insertion: 6,
  bitsquatting: 4, omission: 5, transposition: 5, "vowel-swap": 4, repetition: 4, hyphenation: 4, subdomain: 3,
  plural: 2, cyrillic: 1, various: 1,
}; // prettier-ignore

const TYPO = new Set<Fuzzer>(["addition", "omission", "replacement", "insertion", "transposition", "repetition", "bitsquatting"]); // prettier-ignore
function kindAffinity(kind: SiteKind, p: Permutation, baseSuffix: string): number {
  if (kind === "phishing")
    return ["combosquat", "dictionary"].includes(p.fuzzer) ? 4 : p.fuzzer === "homoglyph" ? 3 : 1;
  if (kind === "redirect")
    return p.fuzzer === "tld-swap" ? 8 : splitDomain(p.domain).suffix === baseSuffix ? 2 : 1;
  if (kind === "parked") return TYPO.has(p.fuzzer) ? 3 : 1;
  return 1;
}

// Picks `n` permutations: families apportioned by weight (capped by what each can produce),
// within a family names under the brand's own suffix first.
function pickPermutations(rng: Rng, pool: Map<Fuzzer, Permutation[]>, n: number, baseSuffix: string) {
  const avail = [...pool.keys()];
  const total = avail.reduce((a, f) => a + pool.get(f)!.length, 0);
  if (n > total) throw new Error(`only ${total} lookalikes can be generated for this domain, asked for ${n}`);
  const quota = new Map<Fuzzer, number>();
  let left = n;
  let open = avail.filter((f) => pool.get(f)!.length > 0);
  while (left > 0 && open.length > 0) {
    const share = apportion(
      left,
      Object.fromEntries(open.map((f) => [f, FAMILY_WEIGHTS[f]])) as Record<string, number>,
    );
    for (const f of open) {
      const room = pool.get(f)!.length - (quota.get(f) ?? 0);
      const add = Math.min(room, share[f] ?? 0);
      quota.set(f, (quota.get(f) ?? 0) + add);
      left -= add;
    }
    open = open.filter((f) => pool.get(f)!.length > (quota.get(f) ?? 0));
  }
  const out: Permutation[] = [];
  for (const f of avail) {
    const ordered = weightedOrder(rng, pool.get(f)!, (p) =>
      splitDomain(p.domain).suffix === baseSuffix ? 30 : 1,
    );
    out.push(...ordered.slice(0, quota.get(f) ?? 0));
  }
  return out;
}

function assignKinds(rng: Rng, perms: Permutation[], mix: Record<SiteKind, number>, baseSuffix: string) {
  const counts = apportion(perms.length, mix);
  const order: SiteKind[] = [
    "phishing",
    "redirect",
    "parked",
    "mail_only",
    "error",
    "timeout",
    "reset",
    "unrelated",
  ];
  let rest = perms;
  const out = new Map<SiteKind, Permutation[]>();
  for (const kind of order) {
    const ranked = weightedOrder(rng, rest, (p) => kindAffinity(kind, p, baseSuffix));
    out.set(kind, ranked.slice(0, counts[kind]));
    rest = ranked.slice(counts[kind]);
  }
  return out;
}

function ownedDomains(g: GenContext, brand: string, primary: string, secondary: string, refs: BrandRefs) {
  const mm = REGISTRARS.find((r) => r.key === "markmonitor")!;
  const status = ["clientDeleteProhibited", "clientTransferProhibited", "clientUpdateProhibited", "serverDeleteProhibited", "serverTransferProhibited", "serverUpdateProhibited"]; // prettier-ignore
  const reg = (age: number) => g.registration(mm, age, { privacy: false, org: brand, country: "US", status });
  const mx = [{ priority: 10, exchange: `${primary.replace(/\./g, "-")}.mail.protection.outlook.com` }];
  g.ensureHost(mx[0]!.exchange, "microsoft");
  const h = primary.replace(/\W/g, "").slice(0, 12);
  // Many verification TXT records: the answer exceeds 512 bytes, so plain UDP is truncated (TC).
  const txt = [
    "v=spf1 include:spf.protection.outlook.com include:_spf.salesforce.com -all",
    `google-site-verification=${h}Zx81hQm2Lw0pT4vR7nB3cE9dF6gH1jK5`,
    `MS=ms${h.length}48391027`,
    `facebook-domain-verification=${h}q8w7e6r5t4y3u2i1o0p9`,
    `docusign=6a1f0c3e-${h.slice(0, 4)}-4d1b-9a0e-8f3c2b1a7d6e`,
    `atlassian-domain-verification=${h}Q1W2E3R4T5Y6U7I8O9P0A1S2D3F4G5H6J7K8L9`,
    `apple-domain-verification=${h}Ab12Cd34Ef56`,
    `adobe-idp-site-verification=${h}0123456789abcdef0123456789abcdef`,
    `stripe-verification=${h}9f8e7d6c5b4a39281706f5e4d3c2b1a0`,
    `globalsign-domain-verification=${h}-XyZ0123456789`,
    `zoom-domain-verification=${h}-1a2b3c4d-5e6f`,
    `onetrust-domain-verification=${h}f0e1d2c3b4a5`,
  ];
  const pool = Array.from({ length: 40 }, () => g.alloc("akamai"));
  const issued = g.tls(ISSUERS.digicert, 100);
  return [
    {
      domain: primary,
      dns: {
        a: [g.alloc("akamai"), g.alloc("akamai")],
        aaaa: ["2001:db8:a::10", "2001:db8:a::11"],
        mx,
        ns: refs.ns,
        txt,
        dmarc: `v=DMARC1; p=reject; rua=mailto:dmarc@${primary}`,
        caa: [{ flags: 0, tag: "issue" as const, value: "digicert.com" }],
        extra: [
          ...refs.ns.map((ns) => ({ name: ns, type: "A" as const, value: g.alloc("akamai") })),
          // A name with 40 addresses: another answer too big for plain UDP.
          ...pool.map((ip) => ({ name: `pool.${primary}`, type: "A" as const, value: ip })),
        ],
      },
      registration: reg(int(g.rng, 8000, 10000)),
      tls: issued,
      site: { title: `${brand} | Sign in`, html: brandHtml(brand, primary), redirect_to: null },
    },
    {
      domain: secondary,
      dns: { a: [refs.redirectIp], ns: refs.ns, txt: ["v=spf1 -all"], dmarc: "v=DMARC1; p=reject" },
      registration: reg(int(g.rng, 3000, 7000)),
      tls: issued,
      site: { title: brand, html: "", redirect_to: `https://${primary}/` },
    },
  ];
}

export function generateScenario(opts: GenerateOptions): Scenario {
  const seed = String(opts.seed);
  const rng = createRng(`world:${seed}`);
  const now = opts.now ?? new Date(new Date().toISOString().slice(0, 10) + "T00:00:00.000Z");
  const g = new GenContext(rng, now.getTime(), opts.ipBase ?? "127.20");
  const primary = opts.domain.toLowerCase();
  const { label, suffix } = splitDomain(primary);
  const secondary = `${label}.${suffix === "net" ? "com" : "net"}`;
  const refs: BrandRefs = {
    name: opts.brand,
    primary,
    ns: [`ns1.${primary}`, `ns2.${primary}`],
    redirectIp: "",
  };
  refs.redirectIp = g.alloc("akamai");
  const owned = ownedDomains(g, opts.brand, primary, secondary, refs);

  const pool = permutationPool(primary, ALT_SUFFIXES);
  for (const list of pool.values()) {
    const i = list.findIndex((p) => p.domain === secondary);
    if (i >= 0) list.splice(i, 1);
  }
  const perms = pickPermutations(rng, pool, opts.lookalikes, suffix);
  const byKind = assignKinds(rng, perms, { ...DEFAULT_MIX, ...opts.mix }, suffix);

  // Phishing comes in campaigns: a few domains each, registered in a burst, on shared hosting.
  const campaignOf = new Map<string, Campaign>();
  const phishing = byKind.get("phishing") ?? [];
  const sizes = opts.noise ? campaignSizes(rng, phishing.length) : null;
  for (let i = 0, c = 0; i < phishing.length; c++) {
    const members = phishing.slice(i, i + (sizes ? sizes[c]! : int(rng, 1, 12)));
    const campaign = newCampaign(g, c);
    const drop = members[members.length - 1]!.domain;
    campaign.dropUrl =
      members.length > 1 ? `https://${drop}/secure/submit.php` : `https://${drop}/auth/verify.php`;
    for (const m of members) campaignOf.set(m.domain, campaign);
    i += members.length;
  }

  const lookalikes: LookalikeInput[] = [];
  for (const kind of SITE_KINDS) {
    for (const p of byKind.get(kind) ?? []) {
      lookalikes.push(buildLookalike(g, p.domain, p.fuzzer, kind, refs, campaignOf.get(p.domain) ?? null));
    }
  }
  if (opts.noise) addRealWorldNoise(g, lookalikes, { name: opts.brand, primary });
  if (opts.allBehindCdn) putEverythingBehindCdn(g, lookalikes);
  if (opts.brandBehindCdn) putBrandBehindCdn(g, owned, lookalikes);
  // A few names answer badly, as some real name servers do.
  const faultable = shuffle(
    rng,
    lookalikes.filter((l) => l.site_kind !== "redirect"),
  );
  const n = lookalikes.length;
  const faults = {
    servfail: Math.round(n * 0.01),
    noanswer: Math.round(n * 0.005),
    slow: Math.round(n * 0.005),
  };
  if (n >= 20) for (const k of Object.keys(faults) as (keyof typeof faults)[]) faults[k] ||= 1;
  let at = 0;
  for (const [fault, count] of Object.entries(faults)) {
    for (let i = 0; i < count && at < faultable.length; i++, at++) {
      faultable[at]!.dns = { ...faultable[at]!.dns, fault: fault as "servfail", delay_ms: 1200 };
    }
  }
  const targets = opts.takedowns ? placeTakedownTargets(g, lookalikes) : null;
  lookalikes.sort((a, b) => (a.domain < b.domain ? -1 : 1));

  const services = generateServicesScenario({
    brand: opts.brand,
    domain: primary,
    lookalikeDomains: lookalikes.map((l) => l.domain),
    phishingDomains: lookalikes.filter((l) => l.site_kind === "phishing").map((l) => l.domain),
    rng: createRng(`services:${seed}`),
  });

  const input: ScenarioInput = {
    version: 1,
    anchor: now.toISOString(),
    seed,
    brand: {
      name: opts.brand,
      primary_domain: primary,
      logo_png_base64: brandLogoPng(opts.brand).toString("base64"),
      owned_domains: owned,
    },
    lookalikes,
    networks: g.networks(),
    ...(opts.takedowns && targets
      ? takedownFields(g.networks(), lookalikes, targets.reassignedIp, opts.takedowns)
      : {}),
    hosts: [...g.hosts].map(([name, a]) => ({ name, a })).sort((x, y) => (x.name < y.name ? -1 : 1)),
    services,
  };
  return ScenarioSchema.parse(input);
}
