import { randomBytes } from "node:crypto";
import type { CountOutbound } from "../../lib/outbound.ts";
import type { SecureContext } from "node:tls";
import type { TDomainFindingFields } from "@brandwarden/contract/findings";
import type { BrandContext } from "../brand/brand-context.ts";
import type { Logger } from "@brandwarden/platform/logger/logger";
import type { DnsClient } from "../../ports/dns/dns.port.ts";
import type { HttpClient } from "../../ports/http/http.port.ts";
import { isParkingNs, lookupDnsRecords } from "./dns-records.ts";
import type { InfrastructureResult } from "./infrastructure-lookup.ts";
import { lookupIntel, type IntelSettings } from "./intel/intel-clients.ts";
import { ok, unavailable, unknown, withDeadline, type Provenance } from "./provenance.ts";
import { lookupRegistration } from "./registration/registration.ts";
import type { RdapClient } from "./registration/rdap-client.ts";
import type { ServerStats } from "./registration/server-pacer.ts";
import type { WhoisClient } from "./registration/whois-client.ts";
import { perceptualSimilarity } from "@brandwarden/platform/images/perceptual-hash";
import type { Screenshotter } from "./screenshot/screenshotter.ts";
import { probeSmtp } from "./smtp-probe.ts";
import { inspectTls } from "./tls-inspect.ts";
import type { UnresponsiveHosts } from "./unresponsive-hosts.ts";
import { probeWeb } from "./web/web-probe.ts";

// One registered lookalike to evidence: registration, DNS, web, TLS, screenshot, infrastructure
// and intelligence in parallel, each under its own deadline, each stamped with its provenance.
// When the whole run fails (every network source unknown, or it throws) it is retried once.

type EnrichedFields = Partial<TDomainFindingFields> & { screenshot_png?: string };

export interface EnrichResult {
  fields: EnrichedFields;
  provenance: Record<string, Provenance>;
  attempts: number;
}

export interface ResolvedAddresses {
  a: string[];
  aaaa: string[];
  mx: string[];
  ns: string[];
}

export interface EnrichDeps {
  dns: DnsClient;
  rdap: RdapClient;
  whois: WhoisClient;
  /** The registry servers' pacing (RDAP and WHOIS), and which RDAP server a domain's lookup goes to. */
  registries?: { stats(): ServerStats[]; serverFor(domain: string): Promise<string | null> };
  infrastructure: (ip: string) => Promise<InfrastructureResult>;
  /** null: screenshots switched off (SCREENSHOTS=false). */
  screenshotter: Screenshotter | null;
  /** An HTTP client dialling these names at these addresses (others through DNS). */
  httpFor: (pins: Map<string, string[]>) => HttpClient;
  /** Unpinned client for intelligence APIs. */
  http: HttpClient;
  intel: IntelSettings;
  /** Runs `fn` under the per-host limit of `ip`. */
  perHost: <T>(ip: string, fn: () => Promise<T>) => Promise<T>;
  /** Addresses that keep timing out are not dialled again (one per scan). Absent: always dialled. */
  unresponsive?: UnresponsiveHosts;
  settings: {
    allowPrivateNetwork: boolean;
    /** One secure context for certificate inspection, built once from the trusted roots. */
    tlsContext: SecureContext;
    timeoutMs: number;
    sourceTimeoutMs: number;
    smtpProbe: boolean;
    smtpPort?: number;
  };
  logger?: Logger;
  /** Counts requests to the outside (metrics); TLS handshakes are counted here. */
  outbound?: CountOutbound;
}

export interface EnrichOptions {
  resolved: ResolvedAddresses;
  brand: BrandContext;
  deps: EnrichDeps;
}

/** Some of a lookalike's evidence: its fields and the provenance of their groups. */
export interface EnrichPart {
  fields: EnrichedFields;
  provenance: Record<string, Provenance>;
}

const NETWORK_SOURCES = ["dns", "registration", "web", "tls", "infrastructure"];

/** Every network source failed: the run is worth one retry. */
export function failedEverywhere(r: EnrichPart): boolean {
  return NETWORK_SOURCES.every((s) => r.provenance[s]?.status !== "ok");
}

/** One lookalike's evidence from two parts gathered apart (registration, the rest). */
export function mergeParts(a: EnrichPart, b: EnrichPart): EnrichPart {
  const provenance = { ...a.provenance, ...b.provenance };
  return { fields: { ...a.fields, ...b.fields, provenance }, provenance };
}

export async function enrichLookalike(domain: string, opts: EnrichOptions): Promise<EnrichResult> {
  let last: EnrichResult | null = null;
  let lastErr: unknown = null;
  for (let attempt = 1; attempt <= 2; attempt++) {
    try {
      last = { ...(await gatherEvidence(domain, opts)), attempts: attempt };
      if (!failedEverywhere(last)) return last;
      opts.deps.logger?.warn({ domain, attempt }, "enrichment run failed for every source");
    } catch (err) {
      lastErr = err;
      opts.deps.logger?.warn({ domain, attempt, err: (err as Error).message }, "enrichment run threw");
    }
  }
  if (last) return last;
  const p = unknown("enrich", lastErr);
  return { fields: {}, provenance: { run: p }, attempts: 2 };
}

