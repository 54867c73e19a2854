/**
 * `POST /takedown/check`: is each reported site still up? The watch's cheap checks, in the order
 * that settles a site soonest: the name gone (NXDOMAIN), the registry's hold (RDAP `client hold`,
 * `server hold`), the page gone (HTTP 404/410/451), a suspension or parking page in place of the
 * captured one (TLSH below the watch's content threshold and no login form), no answer at all
 * (only when a quick retry fails too). Social profiles: 404/410 or the platform's suspended page.
 */
import pLimit from "p-limit";
import type { TTakedownCheckRequest, TTakedownCheckResponse } from "@brandwarden/contract/takedown-worker";
import { getDomain } from "tldts";
import type { EnrichDeps } from "../../capabilities/enrich/enrich-domain.ts";
import { withDeadline } from "../../capabilities/enrich/provenance.ts";
import { parseRdapDomain } from "../../capabilities/enrich/registration/rdap-parse.ts";
import { CONTENT_SIMILARITY_MIN, htmlSimilarity } from "../../capabilities/enrich/web/fuzzy-hash.ts";
import { probeWeb, type WebResult } from "../../capabilities/enrich/web/web-probe.ts";
import { CATALOGUE, handleFromUrl } from "../../capabilities/social/catalogue/index.ts";
import { classifyResponse } from "../../capabilities/social/probe-verdict.ts";
import type { PlatformBases } from "../../capabilities/social/social-config.ts";

type Site = TTakedownCheckRequest["sites"][number];
type Result = TTakedownCheckResponse["results"][number];
type Verdict = Pick<Result, "up" | "how" | "detail">;

export type CheckDeps = Pick<EnrichDeps, "dns" | "rdap" | "httpFor"> & {
  /** The social platforms' base URLs (SOCIAL_*_BASE), to know a profile URL's platform. */
  platformBases: PlatformBases;
};

export interface CheckOptions {
  concurrency?: number;
  /** Per site: a site not settled within it is reported up ("not decided"). */
  budgetMs?: number;
}

const HOLD = new Set(["clientHold", "serverHold"]);
const GONE = new Set([404, 410, 451]);
const NO_BRAND = { brand_names: [], keywords: [], owned_domains: [] };

const up = (detail: string): Verdict => ({ up: true, how: null, detail });
const down = (how: NonNullable<Result["how"]>, detail: string): Verdict => ({ up: false, how, detail });

async function fetchSite(domain: string, ips: string[], deps: CheckDeps): Promise<WebResult> {
  const http = deps.httpFor(new Map([[domain, ips]]));
  try {
    return await probeWeb({ domain, brand: NO_BRAND, ownedProfiles: [], parkingNs: false, http });
  } finally {
    await http.close();
  }
}

async function checkDomain(site: Site & { domain: string }, deps: CheckDeps): Promise<Verdict> {
  const { domain } = site;
  const a = await deps.dns.query(domain, "A").catch(() => null);
  if (a?.rcode === "NXDOMAIN") return down("nxdomain", "NXDOMAIN");
  const name = getDomain(domain, { allowPrivateDomains: false }) ?? domain;
  const rdap = await deps.rdap.domain(name).catch(() => null);
  const held = rdap ? (parseRdapDomain(rdap.json).registration_status ?? []).filter((s) => HOLD.has(s)) : [];
  if (held.length) return down("registry_hold", `RDAP status ${held.join(", ")}`);
  let ips = (a?.answers ?? []).filter((r) => r.type === "A").map((r) => r.data);
  if (!ips.length) {
    const aaaa = await deps.dns.query(domain, "AAAA").catch(() => null);
    ips = (aaaa?.answers ?? []).filter((r) => r.type === "AAAA").map((r) => r.data);
  }
  if (!ips.length) return up(`no address (${a?.rcode ?? "no DNS answer"})`);
  let web = await fetchSite(domain, ips, deps);
  // One failed fetch is not a takedown: a quick second try must fail too.
  if (web.fields.http_status === null) web = await fetchSite(domain, ips, deps);
  const status = web.fields.http_status;
  if (status === null) return down("unreachable", `no answer (${web.error?.code ?? "no response"}), twice`);
  if (GONE.has(status)) return down("http_gone", `HTTP ${status}`);
  const similarity = htmlSimilarity(site.baseline?.fuzzy_hash ?? null, web.fields.html_hash);
  if (similarity !== null && similarity < CONTENT_SIMILARITY_MIN && !web.fields.login_form)
    return down("suspension_page", `the page changed (${Math.round(similarity * 100)}% similar) and asks for no login`); // prettier-ignore
  return up(`HTTP ${status}${similarity !== null ? `, ${Math.round(similarity * 100)}% similar to the captured page` : ""}`); // prettier-ignore
}

async function checkProfile(url: string, deps: CheckDeps): Promise<Verdict> {
  const http = deps.httpFor(new Map());
  try {
    const chain = await http.getChain(url);
    const final = chain.final;
    if (!final) return up(`no answer (${chain.error?.code ?? chain.stopped})`);
    if (GONE.has(final.status)) return down("profile_gone", `HTTP ${final.status}`);
    // The scan's own reading of a profile page: suspended or missing by the platform's markers.
    const profile = handleFromUrl(url, deps.platformBases);
    const verdict = profile
      ? classifyResponse(CATALOGUE[profile.platform], { status: final.status, headers: final.headers, body: final.body.toString("utf8") }) // prettier-ignore
      : null;
    if (verdict?.status === "missing") return down("profile_gone", `${profile!.platform}: ${verdict.detail}`);
    return up(`HTTP ${final.status}${verdict ? ` (${verdict.status}: ${verdict.detail})` : ""}`);
  } finally {
    await http.close();
  }
}

async function checkSite(site: Site, deps: CheckDeps): Promise<Verdict> {
  if (site.kind === "social" || !site.domain)
    return site.profile_url ? checkProfile(site.profile_url, deps) : up("nothing to check");
  return checkDomain({ ...site, domain: site.domain }, deps);
}

export async function checkTakedowns(
  req: TTakedownCheckRequest,
  deps: CheckDeps,
  opts: CheckOptions = {},
): Promise<TTakedownCheckResponse> {
  const limit = pLimit(opts.concurrency ?? 8);
  const budget = opts.budgetMs ?? 30_000;
  const results = await Promise.all(
    req.sites.map((site) =>
      limit(async (): Promise<Result> => {
        const verdict = await withDeadline(checkSite(site, deps), budget, "takedown check").catch(
          (err: Error) => up(`not decided: ${err.message}`),
        );
        return { case_id: site.case_id, ...verdict, checked_at: new Date().toISOString() };
      }),
    ),
  );
  return { results };
}
