/**
 * Campaigns in words: a name a person can say, the shared keys in plain language and the worst
 * severity, from the members' stored facts. Shared by the worker (reports, narratives,
 * takedown drafts) and the control plane (dashboard, campaign_stats) so every surface reads
 * the same. Pure; no I/O. Tolerant of what older scans stored: unknown key kinds, registrar
 * keys without a day, missing dates.
 */
import { severityRank, type TSeverity } from "./common.ts";
import type { TCampaignCluster } from "./scoring.ts";

/** What one member finding contributes to its campaign's description. */
export interface CampaignMemberFacts {
  domain: string;
  campaign_keys?: readonly string[] | null;
  registrar?: string | null;
  registration_created?: Date | string | null;
  asn_org?: string | null;
  severity?: TSeverity | null;
  /** The AI-adjusted severity, when the audit changed it: it wins over `severity`. */
  adjusted_severity?: TSeverity | null;
}

export interface DescribeOptions {
  /** The clusterer's registration-burst window, for the evidence words (default 48). */
  registrationWindowHours?: number;
}

export type CampaignDescription = Required<
  Pick<TCampaignCluster, "name" | "kind" | "evidence" | "worst_severity">
> &
  Pick<TCampaignCluster, "earliest_registration" | "latest_registration">;

/** Ids of the brand's probable defensive registrations start with this. */
export const DEFENSIVE_ID_PREFIX = "def_";
export const isDefensiveCampaign = (id: string): boolean => id.startsWith(DEFENSIVE_ID_PREFIX);
/** The name of every defensive group starts with this. */
const DEFENSIVE_LEAD = "Probably the brand's own registrations";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const LEAD_ORDER = ["ip", "cert", "ns", "mx", "page", "favicon", "net24", "registrar"];
const kindOf = (key: string) => (key.includes(":") ? key.slice(0, key.indexOf(":")) : "");
const valueOf = (key: string) => key.slice(key.indexOf(":") + 1);
const normRegistrar = (r: string) => r.trim().toLowerCase().replace(/\s+/g, " ");

/**
 * `<registrar>@<first day>` of a registrar-burst key; also the older `<registrar>|<month>` and
 * a bare `<registrar>`. The day is null when the key holds none.
 */
export function registrarParts(value: string): { name: string; date: string | null } {
  const m = /^(.*?)(?:[@|]([^@|]*))?$/.exec(value)!;
  const name = m[1]!.trim() || value.trim();
  const date = m[2]?.trim() || null;
  return { name, date };
}

/** "HOSTINGER-AS" -> "Hostinger", "STARK-INDUSTRIES" -> "Stark Industries", "AS-26496-GO-DADDY-COM-LLC" -> "Go Daddy", "OVH SAS" -> "OVH". */
export function operatorName(org: string | null | undefined): string | null {
  if (!org) return null;
  const words = org
    .split(/[\s,\-_]+/)
    .filter(
      (w) => w && !/^(AS|ASN|AS\d+|\d+|NET|COM|LLC|INC\.?|LTD\.?|GMBH|BV|B\.V\.|SAS|CORP|BLOCK)$/i.test(w),
    )
    .slice(0, 2);
  if (!words.length) return null;
  // Upper-case words are capitalised ("HOSTINGER" -> "Hostinger"), except acronyms ("OVH").
  return words
    .map((w) =>
      w === w.toUpperCase() && (w.length > 3 || words.length > 1) ? w[0] + w.slice(1).toLowerCase() : w,
    )
    .join(" ");
}

/** "NameSilo, LLC" -> "NameSilo", "namecheap, inc." -> "Namecheap", "GoDaddy.com, LLC" -> "GoDaddy.com". */
export const registrarShortName = (name: string): string =>
  name
    .split(/,| d\/b\/a | (?:LLC|Inc\.?|Ltd\.?|SAS|UAB|Pte\.?)(?=\s|$)/i)[0]!
    .trim()
    .replace(/(^|[\s-])(\w)(\w*)/g, (_, sep: string, a: string, b: string) =>
      /[A-Z]/.test(a + b) ? sep + a + b : sep + a.toUpperCase() + b,
    ) || name.trim();

