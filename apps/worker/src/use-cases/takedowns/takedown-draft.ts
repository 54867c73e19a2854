/**
 * The deterministic abuse e-mail for one lookalike domain, addressed to the registrar's and the
 * hosting provider's abuse desks, with the evidence an abuse desk needs to act. Pure.
 */
import type { TBrandContext } from "@brandwarden/contract/brand";
import { describeCampaign, isDefensiveCampaign } from "@brandwarden/contract/campaign-describe";
import type { TStoredDomainFinding } from "@brandwarden/contract/findings";
import type { TTakedownDraft } from "@brandwarden/contract/worker-api";
import { effectiveScore, effectiveSeverity } from "../reports/report-model.ts";
import { isoDay, listWords, siteActivity, siteDescription } from "../reports/report-text.ts";

type Finding = TStoredDomainFinding;

/** The finding's campaign as the draft tells it: its name and the other member domains. */
export interface DraftCampaign {
  name: string;
  kind: "attack" | "defensive";
  /** The other domains of the campaign, sorted. */
  siblings: string[];
}

/** Sibling domains named in a draft; more are counted. */
const MAX_SIBLINGS = 20;

/** The campaign of `f` among the scan's findings, or null when it is in none. */
export function draftCampaign(f: Finding, findings: readonly Finding[]): DraftCampaign | null {
  if (!f.campaign_id) return null;
  const members = findings.filter((x) => x.campaign_id === f.campaign_id);
  const d = describeCampaign(f.campaign_id, members.length ? members : [f]);
  return {
    name: d.name,
    kind: d.kind,
    siblings: [...new Set(members.map((x) => x.domain))].filter((x) => x !== f.domain).sort(),
  };
}

/**
 * Why a draft should not be sent: the finding is grouped with the brand's own registrations.
 * Null for any other finding.
 */
function takedownWarning(f: Finding, brand: TBrandContext, campaign: DraftCampaign | null): string | null {
  if (!(campaign?.kind === "defensive" || (f.campaign_id && isDefensiveCampaign(f.campaign_id)))) return null;
  return (
    `${f.domain} is probably ${brand.brand_name}'s own defensive registration (it redirects to the brand, ` +
    `runs on its name servers or addresses, or is held at a brand-protection registrar). Check who ` +
    `owns it before sending: a takedown would suspend the brand's own domain.`
  );
}

function campaignLines(f: Finding, campaign: DraftCampaign | null): string[] {
  if (!campaign || campaign.kind !== "attack" || !campaign.siblings.length) return [];
  const n = campaign.siblings.length;
  const shown = campaign.siblings.slice(0, MAX_SIBLINGS);
  return [
    "",
    `Related domains: ${f.domain} is part of a campaign of ${n + 1} lookalike domains that share ` +
      `infrastructure ("${campaign.name}"). The other ${n === 1 ? "domain is" : `${n} domains are`}: ` +
      `${shown.join(", ")}${n > shown.length ? ` and ${n - shown.length} more` : ""}. ` +
      "Please review them together; the same registrant or customer account may hold them all.",
  ];
}

const MAX_BODY = 50_000;
const MAX_SUBJECT = 500;

const isPhishing = (f: Finding) =>
  !!f.login_form ||
  !!f.password_form ||
  f.ai_verdict === "malicious" ||
  (f.threat_feed_hits?.length ?? 0) > 0;

const ips = (f: Finding) => [...(f.dns_a ?? []), ...(f.dns_aaaa ?? [])];

/**
 * The facts a polished draft must keep word for word: the domain, every IP, every abuse address,
 * every date the draft states and the registrar's name.
 */
export function takedownFacts(f: Finding, campaign: DraftCampaign | null = null): string[] {
  const facts = [f.domain, ...ips(f)];
  if (campaign?.kind === "attack") facts.push(...campaign.siblings.slice(0, MAX_SIBLINGS));
  if (f.registrar) facts.push(f.registrar);
  if (f.registrar_abuse_email) facts.push(f.registrar_abuse_email);
  if (f.hosting_abuse_email) facts.push(f.hosting_abuse_email);
  for (const d of [f.registration_created, f.created_at]) {
    const day = isoDay(d);
    if (day) facts.push(day);
  }
  return [...new Set(facts)];
}

/** Who the e-mail goes to: the registrar's abuse desk and the host's, where known. */
export function takedownRecipients(f: Finding): string[] {
  return [...new Set([f.registrar_abuse_email, f.hosting_abuse_email].filter((e): e is string => !!e))];
}

function ownershipStatement(brand: TBrandContext): string {
  const owned = brand.owned_domains.map((d) => d.domain);
  const where = owned.length
    ? ` and operates the official website${owned.length > 1 ? "s" : ""} ${listWords(owned)}`
    : "";
  return (
    `${brand.brand_name} owns the "${brand.brand_name}" brand${where}. ` +
    `The domain reported below is not operated, licensed or authorised by ${brand.brand_name}.`
  );
}

