import { severityRank, type TSeverity } from "@brandwarden/contract/common";
import type { TTlp } from "@brandwarden/contract/intel-words";
import { scoId, stableId } from "./stix-ids.ts";
import { tlpMarking, tlpMarkingId } from "./tlp.ts";

/**
 * The STIX 2.1 content of a user's threat-intel feed (pure): an indicator per lookalike (and one
 * for its phishing URL when one is known), the observables seen (domain-name → ipv4/ipv6-addr,
 * url, user-account), a campaign per attack campaign (indicator → indicates → campaign), the
 * brand's identity (campaign → targets → identity) and the user's TLP 2.0 marking.
 *
 * Objects come out without `created`/`modified`: the versioning (intel-sync) stamps them, so
 * unchanged content keeps its version. A lookalike labelled benign or taken down comes out
 * `revoked: true`; STIX cannot revoke SCOs, so its observables simply stay as they were.
 */

export type StixObject = Record<string, unknown> & { type: string; id: string };

export interface IntelDomain {
  domain: string;
  /** The tracked lookalike (its dashboard page), when monitoring follows it. */
  trackedId: string | null;
  findingId: string;
  firstSeen: Date;
  score: number | null;
  severity: TSeverity | null;
  label: string | null;
  /** Taken down: the lifecycle says down or its takedown case ended `down`. */
  takenDown: boolean;
  /** Confirmed by an analyst or by hard evidence (lifecycle `malicious`). */
  malicious: boolean;
  ipv4: string[];
  ipv6: string[];
  /** The phishing page's URL when the page asks for credentials (or it is confirmed). */
  phishingUrl: string | null;
  campaignId: string | null;
  registrar: string | null;
  pageTitle: string | null;
}

export interface IntelSocial {
  platform: string;
  handle: string;
  findingId: string;
  trackedId: string | null;
  firstSeen: Date;
  score: number | null;
  severity: TSeverity | null;
  label: string | null;
  takenDown: boolean;
  displayName: string | null;
}

interface IntelCampaign {
  campaignId: string;
  name: string;
  evidence: string[];
}

export interface IntelInput {
  /** Keys the stable ids: the same lookalike of another user is another object. */
  userId: string;
  brand: string;
  tlp: TTlp;
  minSeverity: TSeverity;
  /** The dashboard's public base URL (external references point into it). */
  publicUrl: string;
  domains: IntelDomain[];
  social: IntelSocial[];
  campaigns: IntelCampaign[];
}

/** Types whose objects carry `created`/`modified` (SDOs and SROs); SCOs and markings do not get stamped. */
export const VERSIONED_TYPES = new Set(["indicator", "campaign", "identity", "relationship"]);

