// One MISP event in MISP's own JSON export format (what MISP's "Download as JSON" writes and
// PyMISP's `MISPEvent.load` reads: github.com/MISP/MISP `app/Lib/Export/JsonExport.php`,
// github.com/MISP/PyMISP `pymisp/mispevent.py`). Objects follow the templates of
// github.com/MISP/misp-objects (`phishing`, `domain-ip`, `impersonation`) and tags the
// taxonomies of github.com/MISP/misp-taxonomies (`tlp`, `circl`, `phishing`, `gsma-fraud`,
// `threats-to-dns`); misp-event.test.ts checks both against copies of the published files.

import { severityRank, type TSeverity } from "@brandwarden/contract/common";
import type { TTlp } from "@brandwarden/contract/intel-words";
import { uuidv5 } from "./stix-ids.ts";

/** The templates this builder writes (uuid and version as misp-objects publishes them). */
export const MISP_TEMPLATES = {
  phishing: {
    uuid: "2dad6f9d-d425-4217-8fda-0b0a2d815307",
    version: 7,
    metaCategory: "network",
    description: "Phishing template to describe a phishing website and its analysis.",
  },
  "domain-ip": {
    uuid: "43b3b146-77eb-4931-b4cc-b66c60f28734",
    version: 11,
    metaCategory: "network",
    description: "A domain/hostname and IP address seen as a tuple in a specific time frame.",
  },
  impersonation: {
    uuid: "01833a92-d2ff-11e9-8016-d3b988153702",
    version: 1,
    metaCategory: "misc",
    description: "Represent an impersonating account",
  },
} as const;
type TemplateName = keyof typeof MISP_TEMPLATES;

/**
 * Each relation's MISP type and category: the template's first category where it names any, else
 * the type's default category in MISP's describeTypes.json (what MISP itself picks).
 */
const RELATIONS = {
  phishing: {
    url: ["url", "Network activity"],
    hostname: ["hostname", "Network activity"],
    ip: ["ip-dst", "Network activity"],
    target: ["text", "Other"],
    online: ["text", "Other"],
    verified: ["text", "Other"],
    screenshot: ["attachment", "External analysis"],
    "takedown-request": ["datetime", "Other"],
    "takedown-request-to": ["text", "Other"],
    "takedown-time": ["datetime", "Other"],
  },
  "domain-ip": {
    domain: ["domain", "Network activity"],
    ip: ["ip-dst", "Network activity"],
    "first-seen": ["datetime", "Other"],
    "last-seen": ["datetime", "Other"],
    "registration-date": ["datetime", "Other"],
    text: ["text", "Other"],
  },
  impersonation: {
    "account-name": ["text", "Other"],
    "account-url": ["url", "Network activity"],
    "impersonated-account-name": ["text", "Other"],
    "real-name": ["text", "Other"],
    type: ["text", "Other"],
    "type-of-account": ["text", "Other"],
  },
} as const satisfies Record<TemplateName, Record<string, readonly [string, string]>>;

/** The impersonation template's `type-of-account` suggestions, by platform; others are "Other". */
const ACCOUNT_TYPES: Record<string, string> = {
  x: "Twitter",
  facebook: "Facebook",
  linkedin: "LinkedIn",
  reddit: "Reddit",
  instagram: "Instagram",
};

/** A screenshot larger than this is left out (MISP keeps attachments in the event; PHP's limits). */
export const MISP_SCREENSHOT_MAX_BYTES = 1024 * 1024;
/** All screenshots of one event together stay under this; later ones are left out. */
export const MISP_SCREENSHOTS_TOTAL_BYTES = 16 * 1024 * 1024;

/** MISP distribution per TLP: TLP:CLEAR may go to all communities, GREEN to this community. */
const DISTRIBUTION: Record<TTlp, string> = {
  clear: "3",
  green: "1",
  amber: "0",
  "amber+strict": "0",
  red: "0",
};

