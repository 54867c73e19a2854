/**
 * The evidence pack of a takedown case (issue 29): the site captured now (or, when it no longer
 * answers, what the last scan saw), frozen as a WARC file, with the recipients found for it and
 * the baseline later checks compare the site with.
 */
import type { TAuditSnapshot } from "@brandwarden/contract/audit";
import type { TRecipientContact } from "@brandwarden/contract/browser/takedown-cases";
import type { TEvidenceRequest, TEvidenceResponse } from "@brandwarden/contract/takedown-worker";
import { notFound } from "@brandwarden/platform/http/app-error";
import type { BrandTerms } from "../../capabilities/brand/brand-context.ts";
import { findRecipients, orderRecipients } from "../../capabilities/abuse-contacts/find-recipients.ts";
import { captureSite, type SiteCapture } from "../../capabilities/evidence/capture-site.ts";
import { buildEvidenceWarc, type WarcMetadata } from "../../capabilities/evidence/warc-pack.ts";
import type { AuditApi } from "../../ports/web-api/web-api.port.ts";
import { loadSnapshot } from "../../ports/web-api/load-snapshot.ts";
import type { EvidenceDeps } from "./evidence-deps.ts";
import { buildSocialEvidence } from "./social-evidence.ts";

type DomainFinding = TAuditSnapshot["findings"][number];

const brandTerms = (s: TAuditSnapshot): BrandTerms => ({
  brand_names: [s.brand.brand_name],
  keywords: [...s.brand.keywords, ...s.brand.derived_keywords],
  owned_domains: s.brand.owned_domains.map((d) => d.domain),
});

const isPng = (b: Buffer) => b.length >= 8 && b.readUInt32BE(0) === 0x89504e47;

/** The screenshot the last scan stored for the finding (inline or by reference), or null. */
async function storedScreenshot(
  web: AuditApi,
  f: { screenshot_data: string | null; screenshot_ref?: string | null },
) {
  const inline = f.screenshot_data
    ? /^data:image\/png;base64,(.+)$/s.exec(f.screenshot_data)?.[1]
    : undefined;
  const bytes = inline
    ? Buffer.from(inline, "base64")
    : f.screenshot_ref && web.getImage
      ? await web.getImage(f.screenshot_ref).catch(() => null)
      : null;
  return bytes && isPng(bytes) ? bytes : null;
}

/** What the last scan saw of the site: the fields a pack keeps when the site no longer answers. */
function lastScanFacts(f: DomainFinding) {
  return {
    dns: { a: f.dns_a, aaaa: f.dns_aaaa, ns: f.dns_ns, mx: f.dns_mx, resolve_status: f.resolve_status },
    registration: { registrar: f.registrar, registrar_abuse_email: f.registrar_abuse_email, created: f.registration_created, expires: f.registration_expires, status: f.registration_status }, // prettier-ignore
    web: { http_status: f.http_status, final_url: f.final_url, redirect_chain: f.redirect_chain, page_title: f.page_title, login_form: f.login_form }, // prettier-ignore
    tls: { issuer: f.tls_issuer, subject: f.tls_subject, sans: f.tls_sans, not_before: f.tls_not_before, not_after: f.tls_not_after, fingerprint: f.tls_fingerprint }, // prettier-ignore
    hosting: {
      asn: f.asn,
      asn_org: f.asn_org,
      ip_country: f.ip_country,
      hosting_abuse_email: f.hosting_abuse_email,
    },
    seen_at: f.updated_at,
  };
}

