import { getDomain } from "tldts";
import { errorCode, errorMessage } from "../../lib/network-errors.ts";
import type { DnsClient } from "../../ports/dns/dns.port.ts";
import type { ChainResult, HttpResponse } from "../../ports/http/http.port.ts";
import type { BrandTerms } from "../brand/brand-context.ts";
import type { EnrichDeps } from "../enrich/enrich-domain.ts";
import { parseRdapDomain, type RegistrationInfo } from "../enrich/registration/rdap-parse.ts";
import { parseWhoisDomain } from "../enrich/registration/whois-parse.ts";
import { inspectTls } from "../enrich/tls-inspect.ts";
import { analyzeHtml } from "../enrich/web/html-analysis.ts";
import { htmlFuzzyHash } from "../enrich/web/fuzzy-hash.ts";
import type { WarcExchange } from "./warc-pack.ts";

// The site as it is now, for an evidence pack: DNS answers, the registration record as the
// registry returned it, the page over HTTPS and HTTP with every redirect hop (request and
// response), a screenshot of the final page, the TLS chain. Each part is best effort: a part
// that fails is recorded as an error, never fails the capture.

export type CaptureDeps = Pick<
  EnrichDeps,
  "dns" | "rdap" | "whois" | "httpFor" | "screenshotter" | "settings"
>;

interface DnsAnswers {
  rcode: string;
  a: string[];
  aaaa: string[];
  cname: string[];
  ns: string[];
  mx: string[];
}

interface RegistrationRecord {
  source: "rdap" | "whois";
  /** The RDAP URL or the WHOIS server. */
  origin: string;
  raw: Record<string, unknown> | string;
  info: RegistrationInfo | null;
}

export interface SiteCapture {
  /** A web server answered (any status). */
  live: boolean;
  /** Why it did not: NXDOMAIN, ECONNREFUSED, a timeout. */
  down: string | null;
  dns: DnsAnswers;
  registration: RegistrationRecord | null;
  registrationError: string | null;
  exchanges: WarcExchange[];
  final: HttpResponse | null;
  screenshot: Buffer | null;
  tls: { chainPem: string[]; validationError: string | null; subject: string | null } | null;
  baseline: { fuzzy_hash: string | null; login_form: boolean; final_url: string | null };
}

async function answers(dns: DnsClient, name: string, type: "A" | "AAAA" | "CNAME" | "NS" | "MX") {
  const res = await dns.query(name, type).catch(() => null);
  return { rcode: res?.rcode ?? "TIMEOUT", data: (res?.answers ?? []).filter((r) => r.type === type).map((r) => r.data) }; // prettier-ignore
}

async function lookupDns(dns: DnsClient, domain: string): Promise<DnsAnswers> {
  const zone = getDomain(domain, { allowPrivateDomains: false }) ?? domain;
  const [a, aaaa, cname, ns, mx] = await Promise.all([
    answers(dns, domain, "A"),
    answers(dns, domain, "AAAA"),
    answers(dns, domain, "CNAME"),
    answers(dns, zone, "NS"),
    answers(dns, domain, "MX"),
  ]);
  return { rcode: a.rcode, a: a.data, aaaa: aaaa.data, cname: cname.data, ns: ns.data, mx: mx.data };
}

/** The registration record as the registry returned it: RDAP JSON, else WHOIS text. */
async function lookupRegistrationRecord(
  domain: string,
  deps: Pick<CaptureDeps, "rdap" | "whois">,
): Promise<{ record: RegistrationRecord | null; error: string | null }> {
  const name = getDomain(domain, { allowPrivateDomains: false }) ?? domain;
  let rdapError: string;
  try {
    const { json, url } = await deps.rdap.domain(name);
    return { record: { source: "rdap", origin: url, raw: json, info: parseRdapDomain(json) }, error: null };
  } catch (err) {
    rdapError = `RDAP ${errorCode(err)}: ${errorMessage(err)}`;
  }
  try {
    const { text, server } = await deps.whois.query(name);
    return {
      record: { source: "whois", origin: server, raw: text, info: parseWhoisDomain(text) },
      error: null,
    };
  } catch (err) {
    return { record: null, error: `${rdapError}; WHOIS ${errorCode(err)}: ${errorMessage(err)}` };
  }
}

/** The request and response of every hop of a fetched chain, for a WARC. */
export const exchangesOf = (chain: ChainResult): WarcExchange[] =>
  (chain.responses ?? []).map((r) => ({
    url: r.url,
    at: r.at ?? new Date(),
    requestHeaders: r.requestHeaders ?? {},
    status: r.status,
    responseHeaders: r.headers,
    body: r.body,
  }));

export async function captureSite(
  domain: string,
  brand: BrandTerms,
  deps: CaptureDeps,
): Promise<SiteCapture> {
  const [dns, reg] = await Promise.all([lookupDns(deps.dns, domain), lookupRegistrationRecord(domain, deps)]);
  const base = { dns, registration: reg.record, registrationError: reg.error };
  const none = { fuzzy_hash: null, login_form: false, final_url: null };
  const ips = dns.a.length ? dns.a : dns.aaaa;
  if (dns.rcode === "NXDOMAIN" || !ips.length)
    return { ...base, live: false, down: dns.rcode === "NXDOMAIN" ? "NXDOMAIN" : "no address", exchanges: [], final: null, screenshot: null, tls: null, baseline: none }; // prettier-ignore

  const pins = new Map([[domain, ips]]);
  const http = deps.httpFor(pins);
  try {
    const [secure, plain] = await Promise.all([
      http.getChain(`https://${domain}/`),
      http.getChain(`http://${domain}/`),
    ]);
    const done = (c: ChainResult) => c.stopped === "done" && c.final !== null;
    // As a browser would: HTTPS when it ends on a page, else HTTP, else whatever answered.
    const chosen = done(secure) && secure.final!.status < 400 ? secure : done(plain) ? plain : done(secure) ? secure : null; // prettier-ignore
    const exchanges = [...exchangesOf(secure), ...exchangesOf(plain)];
    if (!chosen) {
      const down = plain.error?.code ?? secure.error?.code ?? plain.stopped;
      return { ...base, live: exchanges.length > 0, down, exchanges, final: null, screenshot: null, tls: null, baseline: none }; // prettier-ignore
    }
    const final = chosen.final!;
    const html = /html|xml|text/i.test(final.headers["content-type"] ?? "text/html") ? final.body.toString("utf8") : ""; // prettier-ignore
    const analysis = html ? analyzeHtml(html, final.url, brand) : null;
    const [shot, tls] = await Promise.all([
      deps.screenshotter?.capture(final.url, pins).catch(() => null) ?? null,
      inspectTls(domain, ips[0]!, brand.brand_names, {
        secureContext: deps.settings.tlsContext,
        timeoutMs: deps.settings.timeoutMs,
        allowPrivateNetwork: deps.settings.allowPrivateNetwork,
      }).catch(() => null),
    ]);
    return {
      ...base,
      live: true,
      down: null,
      exchanges,
      final,
      screenshot: shot?.png ?? null,
      tls: tls && {
        chainPem: tls.chainPem,
        validationError: tls.validationError,
        subject: tls.fields.tls_subject,
      },
      baseline: {
        fuzzy_hash: analysis ? htmlFuzzyHash(analysis.normalized) : null,
        login_form: analysis?.loginForm ?? false,
        final_url: final.url,
      },
    };
  } finally {
    await http.close();
  }
}
