/**
 * The evidence pack of a social impersonation case: the profile page as fetched now (every
 * redirect hop), the avatar the scan stored, the finding's signals, and the platform's report
 * desk from the known list.
 */
import type { TAuditSnapshot } from "@brandwarden/contract/audit";
import type { TRecipientContact } from "@brandwarden/contract/browser/takedown-cases";
import type { TEvidenceRequest, TEvidenceResponse } from "@brandwarden/contract/takedown-worker";
import { notFound } from "@brandwarden/platform/http/app-error";
import { exchangesOf } from "../../capabilities/evidence/capture-site.ts";
import { buildEvidenceWarc } from "../../capabilities/evidence/warc-pack.ts";
import { PLATFORM_DESKS } from "../../capabilities/provider-facts/abuse-desks.ts";
import type { ChainResult } from "../../ports/http/http.port.ts";
import type { EvidenceDeps } from "./evidence-deps.ts";

export async function buildSocialEvidence(
  req: TEvidenceRequest,
  snapshot: TAuditSnapshot,
  deps: EvidenceDeps,
): Promise<TEvidenceResponse> {
  const f = snapshot.social_findings.find((x) => x.id === req.finding_id);
  if (!f) throw notFound("Finding");
  const capturedAt = new Date();
  const url = req.profile_url ?? f.profile_url;
  let chain: ChainResult | null = null;
  if (url && /^https?:\/\//.test(url)) {
    const http = deps.capture.httpFor(new Map());
    try {
      chain = await http.getChain(url);
    } finally {
      await http.close();
    }
  }
  const live = !!chain?.final && chain.final.status < 400;
  const avatar =
    f.avatar_ref && deps.web.getImage ? await deps.web.getImage(f.avatar_ref).catch(() => null) : null;
  const png = avatar && avatar.length >= 8 && avatar.readUInt32BE(0) === 0x89504e47 ? avatar : null;
  const pack = await buildEvidenceWarc({
    software: deps.software,
    capturedAt,
    mode: live ? "live" : "last-scan",
    description: `Impersonating ${f.platform} profile ${f.handle} (finding ${f.id}, scan ${f.scan_id})`,
    exchanges: chain ? exchangesOf(chain) : [],
    screenshot: png
      ? { uri: `urn:brandwarden:avatar:${f.id}`, png, capturedAt: new Date(f.updated_at) }
      : null,
    metadata: [
      {
        uri: `urn:brandwarden:profile:${f.id}`,
        json: { platform: f.platform, handle: f.handle, profile_url: url, display_name: f.display_name, bio: f.bio, followers: f.followers, links: f.links, status: f.status, seen_at: f.updated_at }, // prettier-ignore
      },
      {
        uri: `urn:brandwarden:signals:${f.id}`,
        json: { score: f.score, severity: f.severity, adjusted_score: f.adjusted_score, signals: f.signals, ai_verdict: f.ai_verdict }, // prettier-ignore
      },
    ],
  });
  const desk = PLATFORM_DESKS[f.platform];
  const recipients: TRecipientContact[] = desk
    ? [{ role: "platform", organisation: desk.organisation, address: desk.address, channel: desk.channel, source: "known-provider" }] // prettier-ignore
    : [];
  return {
    recipients,
    escalation_contacts: [],
    live,
    captured_at: capturedAt.toISOString(),
    warc_base64: pack.warc.toString("base64"),
    sha256: pack.sha256,
    size: pack.size,
    screenshot_base64: png?.toString("base64") ?? null,
    baseline: { fuzzy_hash: null, login_form: false, final_url: chain?.final?.url ?? null },
  };
}