/** Brandwarden's namespace for the MISP UUIDs (a fixed random UUID, never to change). */
const MISP_NAMESPACE = "a3f4c2e1-7b5d-4e8f-9c0a-1d2e3f4a5b6c";

const uuidOf = (name: string) => uuidv5(MISP_NAMESPACE, name);
/**
 * Relations this builder repeats within one object (the templates allow it): their attributes are
 * named by their value; every other attribute by its relation alone, so a changed value (a site
 * going offline) updates the attribute MISP already holds instead of adding a second one.
 */
const REPEATED = new Set(["ip", "takedown-request-to"]);

/** A lookalike domain as the export reads it (a stored domain finding's fields). */
export interface MispDomainFinding {
  id: string;
  domain: string;
  domain_unicode: string | null;
  fuzzer: string | null;
  dns_a: string[] | null;
  dns_aaaa: string[] | null;
  final_url: string | null;
  login_form: boolean | null;
  password_form: boolean | null;
  redirects_to_brand: boolean | null;
  threat_feed_hits: Array<{ feed: string }> | null;
  ai_verdict: string | null;
  label: string | null;
  score: number | null;
  severity: TSeverity | null;
  adjusted_score: number | null;
  adjusted_severity: TSeverity | null;
  campaign_id: string | null;
  registration_created: string | null;
  first_seen_at?: string | null;
  updated_at: string;
}

/** An impersonating social account as the export reads it (a stored social finding's fields). */
export interface MispSocialFinding {
  platform: string;
  handle: string;
  status: string | null;
  profile_url: string | null;
  display_name: string | null;
  owned_evidence: string | null;
  label: string | null;
  severity: TSeverity | null;
  adjusted_severity: TSeverity | null;
  updated_at: string;
}

/** A takedown case of one of the lookalikes (the fields the PDF reports read too). */
interface MispTakedownCase {
  kind: string;
  domain: string | null;
  state: string;
  recipients: Array<{ address: string; state: string }>;
  opened_at: string;
  first_sent_at: string | null;
  down_at: string | null;
}

export interface MispEventInput {
  userId: string;
  brand: { name: string; handles: Array<{ platform: string; handle: string }> };
  /** The user's intel settings: TLP marking and the severity floor of non-phishing lookalikes. */
  tlp: TTlp;
  minSeverity: TSeverity;
  scan: { id: string; status: string; created_at: string; completed_at: string | null };
  domains: MispDomainFinding[];
  social: MispSocialFinding[];
  /** Attack campaigns (defensive clusters are the brand's own names and are left out). */
  campaigns: Array<{ campaign_id: string; name: string; kind: string }>;
  cases: MispTakedownCase[];
  /** PNG screenshots by finding id (only those the caller found). */
  screenshots: Map<string, Buffer>;
}

interface MispTag {
  name: string;
}
interface MispAttribute {
  uuid: string;
  type: string;
  category: string;
  value: string;
  to_ids: boolean;
  distribution: string;
  timestamp: string;
  comment: string;
  deleted: boolean;
  disable_correlation: boolean;
  object_relation?: string;
  data?: string;
  Tag?: MispTag[];
}
interface MispObject {
  uuid: string;
  name: string;
  "meta-category": string;
  description: string;
  template_uuid: string;
  template_version: string;
  timestamp: string;
  distribution: string;
  sharing_group_id: string;
  comment: string;
  deleted: boolean;
  ObjectReference: Array<{
    uuid: string;
    object_uuid: string;
    referenced_uuid: string;
    relationship_type: string;
    timestamp: string;
    comment: string;
  }>;
  Attribute: MispAttribute[];
}
export interface MispEvent {
  Event: {
    uuid: string;
    info: string;
    date: string;
    timestamp: string;
    publish_timestamp: string;
    threat_level_id: string;
    analysis: string;
    distribution: string;
    published: boolean;
    Tag: MispTag[];
    Attribute: MispAttribute[];
    Object: MispObject[];
  };
}

