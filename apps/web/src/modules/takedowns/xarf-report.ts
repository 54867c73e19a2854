// An X-ARF v4 `content/phishing` report (https://xarf.org, github.com/xarf/xarf-spec
// `schemas/v4/types/content-phishing.json`): the machine-readable twin of a takedown e-mail, for
// abuse desks that ingest reports automatically. Built from the case's facts; checked against
// the published schema by xarf-report.test.ts.

import { createHash } from "node:crypto";

/** The X-ARF version this report follows (the specification's samples). */
const XARF_VERSION = "4.2.0";
/** X-ARF caps one inline evidence item at 5 MB. */
const MAX_EVIDENCE_BYTES = 5 * 1024 * 1024;
/** The schema's pattern for `domain` (plain ASCII labels); other names go in `source_identifier` only. */
const XARF_DOMAIN = /^([a-z0-9]+(-[a-z0-9]+)*\.)+[a-z]{2,}$/;

interface XarfContact {
  org: string;
  contact: string;
  domain: string;
}

export interface XarfInput {
  reportId: string;
  /** When the abuse was seen (the evidence's capture, else the report's time). */
  seenAt: Date;
  reporter: XarfContact;
  sender: XarfContact;
  url: string;
  domain: string | null;
  ip: string | null;
  brand: string;
  registrar: string | null;
  hostingProvider: string | null;
  asn: number | null;
  countryCode: string | null;
  nameservers: string[];
  /** The page asks for a password. */
  credentialForm: boolean;
  screenshot: Buffer | null;
  warc: { sha256: string; size: number } | null;
}

const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");

export function buildXarfReport(x: XarfInput): Record<string, unknown> {
  const domain = x.domain && XARF_DOMAIN.test(x.domain) ? x.domain : null;
  const evidence =
    x.screenshot && x.screenshot.length <= MAX_EVIDENCE_BYTES
      ? [
          {
            content_type: "image/png",
            description: `Screenshot of the page at ${x.url}`.slice(0, 500),
            payload: x.screenshot.toString("base64"),
            hash: `sha256:${sha256(x.screenshot)}`,
            size: x.screenshot.length,
          },
        ]
      : [];
  const warc = x.warc
    ? ` The evidence pack (WARC/1.1, ${x.warc.size} bytes, sha256 ${x.warc.sha256}) is attached to the e-mail.`
    : "";
  return {
    xarf_version: XARF_VERSION,
    report_id: x.reportId,
    timestamp: x.seenAt.toISOString(),
    reporter: x.reporter,
    sender: x.sender,
    source_identifier: x.ip ?? x.domain ?? x.url,
    category: "content",
    type: "phishing",
    evidence_source: "automated_scan",
    url: x.url,
    ...(domain ? { domain } : {}),
    ...(x.registrar ? { registrar: x.registrar } : {}),
    ...(x.nameservers.length ? { nameservers: x.nameservers } : {}),
    ...(x.hostingProvider ? { hosting_provider: x.hostingProvider } : {}),
    ...(x.asn && x.asn > 0 ? { asn: x.asn } : {}),
    ...(x.countryCode && /^[A-Z]{2}$/.test(x.countryCode) ? { country_code: x.countryCode } : {}),
    ...(x.credentialForm ? { credential_fields: ["username", "password"] } : {}),
    target_brand: x.brand,
    verified_at: x.seenAt.toISOString(),
    verification_method: "automated_crawler",
    description:
      `Lookalike of ${x.brand} impersonating the brand${x.credentialForm ? " and asking for credentials" : ""}.${warc}`.slice(
        0,
        1000,
      ),
    evidence,
    tags: ["reporter:brandwarden", `evidence:${x.warc ? "warc" : "none"}`],
  };
}
