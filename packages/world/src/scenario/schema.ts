import { z } from "zod";
import { DNSTWIST_FUZZERS } from "@brandwarden/contract/constants";
import { ServicesScenarioSchema } from "./services-schema.ts";

// The scenario format: everything the world serves, as one JSON document. Field names are
// snake_case like the rest of the wire formats. Dates are ISO-8601 instants; the world shifts them
// all by (now - anchor) at start so a checked-in scenario keeps its "registered 3 days ago" meaning.

const Ipv4 = z.ipv4();
const Ipv6 = z.ipv6();
const Instant = z.iso.datetime({ offset: true });
// A lowercase ASCII (punycode) DNS name without the trailing dot.
const HostName = z
  .string()
  .min(1)
  .max(253)
  .regex(/^(\*\.)?([a-z0-9_]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/, "lowercase ASCII DNS name");

export const SITE_KINDS = [
  "phishing", // a clone of the brand's login page whose form posts to another host
  "parked", // a parking provider's ads page, on parking name servers and IPs
  "redirect", // 301 to one of the brand's owned domains (defensive registration)
  "unrelated", // an ordinary business that happens to look alike
  "mail_only", // MX records, no A record, nothing listening
  "error", // the web server answers with an HTTP error status
  "timeout", // the web server accepts the connection and never answers
  "reset", // the web server resets the connection
] as const;
export const SiteKindSchema = z.enum(SITE_KINDS);
export type SiteKind = z.infer<typeof SiteKindSchema>;

// Permutation families: dnstwist's fuzzer names plus `combosquat` (brand + word).
const FUZZERS = [...DNSTWIST_FUZZERS, "combosquat"] as const;
const FuzzerSchema = z.enum(FUZZERS);
export type Fuzzer = z.infer<typeof FuzzerSchema>;

// servfail: rcode SERVFAIL; noanswer: NOERROR with an empty answer for every type; slow: the
// normal answer after `delay_ms`.
const DnsFaultSchema = z.enum(["servfail", "noanswer", "slow"]);
export type DnsFault = z.infer<typeof DnsFaultSchema>;

const MxSchema = z.object({ priority: z.number().int().min(0).max(65535), exchange: HostName });

const CaaSchema = z.object({
  flags: z.number().int().min(0).max(255).default(0),
  tag: z.enum(["issue", "issuewild", "iodef"]),
  value: z.string(),
});

// Any further record, for names below the domain (mail.x, big.x) or unusual shapes.
// `value`: an address for A/AAAA, a name for CNAME/NS, "priority exchange" for MX, text for TXT.
const ExtraRecordSchema = z.object({
  name: HostName,
  type: z.enum(["A", "AAAA", "CNAME", "NS", "MX", "TXT"]),
  value: z.string().min(1),
  ttl: z.number().int().min(0).optional(),
});

// The zone of one domain. The apex gets a/aaaa/mx/ns/txt/caa, `_dmarc.<domain>` the dmarc TXT,
// `www.<domain>` a CNAME to the apex when `www` is set, and every other name below the domain
// the apex's A/AAAA when `wildcard` is set.
const DnsSchema = z.object({
  a: z.array(Ipv4).default([]),
  aaaa: z.array(Ipv6).default([]),
  mx: z.array(MxSchema).default([]),
  ns: z.array(HostName).min(1),
  txt: z.array(z.string()).default([]), // SPF and verification strings
  dmarc: z.string().nullable().default(null),
  caa: z.array(CaaSchema).default([]),
  www: z.boolean().default(true),
  wildcard: z.boolean().default(false),
  fault: DnsFaultSchema.nullable().default(null),
  delay_ms: z.number().int().min(0).max(60_000).default(1500), // for fault "slow"
  ttl: z.number().int().min(0).default(300),
  extra: z.array(ExtraRecordSchema).default([]),
});

// What RDAP and WHOIS say about the domain.
const RegistrationSchema = z.object({
  registrar: z.string().min(1),
  registrar_iana_id: z.number().int().min(1),
  registrar_url: z.string().default(""),
  abuse_email: z.email(),
  abuse_phone: z.string().default(""), // "+1.4806242505" EPP format
  created: Instant,
  updated: Instant,
  expires: Instant,
  status: z.array(z.string()).default(["clientTransferProhibited"]), // EPP status codes
  privacy: z.boolean().default(false), // registrant hidden behind a privacy/proxy service
  registrant_org: z.string().nullable().default(null),
  registrant_country: z.string().length(2).nullable().default(null),
});

// The certificate served for the domain (SNI). Issued by an issuer named issuer_cn/issuer_org that
// chains to the world root, unless self_signed. null: no certificate of its own (the host's default).
const TlsSchema = z.object({
  issuer_cn: z.string().min(1),
  issuer_org: z.string().min(1),
  not_before: Instant,
  not_after: Instant,
  sans: z.array(HostName).default([]), // default: the domain and www.<domain> (and *.<domain> if wildcard)
  self_signed: z.boolean().default(false),
});

// Optional per-site overrides of what the site kind serves.
const SiteOverridesSchema = z.object({
  title: z.string().optional(),
  html: z.string().optional(),
  http_status: z.number().int().min(100).max(599).optional(), // for kind "error"
  redirect_to: z.string().optional(), // for kind "redirect": an absolute URL
  form_action: z.string().optional(), // for kind "phishing": where the credentials go
});

const DomainBase = {
  domain: HostName, // punycode for IDN names
  dns: DnsSchema,
  registration: RegistrationSchema,
  tls: TlsSchema.nullable().default(null),
};

export const LookalikeSchema = z.object({
  ...DomainBase,
  fuzzer: FuzzerSchema,
  site_kind: SiteKindSchema,
  campaign_id: z.string().nullable().default(null), // domains of one phishing campaign share it
  site: SiteOverridesSchema.default({}),
});
export type Lookalike = z.infer<typeof LookalikeSchema>;

const OwnedDomainSchema = z.object({
  ...DomainBase,
  site: z.object({
    title: z.string(),
    html: z.string(), // the brand's page; phishing clones copy it
    redirect_to: z.string().nullable().default(null), // secondary domains redirect to the primary
  }),
});
type OwnedDomain = z.infer<typeof OwnedDomainSchema>;

// What an abuse desk does with a report that names a domain it is responsible for: acts
// `takes_down_after_s` seconds later (a registrar puts the domain on hold, a host suspends the
// site), or never answers. No desk: reports land in the mailbox and nothing happens.
const AbuseDeskSchema = z.union([
  z.object({ takes_down_after_s: z.number().min(0) }).strict(),
  z.object({ never: z.literal(true) }).strict(),
]);
export type AbuseDesk = z.infer<typeof AbuseDeskSchema>;

// The five regional internet registries; each answers RDAP in its own layout (registry/rir-rdap.ts).
export const RIRS = ["arin", "ripe", "apnic", "lacnic", "afrinic"] as const;
const RirSchema = z.enum(RIRS);
export type Rir = z.infer<typeof RirSchema>;

// The transit network above a hosting network: its AS (Team Cymru's peer answers, RDAP autnum)
// and its abuse contact, the next level when the host does not act.
const UpstreamSchema = z.object({
  asn: z.number().int().min(1),
  as_name: z.string(),
  owner: z.string(),
  country: z.string().length(2),
  abuse_email: z.email(),
  rir: RirSchema.default("arin"),
});

// An IP network of a hosting provider: what IP RDAP/WHOIS answer for any address inside it.
export const NetworkSchema = z.object({
  cidr: z.string().regex(/^\d+\.\d+\.\d+\.\d+\/\d+$/),
  // Its IPv6 block, when it has one (RDAP ipv6.json, Team Cymru origin6).
  cidr6: z.cidrv6().optional(),
  handle: z.string(),
  name: z.string(), // netname, e.g. DIGITALOCEAN-127-20-16-0
  owner: z.string(), // organisation
  asn: z.number().int().min(1),
  as_name: z.string(),
  country: z.string().length(2),
  abuse_email: z.email(),
  abuse_phone: z.string().default(""),
  kind: z.enum(["brand", "shared", "vps", "parking", "bulletproof", "cdn"]).default("shared"),
  // The RIR that registered it; absent: the world's generic ARIN-like answer at the default base.
  rir: RirSchema.optional(),
  // Allocation date (YYYY-MM-DD) as RIRs' delegation files and Team Cymru give it.
  allocated: z.iso.date().optional(),
  // A reassignment (ARIN "REASSIGNED", RIPE "ASSIGNED PA"): the handle of the provider's network
  // it was carved from. Its RDAP carries no abuse entity of its own; the parent's has it.
  parent: z.string().optional(),
  upstream: UpstreamSchema.optional(),
  // The provider's web site: serves /.well-known/security.txt (RFC 9116), and the network's
  // addresses get PTR records host-N.<provider_domain>. Its address comes from `hosts`.
  provider_domain: HostName.optional(),
  abuse_desk: AbuseDeskSchema.optional(),
});
export type Network = z.infer<typeof NetworkSchema>;

// Infrastructure names that are not scenario domains but must resolve: name servers, mail exchangers.
const HostSchema = z.object({ name: HostName, a: z.array(Ipv4).min(1) });

// A registrar's abuse desk (the mailbox is the `abuse_email` its domains' registrations carry).
const RegistrarDeskSchema = z.object({
  name: z.string().min(1), // as in registration.registrar
  abuse_email: z.email(),
  abuse_desk: AbuseDeskSchema,
});

const BrandSchema = z.object({
  name: z.string().min(1),
  primary_domain: HostName,
  logo_png_base64: z.string().default(""),
  owned_domains: z.array(OwnedDomainSchema).min(1),
});

export const ScenarioSchema = z
  .object({
    version: z.literal(1),
    anchor: Instant, // the instant the scenario's dates are relative to
    seed: z.string().default(""),
    brand: BrandSchema,
    lookalikes: z.array(LookalikeSchema),
    networks: z.array(NetworkSchema).default([]),
    hosts: z.array(HostSchema).default([]),
    registrars: z.array(RegistrarDeskSchema).default([]),
    // Registry operators' desks, by TLD (their mailbox: registry/registry-operators.ts).
    registry_desks: z
      .array(z.object({ tld: z.string().regex(/^[a-z0-9-]+$/), abuse_desk: AbuseDeskSchema }))
      .default([]),
    // TLDs the RDAP bootstrap leaves out (as IANA's does for ccTLDs without RDAP): their
    // domains are answered by WHOIS only.
    rdap_missing_tlds: z.array(z.string().regex(/^[a-z0-9-]+$/)).default([]),
    services: ServicesScenarioSchema.default(() => ServicesScenarioSchema.parse({})),
  })
  .superRefine((s, ctx) => {
    const seen = new Set<string>();
    const names = [...s.brand.owned_domains.map((d) => d.domain), ...s.lookalikes.map((d) => d.domain)];
    names.forEach((name, i) => {
      if (seen.has(name))
        ctx.addIssue({ code: "custom", message: `duplicate domain ${name}`, path: ["domains", i] });
      seen.add(name);
    });
    if (!seen.has(s.brand.primary_domain))
      ctx.addIssue({ code: "custom", message: "primary_domain is not an owned domain", path: ["brand"] });
  });
export type Scenario = z.infer<typeof ScenarioSchema>;
export type ScenarioInput = z.input<typeof ScenarioSchema>;

// A domain entry of either kind, as the servers see it.
export type DomainEntry = (Lookalike & { owned: false }) | (OwnedDomain & { owned: true });

export function allDomains(s: Scenario): DomainEntry[] {
  return [
    ...s.brand.owned_domains.map((d) => ({ ...d, owned: true as const })),
    ...s.lookalikes.map((d) => ({ ...d, owned: false as const })),
  ];
}