/**
 * Registration data (RDAP, WHOIS where RDAP has none) with its provenance. Not under the source
 * deadline: a request waits its turn at a rate-limited registry, and each request has its own timeout.
 */
export async function registrationPart(domain: string, deps: EnrichDeps): Promise<EnrichPart> {
  const provenance: Record<string, Provenance> = {};
  const fields: EnrichedFields = {};
  await lookupRegistration(domain, deps).then(
    (r) => {
      if (r.info) {
        const { name_servers: _ns, ...info } = r.info;
        Object.assign(fields, info);
        provenance.registration = ok(r.source!, {
          origin: r.origin,
          ...(r.rdapError ? { rdap_error: r.rdapError } : {}),
        });
      } else
        provenance.registration = unknown(r.source ?? "rdap", r.error ?? "no data", {
          rdap_error: r.rdapError,
        });
    },
    (err) => void (provenance.registration = unknown("rdap", err)),
  );
  return { fields, provenance };
}

/**
 * One run over every source. `registration: false` leaves registration out (a scheduler looks it
 * up apart, at its registry's pace); otherwise it runs here under the source deadline like the rest.
 */
export async function gatherEvidence(
  domain: string,
  { resolved, brand, deps }: EnrichOptions,
  { registration: withRegistration = true }: { registration?: boolean } = {},
): Promise<EnrichPart> {
  const s = deps.settings;
  const deadline = <T>(p: Promise<T>, what: string) => withDeadline(p, s.sourceTimeoutMs, what);
  const registration: Promise<EnrichPart> = withRegistration
    ? deadline(registrationPart(domain, deps), "registration").catch((err): EnrichPart => ({
        fields: {},
        provenance: { registration: unknown("rdap", err) },
      }))
    : Promise.resolve({ fields: {}, provenance: {} });
  const fields: EnrichedFields = {};
  const prov: Record<string, Provenance> = {};

  // The wildcard probe goes out with the record lookups: one round trip, not two.
  const wildcardProbe = deps.dns.query(`${randomBytes(6).toString("hex")}.${domain}`, "A").catch(() => null);
  const dnsPart = deadline(lookupDnsRecords(domain, deps.dns), "dns").then(
    async (r) => {
      Object.assign(fields, { dns_a: r.dns_a, dns_aaaa: r.dns_aaaa, dns_mx: r.dns_mx, dns_ns: r.dns_ns, dns_txt: r.dns_txt, spf: r.spf, dmarc: r.dmarc }); // prettier-ignore
      const wildcard = await wildcardProbe;
      fields.wildcard = wildcard ? wildcard.answers.some((x) => x.type === "A") : null;
      const failedTypes = Object.keys(r.failed);
      const apexFailed = ["A", "AAAA", "MX", "NS", "TXT", "CAA"].every((t) => t in r.failed);
      prov.dns = apexFailed ? unknown("dns", `all lookups failed: ${JSON.stringify(r.failed)}`) : ok("dns", { ttls: r.ttls, caa: r.caa, parking_ns: r.parking_ns, ...(failedTypes.length ? { failed: r.failed } : {}) }); // prettier-ignore
      return r;
    },
    (err) => {
      prov.dns = unknown("dns", err);
      return null;
    },
  );

  // Web, TLS and hosting start on the addresses the scan resolved; the records are awaited only
  // when it resolved none (an owned-profile or watch call without them).
  const known = resolved.a.length ? resolved.a : resolved.aaaa;
  const dnsResult = known.length && resolved.ns.length ? null : await dnsPart;
  const ips = known.length ? known : (dnsResult?.dns_a ?? []);
  const ip = ips[0] ?? null;
  const pins = new Map<string, string[]>(
    ips.length
      ? [
          [domain, ips],
          [`www.${domain}`, ips],
        ]
      : [],
  );
  const mx = resolved.mx.length ? resolved.mx : (dnsResult?.dns_mx ?? []);
  const parkingNs = dnsResult ? (dnsResult.parking_ns ?? false) : isParkingNs(resolved.ns);

  const webAndShot = async () => {
    if (!ip) {
      prov.web = unknown("http", "no address to fetch");
      prov.tls = unknown("tls", "no address");
      prov.screenshot = unknown("chromium", "no address");
      return;
    }
    if (deps.unresponsive?.skip(ip)) {
      const why = `EHOSTUNRESPONSIVE: ${ip} timed out for other lookalikes just before; not dialled again this scan`;
      prov.web = unknown("http", why);
      prov.tls = unknown("tls", why);
      prov.screenshot = unknown("chromium", "no page to capture");
      return;
    }
    const http = deps.httpFor(pins);
    try {
      // Web and TLS hold a per-host slot; the screenshot waits for a browser page instead.
      const [web] = await deps.perHost(ip, () =>
        Promise.all([
          deadline(
            probeWeb({
              domain,
              brand,
              ownedProfiles: brand.profiles,
              parkingNs,
              http,
              logger: deps.logger,
            }),
            "web",
          ).then(
            (w) => {
              Object.assign(fields, w.fields);
              prov.web = w.error ? unknown("http", `${w.error.code}: ${w.error.message}`, { schemes: w.schemes }) : ok("http", { schemes: w.schemes, address: ip, body_truncated: w.bodyTruncated }); // prettier-ignore
              return w;
            },
            (err) => void (prov.web = unknown("http", err)),
          ),
          deadline(
            inspectTls(domain, ip, brand.brand_names, {
              secureContext: s.tlsContext,
              timeoutMs: s.timeoutMs,
              allowPrivateNetwork: s.allowPrivateNetwork,
            }),
            "tls",
          ).then(
            // prettier-ignore
            (t) => {
              deps.outbound?.("tls", "ok");
              Object.assign(fields, t.fields);
              prov.tls = ok("tls", { address: ip, validation_error: t.validationError, age_days: t.ageDays });
            },
            (err) => {
              deps.outbound?.("tls", "error");
              prov.tls = unknown("tls", err);
            },
          ),
        ]),
      );
      const timedOut = (p?: Provenance) =>
        p?.status === "unknown" && /ETIMEDOUT|timed out/.test(p.error ?? "");
      deps.unresponsive?.record(ip, timedOut(prov.web) && timedOut(prov.tls));
      if (!deps.screenshotter) prov.screenshot = unavailable("chromium", "screenshots disabled");
      else if (!web?.pageUrl) prov.screenshot = unknown("chromium", "no page to capture");
      else {
        // The screenshotter bounds each page itself (queue wait is not the page's fault).
        await deps.screenshotter.capture(web.pageUrl, pins).then(
          (shot) => {
            fields.screenshot_png = shot.png.toString("base64");
            fields.screenshot_hash = shot.hash;
            const sims = brand.profiles.map((p) => perceptualSimilarity(shot.hash, p.screenshot_hash)).filter((x): x is number => x !== null); // prettier-ignore
            fields.screenshot_similarity = sims.length ? Math.max(...sims) : null;
            prov.screenshot = ok("chromium", { url: web.pageUrl, ...(shot.hash ? {} : { hash: "image library unavailable" }) }); // prettier-ignore
          },
          (err) => {
            const code = (err as { code?: string }).code;
            prov.screenshot = code === "ESCREENSHOTUNAVAILABLE" ? unavailable("chromium", (err as Error).message) : unknown("chromium", err); // prettier-ignore
          },
        );
      }
    } finally {
      await http.close();
    }
  };

  const infraPart = async () => {
    if (!ip) return void (prov.infrastructure = unknown("rdap-ip", "no address"));
    const r = await deadline(deps.infrastructure(ip), "infrastructure").catch((err) => ({ info: null, source: null, error: String((err as Error).message) })); // prettier-ignore
    if (!r.info)
      return void (prov.infrastructure = unknown("rdap-ip", r.error ?? "no data", { address: ip }));
    Object.assign(fields, { asn: r.info.asn, asn_org: r.info.asn_org ?? r.info.owner, ip_country: r.info.ip_country, hosting_abuse_email: r.info.hosting_abuse_email }); // prettier-ignore
    prov.infrastructure = ok(r.source === "whois" ? "whois-ip" : "rdap-ip", { address: ip, owner: r.info.owner, network: r.info.network_name, cidr: r.info.cidr, abuse_phone: r.info.hosting_abuse_phone }); // prettier-ignore
  };

  const smtpPart = async () => {
    if (!s.smtpProbe) return void (prov.smtp = unavailable("smtp", "SMTP_PROBE is off"));
    if (!mx.length) return void (prov.smtp = unknown("smtp", "no MX"));
    await deadline(
      probeSmtp(domain, mx, {
        dns: deps.dns,
        allowPrivateNetwork: s.allowPrivateNetwork,
        timeoutMs: s.timeoutMs,
        port: s.smtpPort,
      }),
      "smtp",
    ).then(
      // prettier-ignore
      (r) => {
        fields.mx_accepts_mail = r.accepts;
        prov.smtp = ok("smtp", { mx: r.mx });
      },
      (err) => void (prov.smtp = unknown("smtp", err)),
    );
  };

  const intelPart = async () => {
    const results = await lookupIntel({ domain, ip }, deps.intel, deps.http);
    prov.intel = {
      source: "intel",
      at: new Date().toISOString(),
      status: results.some((r) => r.status === "ok") ? "ok" : "unavailable",
      ...Object.fromEntries(results.map((r) => [r.source, r])),
    };
  };

  const regPart = registration.then((r) => {
    Object.assign(fields, r.fields);
    Object.assign(prov, r.provenance);
  });
  await Promise.all([dnsPart, regPart, webAndShot(), infraPart(), smtpPart(), intelPart()]);
  if (fields.parked == null && parkingNs) fields.parked = true; // parking NS alone says so
  fields.provenance = prov;
  return { fields, provenance: prov };
}
