import { ISSUERS, MAIL_PROVIDERS, PARKING, REGISTRARS, businessName, type RegistrarInfo } from "./catalog.ts";
import type { GenContext } from "./gen-context.ts";
import { chance, hashString, int, pick } from "./prng.ts";
import type { Fuzzer, LookalikeSchema, SiteKind } from "./schema.ts";
import type { z } from "zod";

// One lookalike per site kind, with the DNS, registration, hosting and TLS that kind has in the
// wild: phishing on fresh privacy-protected registrations and cheap hosting, parked domains on
// parking name servers, defensive registrations at the brand's registrar, and so on.

export type LookalikeInput = z.input<typeof LookalikeSchema>;

export interface Campaign {
  id: string;
  registrar: RegistrarInfo;
  provider: string;
  ips: string[];
  startDaysAgo: number;
  wildcard: boolean;
  dropUrl: string;
  issuer: (typeof ISSUERS)[keyof typeof ISSUERS];
}

export interface BrandRefs {
  name: string;
  primary: string;
  ns: string[];
  redirectIp: string;
}

const registrar = (key: string): RegistrarInfo => REGISTRARS.find((r) => r.key === key)!;
const PHISH_REGISTRARS = ["namecheap", "namesilo", "gname", "hostinger", "pdr", "porkbun"];
const PARK_REGISTRARS = ["godaddy", "dynadot", "namesilo", "tucows", "porkbun"];
const MAINSTREAM_REGISTRARS = ["godaddy", "tucows", "ovh", "gandi", "netsol", "namecheap"];
const SHARED = ["hostinger", "godaddy", "ovh", "hetzner", "unifiedlayer"];
const VPS = ["digitalocean", "namecheap", "vultr", "amazon"];
const PHISH_HOSTS = ["frantech", "aeza", "stark", "digitalocean", "namecheap", "hostinger"];

export function newCampaign(g: GenContext, index: number): Campaign {
  const provider = pick(g.rng, PHISH_HOSTS);
  const ipCount = chance(g.rng, 0.3) ? 2 : 1;
  return {
    id: `campaign-${String(index + 1).padStart(3, "0")}`,
    registrar: registrar(pick(g.rng, PHISH_REGISTRARS)),
    provider,
    ips: Array.from({ length: ipCount }, () => g.alloc(provider)),
    startDaysAgo: int(g.rng, 3, 60),
    wildcard: chance(g.rng, 0.3),
    dropUrl: "",
    issuer: pick(g.rng, [ISSUERS.le_r10, ISSUERS.le_r11, ISSUERS.le_r10, ISSUERS.zerossl]),
  };
}

function useRegistrarNs(g: GenContext, reg: RegistrarInfo): string[] {
  for (const ns of reg.ns) g.ensureHost(ns, reg.ns_provider);
  return [...reg.ns];
}

function mailFor(g: GenContext, domain: string, providerKey?: string) {
  const mp = providerKey
    ? MAIL_PROVIDERS.find((m) => m.provider === providerKey)!
    : pick(g.rng, MAIL_PROVIDERS);
  const mx = mp.mx.map((h, i) => ({
    priority: (i + 1) * 10,
    exchange: h.replace("{label}", domain.replace(/\./g, "-")),
  }));
  for (const m of mx) g.ensureHost(m.exchange, mp.provider);
  return { mx, spf: `v=spf1 ${mp.spf} ~all` };
}

