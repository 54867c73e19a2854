/** One domain finding in the full report: enrichment, score and signals, AI analysis, contacts, screenshot. */
import {
  BOLD,
  FONT,
  INK,
  MUTED,
  SEVERITY_COLORS,
  contentWidth,
  drawImage,
  ensureSpace,
  fontCovers,
  keyValue,
  mutedNote,
  type DecodedImage,
  type Doc,
} from "../pdf-doc.ts";
import { describeAiDemotion } from "@brandwarden/contract/ai-demotion";
import { isDefensiveCampaign } from "@brandwarden/contract/campaign-describe";
import { displayDomain, oneLine } from "../pdf-text.ts";
import { effectiveSeverity, type Finding } from "../report-model.ts";
import { isoDay, scoreLabel, siteActivity } from "../report-text.ts";

const SHOT_W = 260;
const SHOT_H = 170;
const yesNo = (b: boolean | null) => (b === null ? null : b ? "yes" : "no");
const list = (xs: string[] | null | undefined, max = 8) =>
  xs?.length ? xs.slice(0, max).join(", ") + (xs.length > max ? ` … and ${xs.length - max} more` : "") : null;
const pct = (n: number | null) => (n === null ? null : `${Math.round(n * 100)}%`);
const join = (parts: Array<string | null | false | undefined>) => parts.filter(Boolean).join("; ") || null;

/** The signals behind the score, largest contribution first; unknown evidence is counted, not listed. */
function signalLines(f: Finding): { lines: string[]; unknown: number } {
  const entries = Object.entries(f.signals ?? {});
  const unknown = entries.filter(([, s]) => s.value === null).length;
  const lines = entries
    .filter(([, s]) => s.value !== null && s.points !== 0)
    .sort((a, b) => Math.abs(b[1].points) - Math.abs(a[1].points) || a[0].localeCompare(b[0]))
    .map(
      ([name, s]) =>
        `${name} ${s.points > 0 ? "+" : ""}${s.points.toFixed(1)} (evidence ${s.value!.toFixed(2)}, weight ${s.weight})`,
    );
  return { lines, unknown };
}

const SOURCE_NAMES: Record<string, string> = { permutation: "permutations", ct: "Certificate Transparency" };

/** "Certificate Transparency and permutations: <why>"; null for findings from before sources were recorded. */
function discoveredBy(f: Finding): string | null {
  if (!f.discovered_by?.length) return null;
  const names = f.discovered_by.map((s) => SOURCE_NAMES[s] ?? s).join(" and ");
  return f.discovery_reason ? `${names}: ${oneLine(f.discovery_reason, 300)}` : names;
}

/**
 * What the finding shows of its screenshot: the image (or why it cannot be shown), or `omitted` when
 * the report embeds only the highest-priority screenshots and this one is not among them.
 */
export type ShotShown = DecodedImage | { omitted: number } | null;