function metadataRecords(
  f: DomainFinding,
  site: SiteCapture,
  hosting: unknown,
  rdapRecords: unknown[],
): WarcMetadata[] {
  const urn = (what: string) => `urn:brandwarden:${what}:${f.domain}`;
  const last = lastScanFacts(f);
  const records: WarcMetadata[] = [
    { uri: urn("dns"), json: site.live ? site.dns : { ...last.dns, seen_at: last.seen_at, now: site.dns } },
    { uri: urn(site.registration?.source ?? "registration"), json: site.registration ? { source: site.registration.source, origin: site.registration.origin, record: site.registration.raw } : { error: site.registrationError, last_scan: last.registration } }, // prettier-ignore
    { uri: urn("tls-chain"), json: site.tls ? { chain_pem: site.tls.chainPem, validation_error: site.tls.validationError } : { last_scan: last.tls } }, // prettier-ignore
    { uri: urn("hosting"), json: { now: hosting, last_scan: last.hosting, ip_rdap: rdapRecords } },
    { uri: `urn:brandwarden:signals:${f.id}`, json: { score: f.score, severity: f.severity, adjusted_score: f.adjusted_score, adjusted_severity: f.adjusted_severity, signals: f.signals, threat_feed_hits: f.threat_feed_hits, ai_verdict: f.ai_verdict, ai_reasoning: f.ai_reasoning } }, // prettier-ignore
  ];
  if (!site.live)
    records.push({
      uri: urn("last-scan-web"),
      json: { ...last.web, seen_at: last.seen_at, down: site.down },
    });
  return records;
}

async function domainEvidence(
  req: TEvidenceRequest,
  snapshot: TAuditSnapshot,
  deps: EvidenceDeps,
): Promise<TEvidenceResponse> {
  const f = snapshot.findings.find(
    (x) => x.id === req.finding_id && (!req.domain || x.domain === req.domain),
  );
  if (!f) throw notFound("Finding");
  const capturedAt = new Date();
  const site = await captureSite(f.domain, brandTerms(snapshot), deps.capture);
  const screenshot = site.screenshot ?? (await storedScreenshot(deps.web, f));
  const reg = site.registration?.info;
  const registrar = reg?.registrar_abuse_email
    ? { name: reg.registrar, email: reg.registrar_abuse_email, source: site.registration!.source }
    : f.registrar_abuse_email
      ? { name: f.registrar, email: f.registrar_abuse_email, source: "rdap" as const }
      : null;
  const found = await findRecipients(
    {
      domain: f.domain,
      registrar,
      ip: site.dns.a[0] ?? f.dns_a?.[0] ?? null,
      hosts: [f.domain, ...site.dns.cname],
    },
    deps.recipients,
  );
  // The host's desk the last scan recorded still counts when the address no longer answers RDAP.
  const fromScan: TRecipientContact[] = f.hosting_abuse_email
    ? [{ role: "hosting", organisation: f.asn_org ?? "Hosting provider", address: f.hosting_abuse_email, channel: "email", source: "rdap" }] // prettier-ignore
    : [];
  const pack = await buildEvidenceWarc({
    software: deps.software,
    capturedAt,
    mode: site.live ? "live" : "last-scan",
    description: `Lookalike ${f.domain} (finding ${f.id}, scan ${f.scan_id})`,
    exchanges: site.exchanges,
    screenshot: screenshot
      ? { uri: `urn:brandwarden:screenshot:${f.id}`, png: screenshot, capturedAt: site.screenshot ? capturedAt : new Date(f.updated_at) } // prettier-ignore
      : null,
    metadata: metadataRecords(f, site, found.hosting, found.rdapRecords),
  });
  return {
    recipients: orderRecipients([...found.recipients, ...fromScan]),
    escalation_contacts: found.escalation_contacts,
    live: site.live,
    captured_at: capturedAt.toISOString(),
    warc_base64: pack.warc.toString("base64"),
    sha256: pack.sha256,
    size: pack.size,
    screenshot_base64: screenshot?.toString("base64") ?? null,
    baseline: site.baseline,
  };
}

/** The pack and recipients of a case's finding; 404 when the scan or finding is not there. */
export async function buildCaseEvidence(
  req: TEvidenceRequest,
  deps: EvidenceDeps,
): Promise<TEvidenceResponse> {
  const snapshot = await loadSnapshot(deps.web, req.scan_id);
  if (req.kind === "social") return buildSocialEvidence(req, snapshot, deps);
  return domainEvidence(req, snapshot, deps);
}