/** STIX pattern string literal: backslash and quote escaped (STIX 2.1 patterning, 9.4). */
const literal = (s: string) => `'${s.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;

const atLeast = (severity: TSeverity | null, floor: TSeverity) =>
  severity !== null && severityRank(severity) >= severityRank(floor);

const confidenceOf = (score: number | null) =>
  score === null ? undefined : Math.max(0, Math.min(100, Math.round(score)));

const iso = (d: Date) => d.toISOString();

/** Properties left out rather than sent empty or undefined (STIX forbids empty lists). */
function compact(o: Record<string, unknown>): StixObject {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) {
    if (v === undefined || v === null || (Array.isArray(v) && v.length === 0)) continue;
    out[k] = v;
  }
  return out as StixObject;
}

/** Social platforms in STIX's account-type vocabulary keep its word; others their own name. */
const ACCOUNT_TYPES: Record<string, string> = { twitter: "twitter", x: "twitter", facebook: "facebook" };

export function buildIntelObjects(input: IntelInput): StixObject[] {
  const u = input.userId;
  const marking = tlpMarkingId(input.tlp);
  const marks = { object_marking_refs: [marking] };
  const base = (type: string, id: string) => ({ type, spec_version: "2.1", id });
  const dashboard = (path: string, externalId: string) => [
    // A live dashboard page, not fixed content: no `hashes` (the validator's extref-hashes
    // warning asks for them on any URL; a hash of a changing page would be wrong).
    {
      source_name: "brandwarden",
      url: `${input.publicUrl.replace(/\/$/, "")}${path}`,
      external_id: externalId,
    },
  ];

  const objects = new Map<string, StixObject>();
  const add = (o: StixObject) => objects.set(o.id, o);

  const identityId = stableId("identity", `${u}:brand`);
  add(
    compact({
      ...base("identity", identityId),
      name: input.brand,
      description: `${input.brand}, the brand these lookalikes imitate (monitored by Brandwarden).`,
      identity_class: "organization",
      ...marks,
    }),
  );

  const campaignIds = new Map<string, string>();
  for (const c of input.campaigns) {
    const id = stableId("campaign", `${u}:${c.campaignId}`);
    campaignIds.set(c.campaignId, id);
  }
  const usedCampaigns = new Set<string>();

  for (const d of input.domains) {
    if (!atLeast(d.severity, input.minSeverity)) continue;
    const revoked = d.label === "benign" || d.takenDown;
    const confirmed = d.label === "confirmed" || d.malicious;
    const ips = [
      ...d.ipv4.map((value) =>
        compact({ ...base("ipv4-addr", scoId("ipv4-addr", { value })), value, ...marks }),
      ),
      ...d.ipv6.map((value) =>
        compact({ ...base("ipv6-addr", scoId("ipv6-addr", { value })), value, ...marks }),
      ),
    ];
    if (!revoked) {
      ips.forEach(add);
      add(
        compact({
          ...base("domain-name", scoId("domain-name", { value: d.domain })),
          value: d.domain,
          resolves_to_refs: ips.map((i) => i.id),
          ...marks,
        }),
      );
      if (d.phishingUrl)
        add(
          compact({ ...base("url", scoId("url", { value: d.phishingUrl })), value: d.phishingUrl, ...marks }),
        );
    }
    const refs = dashboard(
      d.trackedId ? `/lookalikes/${d.trackedId}` : `/findings/${d.findingId}`,
      d.trackedId ?? d.findingId,
    );
    const facts = [
      d.severity && `severity ${d.severity}`,
      d.score !== null && `score ${Math.round(d.score)}/100`,
      d.registrar && `registrar ${d.registrar}`,
      d.pageTitle && `page title "${d.pageTitle}"`,
      confirmed && "confirmed malicious",
    ].filter(Boolean);
    const common = {
      valid_from: iso(d.firstSeen),
      confidence: confidenceOf(d.score),
      indicator_types: [confirmed ? "malicious-activity" : "anomalous-activity"],
      pattern_type: "stix",
      pattern_version: "2.1",
      external_references: refs,
      revoked: revoked ? true : undefined,
      ...marks,
    };
    const indicatorId = stableId("indicator", `${u}:domain:${d.domain}`);
    add(
      compact({
        ...base("indicator", indicatorId),
        name: `Lookalike domain of ${input.brand}: ${d.domain}`,
        description: `${d.domain} imitates ${input.brand}'s domains; first seen ${iso(d.firstSeen)}${facts.length ? `; ${facts.join("; ")}` : ""}.`,
        pattern: `[domain-name:value = ${literal(d.domain)}]`,
        labels: ["lookalike-domain", ...(d.severity ? [`severity-${d.severity}`] : [])],
        ...common,
      }),
    );
    // The phishing URL is a second indicator (not an OR in the domain's pattern): the domain's
    // pattern stays the same when a URL appears or moves, and consumers index one observable
    // type per indicator.
    const urlIndicatorId = d.phishingUrl ? stableId("indicator", `${u}:url:${d.domain}`) : null;
    if (d.phishingUrl && urlIndicatorId)
      add(
        compact({
          ...base("indicator", urlIndicatorId),
          name: `Phishing page on ${d.domain} imitating ${input.brand}`,
          description: `${d.phishingUrl} is served by the lookalike ${d.domain} and asks visitors for credentials.`,
          pattern: `[url:value = ${literal(d.phishingUrl)}]`,
          labels: ["phishing", ...(d.severity ? [`severity-${d.severity}`] : [])],
          ...common,
        }),
      );
    const campaignId = d.campaignId ? campaignIds.get(d.campaignId) : undefined;
    if (campaignId) {
      usedCampaigns.add(d.campaignId!);
      for (const source of [indicatorId, urlIndicatorId]) {
        if (!source) continue;
        add(
          compact({
            ...base("relationship", stableId("relationship", `${u}:indicates:${source}:${campaignId}`)),
            relationship_type: "indicates",
            source_ref: source,
            target_ref: campaignId,
            revoked: revoked ? true : undefined,
            ...marks,
          }),
        );
      }
    }
  }

  for (const s of input.social) {
    if (!atLeast(s.severity, input.minSeverity)) continue;
    const revoked = s.label === "benign" || s.takenDown;
    const platform = s.platform.toLowerCase();
    const accountType = ACCOUNT_TYPES[platform] ?? platform;
    const login = s.handle;
    if (!revoked)
      add(
        compact({
          ...base("user-account", scoId("user-account", { account_type: accountType, account_login: login })),
          account_type: accountType,
          account_login: login,
          display_name: s.displayName ?? undefined,
          ...marks,
        }),
      );
    add(
      compact({
        ...base("indicator", stableId("indicator", `${u}:social:${platform}:${login.toLowerCase()}`)),
        name: `Impersonating ${s.platform} account of ${input.brand}: @${login}`,
        description: `The ${s.platform} account @${login} impersonates ${input.brand}; first seen ${iso(s.firstSeen)}${s.severity ? `; severity ${s.severity}` : ""}.`,
        indicator_types: [s.label === "confirmed" ? "malicious-activity" : "anomalous-activity"],
        pattern: `[user-account:account_type = ${literal(accountType)} AND user-account:account_login = ${literal(login)}]`,
        pattern_type: "stix",
        pattern_version: "2.1",
        valid_from: iso(s.firstSeen),
        confidence: confidenceOf(s.score),
        labels: ["impersonating-account", ...(s.severity ? [`severity-${s.severity}`] : [])],
        external_references: dashboard(
          s.trackedId ? `/lookalikes/${s.trackedId}` : `/findings/${s.findingId}?kind=social`,
          s.trackedId ?? s.findingId,
        ),
        revoked: revoked ? true : undefined,
        ...marks,
      }),
    );
  }

  for (const c of input.campaigns) {
    if (!usedCampaigns.has(c.campaignId)) continue;
    const id = campaignIds.get(c.campaignId)!;
    add(
      compact({
        ...base("campaign", id),
        name: c.name,
        description: `Lookalike domains against ${input.brand} registered together${c.evidence.length ? `: ${c.evidence.join("; ")}` : ""}.`,
        ...marks,
      }),
    );
    add(
      compact({
        ...base("relationship", stableId("relationship", `${u}:targets:${id}:${identityId}`)),
        relationship_type: "targets",
        source_ref: id,
        target_ref: identityId,
        ...marks,
      }),
    );
  }

  add(tlpMarking(input.tlp) as StixObject);
  return [...objects.values()];
}

/** An SDO/SRO with its version times, in STIX's property order (created, modified after id). */
export function stamp(o: StixObject, created: Date, modified: Date): StixObject {
  if (!VERSIONED_TYPES.has(o.type)) return o;
  const { type, spec_version, id, ...rest } = o;
  return { type, spec_version, id, created: iso(created), modified: iso(modified), ...rest } as StixObject;
}