/** `campaignName`: the readable name of the finding's campaign (the campaign section's heading). */
export function drawFinding(
  doc: Doc,
  f: Finding,
  index: number,
  campaignName?: string | null,
  shot: ShotShown = null,
): void {
  ensureSpace(doc, 60);
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  const sev = effectiveSeverity(f);
  const top = doc.y + 6;
  doc.rect(left, top, 4, 14).fillColor(SEVERITY_COLORS[sev]).fill();
  const name = displayDomain(f.domain, f.domain_unicode, (s) => fontCovers(doc, s));
  doc
    .font(BOLD)
    .fontSize(11)
    .fillColor(INK)
    .text(`${index}. ${name}`, left + 10, top + 1, {
      width: width - 150,
    });
  const afterTitle = doc.y;
  doc
    .font(BOLD)
    .fontSize(10)
    .fillColor(SEVERITY_COLORS[sev])
    .text(scoreLabel(f), left + width - 140, top + 1, { width: 140, align: "right" });
  doc.y = Math.max(afterTitle, doc.y) + 2;
  doc.font(FONT).fontSize(9).fillColor(INK);

  keyValue(doc, "Activity", siteActivity(f), 10);
  keyValue(doc, "Found by", discoveredBy(f), 10);
  keyValue(
    doc,
    "Detection",
    join([
      f.fuzzer && `fuzzer ${f.fuzzer}`,
      f.original_domain && `lookalike of ${f.original_domain}`,
      f.resolve_status,
      `first seen ${isoDay(f.created_at)}`,
      f.label && `analyst label: ${f.label}${f.label_reason ? ` (${oneLine(f.label_reason, 120)})` : ""}`,
    ]),
    10,
  );
  if (f.ai_verdict) {
    const conf = f.ai_confidence === null ? "" : `, confidence ${pct(f.ai_confidence)}`;
    keyValue(
      doc,
      "AI analysis",
      `${f.ai_verdict}${conf}${f.ai_reasoning ? `: ${oneLine(f.ai_reasoning, 1200)}` : ""}`,
      10,
    );
  }
  // Every AI demotion is shown as such, with the hard evidence that held it in its band.
  if (f.ai_demotion) keyValue(doc, "AI demotion", describeAiDemotion(f.ai_demotion), 10);
  keyValue(
    doc,
    "Registration",
    join([
      f.registrar && `registrar ${f.registrar}`,
      f.registration_created && `created ${isoDay(f.registration_created)}`,
      f.registration_updated && `updated ${isoDay(f.registration_updated)}`,
      f.registration_expires && `expires ${isoDay(f.registration_expires)}`,
      f.privacy_protected !== null && `privacy ${yesNo(f.privacy_protected)}`,
      list(f.registration_status, 4) && `status ${list(f.registration_status, 4)}`,
    ]),
    10,
  );
  keyValue(
    doc,
    "Takedown contacts",
    join([
      (f.registrar_abuse_email || f.registrar_abuse_phone) &&
        `registrar abuse ${[f.registrar_abuse_email, f.registrar_abuse_phone].filter(Boolean).join(", ")}`,
      f.hosting_abuse_email && `hosting abuse ${f.hosting_abuse_email}`,
    ]),
    10,
  );
  keyValue(
    doc,
    "DNS",
    join([
      list(f.dns_a) && `A ${list(f.dns_a)}`,
      list(f.dns_aaaa) && `AAAA ${list(f.dns_aaaa)}`,
      list(f.dns_mx) && `MX ${list(f.dns_mx)}`,
      list(f.dns_ns) && `NS ${list(f.dns_ns)}`,
      f.spf && `SPF ${oneLine(f.spf, 120)}`,
      f.dmarc && `DMARC ${oneLine(f.dmarc, 120)}`,
      f.wildcard && "wildcard zone",
      f.mx_accepts_mail !== null && `MX accepts mail ${yesNo(f.mx_accepts_mail)}`,
    ]),
    10,
  );
  keyValue(
    doc,
    "Hosting",
    join([f.asn_org, f.asn !== null && `AS${f.asn}`, f.ip_country && `country ${f.ip_country}`]),
    10,
  );
  keyValue(
    doc,
    "Web",
    join([
      f.http_status !== null && `HTTP ${f.http_status}`,
      f.final_url && `final URL ${oneLine(f.final_url, 300)}`,
      list(f.redirect_chain, 4) && `redirects ${list(f.redirect_chain, 4)}`,
      f.page_title && `title "${oneLine(f.page_title, 150)}"`,
      f.login_form !== null && `login form ${yesNo(f.login_form)}`,
      f.password_form && "password field",
      f.form_action && `form posts to ${oneLine(f.form_action, 300)}`,
      f.brand_in_page && "brand named on the page",
      f.html_similarity !== null && `HTML similarity ${pct(f.html_similarity)}`,
      f.screenshot_similarity !== null && `visual similarity ${pct(f.screenshot_similarity)}`,
      f.parked && "parked",
      f.redirects_to_brand && "redirects to the brand",
    ]),
    10,
  );
  keyValue(
    doc,
    "TLS",
    join([
      f.tls_issuer && `issuer ${oneLine(f.tls_issuer, 150)}`,
      f.tls_not_before && `valid ${isoDay(f.tls_not_before)} to ${isoDay(f.tls_not_after)}`,
      f.tls_self_signed && "self-signed",
      f.tls_valid !== null && `trusted ${yesNo(f.tls_valid)}`,
      f.brand_in_cert && "brand in certificate names",
      list(f.tls_sans, 5) && `names ${list(f.tls_sans, 5)}`,
    ]),
    10,
  );
  if (f.threat_feed_hits?.length)
    keyValue(
      doc,
      "Threat feeds",
      f.threat_feed_hits
        .map(
          (h) =>
            `${h.feed} (${h.matched} ${oneLine(h.value, 200)}${h.first_seen ? `, since ${isoDay(h.first_seen)}` : ""})`,
        )
        .join("; "),
      10,
    );
  if (f.campaign_id)
    keyValue(
      doc,
      isDefensiveCampaign(f.campaign_id) ? "Brand's own?" : "Campaign",
      isDefensiveCampaign(f.campaign_id)
        ? `probably the brand's own registration, not an attack (id ${f.campaign_id})`
        : campaignName
          ? `${campaignName} (id ${f.campaign_id})`
          : f.campaign_id,
      10,
    );
  const { lines, unknown } = signalLines(f);
  if (lines.length || unknown)
    keyValue(
      doc,
      "Signals",
      (lines.join("; ") || "none contributed") + (unknown ? `; ${unknown} with unknown evidence` : ""),
      10,
    );

  if (shot && "omitted" in shot)
    mutedNote(
      doc,
      `Screenshot on the dashboard (this report shows the ${shot.omitted} highest-priority screenshots).`,
      8,
    );
  else if (shot) {
    ensureSpace(doc, SHOT_H + 16);
    const y = doc.y + 4;
    const h = drawImage(doc, shot, left + 10, y, SHOT_W, SHOT_H);
    if (h === null)
      mutedNote(doc, `Screenshot not shown: ${shot.ok ? "the image could not be decoded" : shot.reason}.`, 8);
    else {
      doc.y = y + h + 2;
      doc
        .font(FONT)
        .fontSize(7.5)
        .fillColor(MUTED)
        .text(
          `Screenshot of ${f.final_url ? oneLine(f.final_url, 150) : f.domain}${f.screenshot_hash ? ` (${f.screenshot_hash})` : ""}`,
          left + 10,
          doc.y,
          { width: width - 10 },
        );
    }
  }
  doc.fillColor(INK);
  doc.y += 4;
}