const md = (d: Date) => `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`;

/** "Oct 25–27", "Oct 25 – Nov 2", "Oct 25", with the years when the range crosses one. UTC. */
export function dateRange(first: number, last: number): string {
  const a = new Date(Math.min(first, last));
  const b = new Date(Math.max(first, last));
  if (a.getUTCFullYear() !== b.getUTCFullYear())
    return `${md(a)}, ${a.getUTCFullYear()} – ${md(b)}, ${b.getUTCFullYear()}`;
  if (a.toISOString().slice(0, 10) === b.toISOString().slice(0, 10)) return md(a);
  if (a.getUTCMonth() === b.getUTCMonth()) return `${md(a)}–${b.getUTCDate()}`;
  return `${md(a)} – ${md(b)}`;
}

/** "2025-05-01" -> "May 1, 2025"; anything else as given. */
const dayText = (iso: string) => {
  const t = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? Date.parse(`${iso}T00:00:00Z`) : Number.NaN;
  if (Number.isNaN(t)) return iso;
  const d = new Date(t);
  return `${md(d)}, ${d.getUTCFullYear()}`;
};

/** "48 hours", "2 hours", "1 hour", "7 days". */
const windowText = (hours: number) => {
  if (hours >= 72 && hours % 24 === 0) return `${hours / 24} days`;
  return `${hours} hour${hours === 1 ? "" : "s"}`;
};

/** "both domains", "all 3 domains", "2 of 5 domains", "1 of 3 domains". */
const shareText = (members: number, size: number): string =>
  members >= size && size === 2
    ? "both domains"
    : members >= size && size > 2
      ? `all ${size} domains`
      : `${members} of ${size} domain${size === 1 ? "" : "s"}`;

const BRAND_REASONS: Readonly<Record<string, string>> = {
  redirect: "redirects to the brand's own site",
  ns: "uses the brand's own name servers",
  "dns-host": "uses the brand's name servers at its DNS host",
  ip: "hosted on the brand's own addresses",
  cert: "certificate issued for it and the brand's own domains",
  "cert-elsewhere": "serves a certificate of the brand's own domains",
  registrar: "registered at a brand-protection registrar (MarkMonitor, CSC ...)",
};

/** One shared key in plain words, with how many of the campaign's domains hold it. */
export function keyText(
  key: string,
  members: number,
  size: number,
  operator?: string | null,
  opts: DescribeOptions = {},
): string {
  const v = valueOf(key);
  const of = shareText(members, size);
  switch (kindOf(key)) {
    case "ip":
      return `same IP address ${v}${operator ? ` (${operator})` : ""}: ${of}`;
    case "net24":
      return `same small-host network ${v}: ${of}`;
    case "ns":
      return `same name servers ${v.split(",").join(", ")}: ${of}`;
    case "mx":
      return `same mail server ${v}: ${of}`;
    case "cert":
      return `same TLS certificate ${v.replace(/^sha256:/, "").slice(0, 16)}…: ${of}`;
    case "page":
      return `identical web page (one phishing kit): ${of}`;
    case "favicon":
      return `same site icon (not the brand's): ${of}`;
    case "registrar": {
      const { name, date } = registrarParts(v);
      const within = windowText(opts.registrationWindowHours ?? 48);
      const from = date ? `, from ${dayText(date)}` : "";
      return `registered at ${registrarShortName(name)} within ${within} of each other${from}: ${of}`;
    }
    case "brand":
      return `${BRAND_REASONS[v] ?? v}: ${of}`;
    default:
      return `${key}: ${of}`;
  }
}

function leadLabel(key: string, operator: string | null): string {
  const v = valueOf(key);
  switch (kindOf(key)) {
    case "ip":
      return operator ? `${operator} ${v}` : v;
    case "cert":
      return `certificate ${v.replace(/^sha256:/, "").slice(0, 8)}`;
    case "ns":
      return v.split(",")[0]!;
    case "mx":
      return `mail ${v}`;
    case "page":
      return "one phishing kit";
    case "favicon":
      return "one site icon";
    case "net24":
      return `network ${v}`;
    case "registrar":
      return `${registrarShortName(registrarParts(v).name)} burst`;
    default:
      return v || "Shared infrastructure";
  }
}