/** The band of the AI-adjusted score where there is one. */
const severityOf = (f: { severity: TSeverity | null; adjusted_severity: TSeverity | null }) =>
  f.adjusted_severity ?? f.severity;
const atLeast = (s: TSeverity | null, floor: TSeverity) =>
  s !== null && severityRank(s) >= severityRank(floor);

/**
 * A phishing lookalike: a page asking for credentials, a threat-feed listing, or the AI review's
 * "malicious" (the worker's takedown draft calls the same domains phishing); a name forwarding to
 * the brand's own site is a defensive registration, never phishing.
 */
export function isPhishing(f: MispDomainFinding): boolean {
  if (f.label === "benign" || f.redirects_to_brand === true) return false;
  return (
    f.login_form === true ||
    f.password_form === true ||
    (f.threat_feed_hits?.length ?? 0) > 0 ||
    f.ai_verdict === "malicious"
  );
}

/** How one attribute is written: IDS flag, attachment data, tags, correlation. */
interface Extra {
  to_ids?: boolean;
  data?: string;
  tags?: string[];
  correlate?: boolean;
}

const seconds = (iso: string) => String(Math.floor(Date.parse(iso) / 1000));
/** A tag value inside `ns:pred="…"`: MISP machine tags end at the closing quote. */
const tagValue = (s: string) => s.replace(/"/g, "'").slice(0, 200);

/**
 * The user's brand abuse as one MISP event: a `phishing` object per phishing lookalike (URL,
 * target, screenshot, takedown request and time), a `domain-ip` object per lookalike included
 * (phishing, or at or above the severity floor), an `impersonation` object per impersonating
 * account at or above the floor; TLP, brand-abuse and campaign tags. Lookalikes labelled benign,
 * names forwarding to the brand's own site and the brand's own accounts are left out. No `Orgc`:
 * the MISP instance that imports the event names its creator (the importing organisation). Every UUID is stable (UUIDv5 of the user and the
 * lookalike), so a re-export updates the same event and objects in MISP instead of adding copies.
 */
export function buildMispEvent(input: MispEventInput): MispEvent {
  const u = input.userId;
  const brand = input.brand.name;
  const campaignName = new Map(
    input.campaigns.filter((c) => c.kind === "attack").map((c) => [c.campaign_id, c.name]),
  );
  const caseOf = new Map(
    input.cases
      .filter((c) => c.kind === "domain" && c.domain && c.state !== "withdrawn")
      .sort((a, b) => a.opened_at.localeCompare(b.opened_at))
      .map((c) => [c.domain!, c]),
  );
  let timestamp = input.scan.completed_at ?? input.scan.created_at;
  const later = (iso: string | null) => {
    if (iso && iso > timestamp) timestamp = iso;
  };

  const attribute = (
    owner: string,
    [type, category]: readonly [string, string],
    value: string,
    at: string,
    extra: Extra & { relation?: string } = {},
  ): MispAttribute => ({
    uuid: uuidOf(
      `${owner}:${extra.relation ?? type}${REPEATED.has(extra.relation ?? "") ? `:${value}` : ""}`,
    ),
    ...(extra.relation ? { object_relation: extra.relation } : {}),
    type,
    category,
    value,
    to_ids: extra.to_ids ?? false,
    distribution: "5",
    timestamp: seconds(at),
    comment: "",
    deleted: false,
    disable_correlation: extra.correlate === false,
    ...(extra.data ? { data: extra.data } : {}),
    ...(extra.tags?.length ? { Tag: extra.tags.map((name) => ({ name })) } : {}),
  });

  function object<T extends TemplateName>(
    name: T,
    key: string,
    at: string,
    values: Array<[keyof (typeof RELATIONS)[T] & string, string | null | undefined, Extra?]>,
  ): MispObject {
    const t = MISP_TEMPLATES[name];
    const uuid = uuidOf(`${u}:${name}:${key}`);
    const relations = RELATIONS[name] as Record<string, readonly [string, string]>;
    return {
      uuid,
      name,
      "meta-category": t.metaCategory,
      description: t.description,
      template_uuid: t.uuid,
      template_version: String(t.version),
      timestamp: seconds(at),
      distribution: "5",
      sharing_group_id: "0",
      comment: "",
      deleted: false,
      ObjectReference: [],
      Attribute: values.flatMap(([relation, value, extra]) =>
        value ? [attribute(uuid, relations[relation]!, value, at, { ...extra, relation })] : [],
      ),
    };
  }

  const objects: MispObject[] = [];
  let shotBytes = 0;
  let phishingCount = 0;
  let worst: TSeverity | null = null;
  const campaignsSeen = new Set<string>();
  const domains = [...input.domains].sort((a, b) => a.domain.localeCompare(b.domain));
  for (const f of domains) {
    const phishing = isPhishing(f);
    const severity = severityOf(f);
    // A name forwarding to the brand's own site is its defensive registration: no indicator.
    if (f.label === "benign" || f.redirects_to_brand === true) continue;
    if (!phishing && !atLeast(severity, input.minSeverity)) continue;
    if (severity && (!worst || severityRank(severity) > severityRank(worst))) worst = severity;
    const at = f.updated_at;
    later(at);
    const campaign = f.campaign_id ? campaignName.get(f.campaign_id) : undefined;
    if (campaign) campaignsSeen.add(campaign);
    const campaignTags = campaign ? [`brandwarden:campaign="${tagValue(campaign)}"`] : [];
    const ips = [...(f.dns_a ?? []), ...(f.dns_aaaa ?? [])];
    // Blocking on the name is safe for a phishing or confirmed lookalike or a high one; its
    // addresses are often a CDN's or a shared host's, serving thousands of other sites.
    const block = phishing || f.label === "confirmed" || atLeast(severity, "high");
    const shown = f.domain_unicode && f.domain_unicode !== f.domain ? ` (${f.domain_unicode})` : "";
    const score = f.adjusted_score ?? f.score;
    const infra = object("domain-ip", f.domain, at, [
      ["domain", f.domain, { to_ids: block, tags: campaignTags }],
      ...ips.map((ip): ["ip", string] => ["ip", ip]),
      ["first-seen", f.first_seen_at ?? null, { correlate: false }],
      ["last-seen", input.scan.completed_at ?? at, { correlate: false }],
      ["registration-date", f.registration_created],
      [
        "text",
        `Lookalike of ${brand}${shown}${f.fuzzer ? `, ${f.fuzzer}` : ""}` +
          `${severity ? `, severity ${severity}` : ""}${score !== null ? ` (score ${Math.round(score)})` : ""}`,
        { correlate: false },
      ],
    ]);
    objects.push(infra);
    if (!phishing) continue;

    phishingCount++;
    const c = caseOf.get(f.domain);
    later(c?.down_at ?? null);
    later(c?.first_sent_at ?? null);
    const sentTo = c?.first_sent_at
      ? [
          ...new Set(
            c.recipients.filter((r) => r.state === "sent" || r.state === "manual").map((r) => r.address),
          ),
        ]
      : [];
    const shot = input.screenshots.get(f.id);
    const withShot =
      !!shot &&
      shot.length <= MISP_SCREENSHOT_MAX_BYTES &&
      shotBytes + shot.length <= MISP_SCREENSHOTS_TOTAL_BYTES;
    if (withShot) shotBytes += shot.length;
    const down = !!c?.down_at && c.state === "down";
    const urlTags = [
      ...campaignTags,
      `phishing:state="${down ? "down" : "active"}"`,
      ...(c?.first_sent_at ? ['phishing:action="take-down"'] : []),
    ];
    const phish = object("phishing", f.domain, at, [
      ["url", f.final_url ?? `http://${f.domain}/`, { to_ids: true, tags: urlTags }],
      ["hostname", f.domain, { to_ids: true }],
      ...ips.map((ip): ["ip", string] => ["ip", ip]),
      ["target", brand],
      ["online", down ? "No" : "Yes", { correlate: false }],
      ["verified", f.label === "confirmed" ? "Yes" : "No", { correlate: false }],
      [
        "screenshot",
        withShot ? `${f.domain}.png` : null,
        { data: shot?.toString("base64"), correlate: false },
      ],
      ["takedown-request", c?.first_sent_at ?? null, { correlate: false }],
      ...sentTo.map((to): ["takedown-request-to", string, { correlate: false }] => [
        "takedown-request-to",
        to,
        { correlate: false },
      ]),
      ["takedown-time", down ? c.down_at : null, { correlate: false }],
    ]);
    phish.ObjectReference.push({
      uuid: uuidOf(`${phish.uuid}:hosted-by:${infra.uuid}`),
      object_uuid: phish.uuid,
      referenced_uuid: infra.uuid,
      relationship_type: "hosted-by",
      timestamp: phish.timestamp,
      comment: "",
    });
    objects.push(phish);
  }

  const owned = new Map(input.brand.handles.map((h) => [h.platform, h.handle]));
  let impersonations = 0;
  const social = [...input.social].sort((a, b) =>
    `${a.platform}/${a.handle}`.localeCompare(`${b.platform}/${b.handle}`),
  );
  for (const s of social) {
    const severity = severityOf(s);
    const impersonating = s.status === "found" && !s.owned_evidence && s.label !== "benign";
    if (!impersonating || !atLeast(severity, input.minSeverity)) continue;
    if (severity && (!worst || severityRank(severity) > severityRank(worst))) worst = severity;
    later(s.updated_at);
    impersonations++;
    objects.push(
      object("impersonation", `${s.platform}:${s.handle.toLowerCase()}`, s.updated_at, [
        ["account-name", s.handle],
        ["account-url", s.profile_url],
        ["impersonated-account-name", owned.get(s.platform) ?? null],
        ["real-name", brand],
        ["type", "Enterprise", { correlate: false }],
        ["type-of-account", ACCOUNT_TYPES[s.platform] ?? "Other", { correlate: false }],
      ]),
    );
  }

  const tags = [
    `tlp:${input.tlp}`,
    'gsma-fraud:business="brand-name-logo-abuse"',
    `brandwarden:target="${tagValue(brand)}"`,
    ...(objects.some((o) => o.name === "domain-ip")
      ? ['threats-to-dns:dns-abuse-or-misuse="domain-name-registration-abuse-cybersquatting"']
      : []),
    ...(phishingCount ? ['circl:incident-classification="phishing"'] : []),
    ...[...campaignsSeen].sort().map((n) => `brandwarden:campaign="${tagValue(n)}"`),
  ];
  const threat = !worst ? "4" : atLeast(worst, "high") ? "1" : worst === "medium" ? "2" : "3";
  const eventUuid = uuidOf(`${u}:event`);
  return {
    Event: {
      uuid: eventUuid,
      info:
        `Brandwarden: lookalikes and impersonation of ${brand} ` +
        `(${phishingCount} phishing, ${objects.filter((o) => o.name === "domain-ip").length} domains, ` +
        `${impersonations} accounts)`,
      date: input.scan.created_at.slice(0, 10),
      timestamp: seconds(timestamp),
      publish_timestamp: "0",
      threat_level_id: threat,
      analysis: input.scan.status === "completed" ? "2" : "1",
      distribution: DISTRIBUTION[input.tlp],
      published: false,
      Tag: tags.map((name) => ({ name })),
      Attribute: brand
        ? [attribute(eventUuid, ["target-org", "Targeting data"], brand, timestamp, { correlate: false })]
        : [],
      Object: objects,
    },
  };
}