export function buildLookalike(
  g: GenContext,
  domain: string,
  fuzzer: Fuzzer,
  kind: SiteKind,
  brand: BrandRefs,
  campaign: Campaign | null,
): LookalikeInput {
  const base = { domain, fuzzer, site_kind: kind };
  switch (kind) {
    case "phishing": {
      const c = campaign!;
      // A registration burst: every domain of the campaign within 48 h of its start.
      const created = c.startDaysAgo - g.rng() * 2;
      const mail = chance(g.rng, 0.3) ? mailFor(g, domain, "namecheap") : null;
      return {
        ...base,
        campaign_id: c.id,
        dns: {
          a: c.ips,
          ns: useRegistrarNs(g, c.registrar),
          mx: mail?.mx ?? [],
          txt: mail ? [mail.spf] : [],
          wildcard: c.wildcard,
        },
        registration: g.registration(c.registrar, created, {
          privacy: true,
          country: pick(g.rng, ["IS", "PA", "US", "RU"]),
        }),
        tls: g.tls(c.issuer, created - g.rng()),
        site: c.dropUrl && !c.dropUrl.includes(`//${domain}/`) ? { form_action: c.dropUrl } : {},
      };
    }
    case "parked": {
      const park = pick(g.rng, PARKING);
      const reg = registrar(pick(g.rng, PARK_REGISTRARS));
      for (const ns of park.ns) g.ensureHost(ns, park.provider);
      const age = chance(g.rng, 0.3) ? int(g.rng, 10, 120) : int(g.rng, 200, 3000);
      return {
        ...base,
        dns: {
          a: [g.sharedIp(park.provider, 400)],
          ns: [...park.ns],
          txt: chance(g.rng, 0.5) ? ["v=spf1 -all"] : [],
          wildcard: chance(g.rng, 0.5),
        },
        registration: g.registration(reg, age, {
          privacy: chance(g.rng, 0.8),
          org: "Domain Portfolio Holdings",
        }),
        tls: chance(g.rng, 0.25) ? g.tls(ISSUERS.le_r11, int(g.rng, 1, 80)) : null,
      };
    }
    case "redirect": {
      const age = int(g.rng, 400, 5000);
      return {
        ...base,
        dns: { a: [brand.redirectIp], ns: brand.ns, txt: ["v=spf1 -all"], dmarc: "v=DMARC1; p=reject" },
        registration: g.registration(registrar("markmonitor"), age, {
          privacy: false,
          org: brand.name,
          country: "US",
          status: ["clientDeleteProhibited", "clientTransferProhibited", "clientUpdateProhibited"],
        }),
        tls: g.tls(ISSUERS.digicert, int(g.rng, 10, 300)),
        site: { redirect_to: `https://${brand.primary}/` },
      };
    }
    case "mail_only": {
      const reg = registrar(pick(g.rng, ["namecheap", "namesilo", "porkbun"]));
      const mail = mailFor(g, domain);
      const age = int(g.rng, 1, 45);
      return {
        ...base,
        dns: {
          ns: useRegistrarNs(g, reg),
          mx: mail.mx,
          txt: [mail.spf],
          dmarc: "v=DMARC1; p=none",
          www: false,
        },
        registration: g.registration(reg, age, { privacy: true }),
        tls: null,
      };
    }
    case "unrelated": {
      const reg = registrar(pick(g.rng, MAINSTREAM_REGISTRARS));
      const provider = pick(g.rng, SHARED);
      const mail = mailFor(g, domain, pick(g.rng, ["google", "microsoft", "zoho"]));
      const age = int(g.rng, 365, 6000);
      const name = businessName(hashString(domain) % 1000);
      const issuer = pick(g.rng, [
        ISSUERS.le_r10,
        ISSUERS.le_r11,
        ISSUERS.sectigo,
        ISSUERS.cpanel,
        ISSUERS.godaddy,
      ]);
      return {
        ...base,
        dns: {
          a: [g.sharedIp(provider, 12)],
          ns: useRegistrarNs(g, reg),
          mx: mail.mx,
          txt: [mail.spf],
          dmarc: chance(g.rng, 0.5) ? "v=DMARC1; p=quarantine" : null,
        },
        registration: g.registration(reg, age, { privacy: chance(g.rng, 0.4), org: name, country: "US" }),
        tls: chance(g.rng, 0.85) ? g.tls(issuer, int(g.rng, 1, Math.min(issuer.days - 5, 300))) : null,
        site: { title: name },
      };
    }
    case "error":
    case "timeout":
    case "reset": {
      const reg = registrar(pick(g.rng, [...PHISH_REGISTRARS, ...MAINSTREAM_REGISTRARS]));
      const provider = pick(g.rng, VPS);
      const age = int(g.rng, 5, 900);
      return {
        ...base,
        dns: { a: [g.sharedIp(provider, 8, kind)], ns: useRegistrarNs(g, reg) },
        registration: g.registration(reg, age, { privacy: chance(g.rng, 0.7) }),
        tls: chance(g.rng, 0.5) ? g.tls(ISSUERS.le_r10, int(g.rng, 1, 80)) : null,
        site: kind === "error" ? { http_status: pick(g.rng, [403, 404, 500, 502, 503]) } : {},
      };
    }
  }
}