const withRegistrarCase = (key: string, names: ReadonlyMap<string, string>) => {
  if (kindOf(key) !== "registrar") return key;
  const { name, date } = registrarParts(valueOf(key));
  return `registrar:${names.get(normRegistrar(name)) ?? name}${date ? `@${date}` : ""}`;
};

const timeOf = (d: Date | string | null | undefined) => {
  if (d == null) return Number.NaN;
  return d instanceof Date ? d.getTime() : Date.parse(d);
};

/**
 * Name, evidence, registration span and worst severity of one campaign from its members.
 * Evidence lists the keys at least two members share, most shared first (a defensive group
 * lists every member's reason: those are per name, not shared).
 */
export function describeCampaign(
  campaignId: string,
  members: readonly CampaignMemberFacts[],
  opts: DescribeOptions = {},
): CampaignDescription {
  const size = new Set(members.map((m) => m.domain)).size;
  const kind = isDefensiveCampaign(campaignId) ? "defensive" : "attack";
  const holders = new Map<string, Set<string>>();
  const operatorOfIp = new Map<string, string>();
  const registrarCase = new Map<string, string>(); // keys hold registrar names lower-cased
  const times: number[] = [];
  let worst: TSeverity | null = null;
  for (const m of members) {
    for (const k of m.campaign_keys ?? []) {
      if (typeof k !== "string" || !k) continue;
      holders.set(k, (holders.get(k) ?? new Set()).add(m.domain));
      const op = operatorName(m.asn_org);
      if (kindOf(k) === "ip" && op && !operatorOfIp.has(k)) operatorOfIp.set(k, op);
    }
    if (m.registrar?.trim()) registrarCase.set(normRegistrar(m.registrar), m.registrar.trim());
    const t = timeOf(m.registration_created);
    if (!Number.isNaN(t)) times.push(t);
    const sev = m.adjusted_severity ?? m.severity ?? null;
    if (sev && (worst === null || severityRank(sev) > severityRank(worst))) worst = sev;
  }
  const rank = (k: string) => {
    const i = LEAD_ORDER.indexOf(kindOf(k));
    return i < 0 ? LEAD_ORDER.length : i;
  };
  const keys = [...holders.keys()]
    .filter((k) => kind === "defensive" || size < 2 || holders.get(k)!.size >= 2)
    .sort((a, b) => holders.get(b)!.size - holders.get(a)!.size || rank(a) - rank(b) || a.localeCompare(b));
  const evidence = keys.map((key) => ({
    key,
    members: holders.get(key)!.size,
    text: keyText(
      withRegistrarCase(key, registrarCase),
      holders.get(key)!.size,
      size,
      operatorOfIp.get(key),
      opts,
    ),
  }));
  const first = times.length ? Math.min(...times) : null;
  const last = times.length ? Math.max(...times) : null;
  const registered = first !== null ? `registered ${dateRange(first, last!)}` : null;
  const domains = `${size} domain${size === 1 ? "" : "s"}`;
  const lead =
    kind === "defensive"
      ? DEFENSIVE_LEAD
      : keys.length
        ? leadLabel(withRegistrarCase(keys[0]!, registrarCase), operatorOfIp.get(keys[0]!) ?? null)
        : "Shared infrastructure";
  return {
    name: [lead, registered, domains].filter(Boolean).join(" · ").slice(0, 300),
    kind,
    evidence,
    worst_severity: worst,
    earliest_registration: first !== null ? new Date(first).toISOString() : null,
    latest_registration: last !== null ? new Date(last).toISOString() : null,
  };
}

/** "Hostinger 127.20.80.1 · registered May 1 · 3 domains" or the id when no name is known. */
export const campaignLabel = (c: { campaign_id: string; name?: string | null }): string =>
  c.name?.trim() || c.campaign_id;