function evidenceLines(f: Finding, brand: TBrandContext): string[] {
  const line = (label: string, value: string | null | undefined) => (value ? [`- ${label}: ${value}`] : []);
  const hosting = [f.asn_org, f.asn !== null ? `AS${f.asn}` : null, f.ip_country].filter(Boolean).join(", ");
  const feeds = (f.threat_feed_hits ?? []).map(
    (h) =>
      `${h.feed} (${h.matched} ${h.value}${h.first_seen ? `, listed since ${isoDay(h.first_seen)}` : ""})`,
  );
  const screenshot =
    f.screenshot_data || f.screenshot_hash
      ? `captured by Brandwarden for finding ${f.id}${f.screenshot_hash ? ` (image hash ${f.screenshot_hash})` : ""}; available on request`
      : "none captured";
  const score = effectiveScore(f);
  return [
    ...line(
      "Domain",
      f.domain_unicode && f.domain_unicode !== f.domain ? `${f.domain} (${f.domain_unicode})` : f.domain,
    ),
    ...line("IP addresses", ips(f).join(", ") || "none resolved at the time of the scan"),
    ...line("Registrar", f.registrar ?? "unknown"),
    ...line("Registration created", isoDay(f.registration_created) ?? "unknown"),
    ...line("Registration expires", isoDay(f.registration_expires)),
    ...line("Hosting", hosting || null),
    ...line("Name servers", f.dns_ns?.join(", ")),
    ...line("Mail exchangers", f.dns_mx?.join(", ")),
    ...line("What the site does", siteDescription(f, brand.brand_name)),
    ...line("Threat-feed listings", feeds.length ? feeds.join("; ") : null),
    ...line("Screenshot reference", screenshot),
    ...line("First seen", isoDay(f.created_at)),
    ...line(
      "Risk assessment",
      score === null ? null : `${effectiveSeverity(f)} (${Math.round(score)}/100) by Brandwarden's scoring`,
    ),
  ];
}

function requestedAction(f: Finding, brand: TBrandContext): string[] {
  const asks: string[] = [];
  if (f.registrar_abuse_email || f.registrar)
    asks.push(
      `Registrar${f.registrar ? ` (${f.registrar})` : ""}: please suspend the domain ${f.domain} ` +
        `(clientHold / serverHold) under your abuse policy and the registration agreement.`,
    );
  if (f.hosting_abuse_email || f.asn_org)
    asks.push(
      `Hosting provider${f.asn_org ? ` (${f.asn_org})` : ""}: please disable the content served for ${f.domain}` +
        `${ips(f).length ? ` at ${ips(f).join(", ")}` : ""}.`,
    );
  if (!asks.length) asks.push(`Please suspend the domain ${f.domain} and disable the content it serves.`);
  asks.push(
    "Please preserve the registrant and access records of this domain, as they may be requested in " +
      `legal proceedings, and confirm the action taken to ${brand.brand_name}.`,
  );
  return asks.map((a) => `- ${a}`);
}

export function buildTakedownDraft(
  f: Finding,
  brand: TBrandContext,
  campaign: DraftCampaign | null = null,
): TTakedownDraft {
  const phishing = isPhishing(f);
  const kind = phishing ? "Phishing domain" : "Brand-infringing domain";
  const subject = `${kind} ${f.domain} impersonating ${brand.brand_name}: request for suspension`.slice(
    0,
    MAX_SUBJECT,
  );
  const to = takedownRecipients(f);
  const toLines = [
    `To: ${to.length ? to.join(", ") : "(no abuse contact known: look it up in the registrar's RDAP record)"}`,
    ...(f.registrar_abuse_email ? [`Registrar abuse contact: ${f.registrar_abuse_email}${f.registrar_abuse_phone ? `, ${f.registrar_abuse_phone}` : ""}${f.registrar ? ` (${f.registrar})` : ""}`] : []), // prettier-ignore
    ...(f.hosting_abuse_email ? [`Hosting abuse contact: ${f.hosting_abuse_email}${f.asn_org ? ` (${f.asn_org})` : ""}`] : []), // prettier-ignore
  ];
  const body = [
    ...toLines,
    `Subject: ${subject}`,
    "",
    "Dear abuse team,",
    "",
    `We report the domain ${f.domain}, which ` +
      (phishing
        ? `is being used for phishing against ${brand.brand_name} and its customers`
        : `impersonates the ${brand.brand_name} brand`) +
      ` (${siteActivity(f).replace(/your (own )?site/, `${brand.brand_name}'s $1site`)}).`,
    ...campaignLines(f, campaign),
    "",
    ownershipStatement(brand),
    "",
    "Evidence:",
    ...evidenceLines(f, brand),
    "",
    "Requested action:",
    ...requestedAction(f, brand),
    "",
    "We are happy to provide further evidence on request. Thank you for your prompt help.",
    "",
    "Kind regards,",
    `${brand.brand_name} brand protection (via Brandwarden)`,
  ].join("\n");
  const warning = takedownWarning(f, brand, campaign);
  return {
    subject,
    body: body.length > MAX_BODY ? body.slice(0, MAX_BODY) : body,
    ...(warning ? { warning } : {}),
  };
}
