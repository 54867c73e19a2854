/**
 * Deterministic prose for the reports and the takedown drafts: the same snapshot always gives the
 * same words, and nothing here calls a model.
 */
import {
  effectiveScore,
  effectiveSeverity,
  type Campaign,
  type Finding,
  type ReportModel,
  type SeverityOrUnscored,
} from "./report-model.ts";

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** `2025-06-01` from an ISO timestamp; null stays null. */
export const isoDay = (iso: string | null | undefined): string | null => (iso ? iso.slice(0, 10) : null);

/** `a, b and c`. */
export function listWords(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

const feedNames = (f: Finding) => [...new Set((f.threat_feed_hits ?? []).map((h) => h.feed))];

const clonesBrand = (f: Finding) =>
  !!f.brand_in_page || (f.html_similarity ?? 0) >= 0.5 || (f.screenshot_similarity ?? 0) >= 0.5;

/** What the site at the domain does, in a short phrase ("login form cloning your site"). */
export function siteActivity(f: Finding): string {
  if ((f.login_form || f.password_form) && clonesBrand(f)) return "login form cloning your site";
  if (f.login_form || f.password_form) return "login form collecting credentials";
  if (f.redirects_to_brand) return "redirects to your own site";
  if (f.parked) return "parked page";
  if (clonesBrand(f)) return "page imitating your site";
  if (f.http_status !== null && f.http_status >= 400) return `web server answering HTTP ${f.http_status}`;
  if (f.http_status !== null) return f.page_title ? `live web page "${f.page_title}"` : "live web page";
  if (f.dns_mx?.length) return "mail exchanger ready to send or receive mail";
  if (f.resolve_status === "registered") return "registered, no web content seen";
  return "not registered";
}

/** Why a finding matters, for priority actions: activity, feed listings, campaign. */
function findingReason(f: Finding): string {
  const parts = [siteActivity(f)];
  const feeds = feedNames(f);
  if (feeds.length) parts.push(`listed by ${listWords(feeds)}`);
  if (f.ai_verdict === "malicious") parts.push("AI review: malicious");
  return parts.join("; ");
}

/** A sentence describing the site for a takedown desk. */
export function siteDescription(f: Finding, brandName: string): string {
  const sentences: string[] = [];
  const activity = siteActivity(f);
  if (activity === "login form cloning your site")
    sentences.push(`The site serves a login page imitating ${brandName}'s website to collect credentials.`);
  else if (activity === "redirects to your own site")
    sentences.push(`The site redirects visitors to ${brandName}'s own website.`);
  else if (activity === "page imitating your site")
    sentences.push(`The site serves a page imitating ${brandName}'s website.`);
  else sentences.push(`Observed: ${activity}.`);
  if (f.form_action) sentences.push(`Its form submits entered data to ${f.form_action}.`);
  if (f.final_url) sentences.push(`Final URL: ${f.final_url}.`);
  if (f.page_title) sentences.push(`Page title: "${f.page_title}".`);
  if (f.dns_mx?.length) sentences.push(`The domain has mail exchangers (${f.dns_mx.join(", ")}).`);
  return sentences.join(" ");
}

/** The action to take on a finding. */
function actionVerb(f: Finding): string {
  const sev = effectiveSeverity(f);
  const live = f.http_status !== null || !!f.login_form || (f.threat_feed_hits?.length ?? 0) > 0;
  if ((sev === "critical" || sev === "high") && live) return "Request takedown of";
  if (sev === "critical" || sev === "high") return "Block and monitor";
  if (f.parked) return "Monitor";
  return "Review";
}

/** How a finding's name is printed; the PDF gives an internationalised name in its Unicode form. */
type NameOf = (f: Finding) => string;

export function priorityAction(f: Finding, nameOf: NameOf = (x) => x.domain): string {
  const sev = effectiveSeverity(f);
  return `${actionVerb(f)} ${nameOf(f)} (${sev}, ${findingReason(f)})`;
}

/** Up to `max` actions for the worst actionable findings, one per campaign first, then the rest. */
export function priorityActions(
  model: ReportModel,
  max: number,
  nameOf?: NameOf,
): { actions: string[]; more: number } {
  const actions: string[] = [];
  const bigCampaigns = model.campaigns.filter(
    (c) => c.kind === "attack" && c.findings.length >= 3 && c.worst !== "info",
  );
  for (const c of bigCampaigns.slice(0, 2))
    actions.push(`Report the campaign "${c.name}" to its abuse desks in one request`);
  const rest = model.actionable.map((f) => priorityAction(f, nameOf));
  const room = Math.max(0, max - actions.length);
  actions.push(...rest.slice(0, room));
  return { actions, more: Math.max(0, rest.length - room) };
}

/** The deterministic executive summary: sentences built from the counts. */
export function executiveSummaryText(model: ReportModel): string {
  const n = model.findings.length;
  const c = model.counts;
  const brand = model.brand_name;
  const social = model.snapshot.social_findings.filter((s) => s.status === "found").length;
  const sentences: string[] = [];
  const when = isoDay(model.snapshot.scan.completed_at ?? model.snapshot.scan.created_at);
  sentences.push(
    `This scan of ${brand}'s brand${when ? ` (${when})` : ""} recorded ${plural(n, "lookalike domain")}` +
      (social ? ` and ${plural(social, "social-media profile")} that may impersonate the brand.` : "."),
  );
  if (n > 0) {
    const bands = (["critical", "high", "medium", "low", "info"] as SeverityOrUnscored[])
      .filter((s) => c[s] > 0)
      .map((s) => `${c[s]} ${s}`);
    if (bands.length) sentences.push(`By severity: ${listWords(bands)}.`);
  }
  const urgent = c.critical + c.high;
  if (urgent > 0)
    sentences.push(
      `${plural(urgent, "domain is", "domains are")} rated high or critical and should be acted on first.`,
    );
  else if (n > 0) sentences.push("No domain is rated high or critical.");
  const logins = model.findings.filter((f) => f.login_form || f.password_form).length;
  if (logins) sentences.push(`${plural(logins, "domain serves", "domains serve")} a login or password form.`);
  const listed = model.feeds.findings.length;
  if (listed) sentences.push(`${plural(listed, "domain is", "domains are")} already listed by threat feeds.`);
  const attacks = model.campaigns.filter((c) => c.kind === "attack");
  if (attacks.length) {
    const inCampaigns = attacks.reduce((sum, k) => sum + k.findings.length, 0);
    sentences.push(
      `${plural(inCampaigns, "domain belongs", "domains belong")} to ${plural(attacks.length, "campaign")} sharing infrastructure.`,
    );
  }
  const defensive = model.campaigns.find((c) => c.kind === "defensive");
  if (defensive)
    sentences.push(
      `${plural(defensive.findings.length, "domain looks", "domains look")} like the brand's own defensive registrations.`,
    );
  const ai = model.findings.filter((f) => f.ai_verdict === "malicious").length;
  if (ai) sentences.push(`AI review judged ${plural(ai, "domain")} malicious.`);
  if (model.actionable.length)
    sentences.push(
      `${plural(model.actionable.length, "finding warrants", "findings warrant")} a takedown or review.`,
    );
  return sentences.join(" ");
}

/**
 * The deterministic analysis of one campaign, in one sentence: what it is, how bad, what it
 * does. Its name carries the lead key, the registration span and the size; its evidence is
 * listed apart (sections/campaigns.ts).
 */
export function campaignText(c: Campaign): string {
  if (c.kind === "defensive")
    return `Probably registered by the brand itself, not an attack: ${plural(c.findings.length, "domain")}, worst severity ${c.worst}. Check they are yours; no takedown.`;
  const parts = [`${plural(c.findings.length, "domain")} sharing infrastructure, worst severity ${c.worst}`];
  if (c.login_forms) parts.push(`${c.login_forms} with a login form`);
  if (c.feed_listed) parts.push(`${c.feed_listed} listed by threat feeds`);
  return `${parts.join("; ")}.`;
}

export function scoreLabel(f: Finding): string {
  const score = effectiveScore(f);
  const sev = effectiveSeverity(f);
  if (score === null) return sev;
  const adjusted = f.adjusted_score !== null && f.score !== null && f.adjusted_score !== f.score;
  return `${sev} ${score.toFixed(0)}/100${adjusted ? ` (base ${f.score!.toFixed(0)}, AI-adjusted)` : ""}`;
}
