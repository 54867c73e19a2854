/**
 * Audit snapshots for report tests and the benchmark: `n` varied domain findings (every severity,
 * login forms, feed listings, campaigns, registrars and hosts, AI verdicts), screenshots on a share.
 */
import { randomUUID } from "node:crypto";
import { PNG } from "pngjs";
import { severityForScore } from "@brandwarden/contract/common";
import type { TAuditSnapshot } from "@brandwarden/contract/audit";
import type { TStoredDomainFinding } from "@brandwarden/contract/findings";
import { DOMAIN_FINDING_FIELDS } from "@brandwarden/contract/finding-fields";

/**
 * An opaque RGB PNG (no alpha, so it embeds as exactly one image XObject) as a data URI: stripes,
 * or with `page` a web-page-like picture (header bar, text-like rows seeded by `page.seed`).
 */
export function pngDataUri(
  width: number,
  height: number,
  rgb: [number, number, number] = [30, 90, 200],
  page?: { seed: number },
): string {
  const png = new PNG({ width, height, colorType: 2, inputColorType: 6 });
  let state = (page?.seed ?? 1) >>> 0;
  const rand = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const rowInk = Array.from({ length: height }, () => rand() < 0.45);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      let c: readonly number[];
      if (!page) c = (x + y) % 32 < 16 ? rgb : [255, 255, 255];
      else if (y < height * 0.12) c = rgb;
      else if (rowInk[y] && y % 14 < 9 && x > width * 0.1 && x < width * 0.9 && rand() < 0.5)
        c = [40, 40, 40];
      else c = [250, 250, 250];
      png.data[i] = c[0]!;
      png.data[i + 1] = c[1]!;
      png.data[i + 2] = c[2]!;
      png.data[i + 3] = 255;
    }
  return `data:image/png;base64,${PNG.sync.write(png, { colorType: 2, inputColorType: 6 }).toString("base64")}`;
}

const REGISTRARS = [
  { name: "NameCheap, Inc.", email: "abuse@namecheap.test", phone: "+1.6613102107" },
  { name: "GoDaddy.com, LLC", email: "abuse@godaddy.test", phone: "+1.4806242505" },
  { name: "Tucows Domains Inc.", email: "domainabuse@tucows.test", phone: "+1.4165350123" },
  { name: "PDR Ltd.", email: "abuse@pdr.test", phone: "+91.2230797500" },
];
const HOSTS = [
  { org: "DigitalOcean, LLC", asn: 14061, email: "abuse@digitalocean.test" },
  { org: "Hetzner Online GmbH", asn: 24940, email: "abuse@hetzner.test" },
  { org: "OVH SAS", asn: 16276, email: "abuse@ovh.test" },
];
const FEEDS = ["OpenPhish", "URLhaus", "PhishTank"];
/** The campaign id of the fixture's defensive group (the brand's own registrations). */
export const DEFENSIVE_GROUP = "def_00000000000000f1";
const MARKMONITOR = {
  name: "MarkMonitor Inc.",
  email: "abusecomplaints@markmonitor.test",
  phone: "+1.2083895740",
};

/**
 * Fields a blank finding does not set to null: identity and timestamps (set below), and the
 * discovery and change fields, which the fixture leaves out as a finding stored before them did.
 */
const NOT_NULLED: ReadonlySet<string> = new Set([
  "id",
  "scan_id",
  "domain",
  "created_at",
  "updated_at",
  "discovered_by",
  "discovery_reason",
  "ai_demotion",
  "change",
  "changes",
  "first_seen_at",
]);

export function blankFinding(
  scanId: string,
  domain: string,
  over: Partial<TStoredDomainFinding> = {},
): TStoredDomainFinding {
  const nulls = Object.fromEntries(
    DOMAIN_FINDING_FIELDS.filter((f) => !NOT_NULLED.has(f)).map((k) => [k, null]),
  );
  const now = "2025-06-01T12:00:00.000Z";
  return {
    ...nulls,
    id: randomUUID(),
    scan_id: scanId,
    domain,
    created_at: now,
    updated_at: now,
    ...over,
  } as TStoredDomainFinding;
}

export interface FixtureOptions {
  findings: number;
  /** Share of findings with a screenshot (default 0.1). */
  screenshotShare?: number;
  /** Screenshot size in pixels (default 320 x 200). */
  screenshotSize?: [number, number];
  /** A different web-page-like screenshot per finding (default: one shared picture). */
  distinctScreenshots?: boolean;
  logo?: string | null;
  brand?: string;
}

export function makeSnapshot(opts: FixtureOptions): TAuditSnapshot {
  const scanId = randomUUID();
  const brand = opts.brand ?? "Acme Bank";
  const share = opts.screenshotShare ?? 0.1;
  const [sw, sh] = opts.screenshotSize ?? [320, 200];
  const shot = pngDataUri(sw, sh, [200, 40, 40]);
  const everyShot = share > 0 ? Math.max(1, Math.round(1 / share)) : 0;
  const hasShot = (i: number) => everyShot > 0 && i % everyShot === 0;
  const findings: TStoredDomainFinding[] = [];
  for (let i = 0; i < opts.findings; i++) {
    // Every 7th finding is in one of three campaigns (members share the campaign's address,
    // host and a registration burst at one registrar); every 13th from the 6th is one of the
    // brand's own registrations (a redirect at a brand-protection registrar, scored low).
    const inCampaign = i % 7 === 0;
    const defensive = !inCampaign && i % 13 === 5;
    const k = Math.floor(i / 7) % 3;
    const reg = inCampaign ? REGISTRARS[0]! : defensive ? MARKMONITOR : REGISTRARS[i % REGISTRARS.length]!;
    const host = HOSTS[(inCampaign ? k : i) % HOSTS.length]!;
    const score = defensive ? 12 + (i % 10) : (i * 37) % 101;
    const phishing = score >= 80;
    const campaign = inCampaign ? `c${k + 1}` : defensive ? DEFENSIVE_GROUP : null;
    const ip = inCampaign ? `203.0.113.${k + 1}` : `203.0.113.${(i % 250) + 1}`;
    const day = inCampaign ? k * 9 + 1 + (i % 2) : (i % 28) + 1;
    const created = `2025-05-${String(day).padStart(2, "0")}`;
    findings.push(
      blankFinding(scanId, `acme-bank-${i}.com`, {
        original_domain: "acmebank.com",
        fuzzer: ["addition", "homoglyph", "tld-swap", "hyphenation"][i % 4]!,
        resolve_status: "registered",
        dns_a: [ip],
        dns_ns: [`ns1.host${i % 3}.test`],
        dns_mx: i % 3 === 0 ? [`mx.acme-bank-${i}.com`] : null,
        registrar: reg.name,
        registrar_abuse_email: reg.email,
        registrar_abuse_phone: reg.phone,
        registration_created: `${created}T08:00:00.000Z`,
        registration_expires: "2026-05-01T08:00:00.000Z",
        privacy_protected: i % 2 === 0,
        http_status: score >= 20 ? 200 : null,
        final_url: score >= 20 ? `https://acme-bank-${i}.com/login` : null,
        page_title: phishing ? `${brand} - Sign in` : score >= 20 ? "Welcome" : null,
        login_form: phishing,
        password_form: phishing,
        form_action: phishing ? `https://collect-${i % 9}.test/post.php` : null,
        brand_in_page: phishing,
        html_similarity: phishing ? 0.91 : 0.1,
        parked: !defensive && score >= 20 && score < 40,
        redirects_to_brand: defensive ? true : null,
        asn: host.asn,
        asn_org: host.org,
        ip_country: "US",
        hosting_abuse_email: host.email,
        threat_feed_hits:
          i % 11 === 0
            ? [
                {
                  feed: FEEDS[i % 3]!,
                  matched: "domain",
                  value: `acme-bank-${i}.com`,
                  first_seen: "2025-05-30T00:00:00.000Z",
                },
              ]
            : null,
        campaign_id: campaign,
        // As the clusterer writes them: `registrar:<lower-cased name>@<first day of the burst>`,
        // and the defensive group's reasons.
        campaign_keys:
          campaign === DEFENSIVE_GROUP
            ? ["brand:redirect", "brand:registrar"]
            : campaign
              ? [
                  `ip:${ip}`,
                  `registrar:${reg.name.toLowerCase()}@2025-05-${String(k * 9 + 1).padStart(2, "0")}`,
                ]
              : null,
        score,
        severity: severityForScore(score),
        signals: {
          login_form: { value: phishing ? 1 : 0, weight: 15, points: phishing ? 15 : 0 },
          registration_recent: { value: 1, weight: 10, points: 10 },
          visual_distance: { value: 0.8, weight: 10, points: 8 },
          parked: {
            value: score < 40 && score >= 20 ? 1 : 0,
            weight: -12,
            points: score < 40 && score >= 20 ? -12 : 0,
          },
          screenshot_similarity: { value: null, weight: 14, points: 0 },
        },
        ai_verdict: phishing ? "malicious" : null,
        ai_confidence: phishing ? 0.93 : null,
        ai_reasoning: phishing
          ? "Clone of the brand's login page posting credentials to a third-party host."
          : null,
        screenshot_data: !hasShot(i)
          ? null
          : opts.distinctScreenshots
            ? pngDataUri(sw, sh, [(i * 53) % 256, (i * 97) % 256, 160], { seed: i + 1 })
            : shot,
        screenshot_hash: hasShot(i) ? `sha256:${i.toString(16).padStart(8, "0")}` : null,
      }),
    );
  }
  return {
    scan: {
      scan_id: scanId,
      user_id: randomUUID(),
      status: "completed",
      stage_states: {},
      created_at: "2025-06-01T10:00:00.000Z",
      completed_at: "2025-06-01T11:00:00.000Z",
      resume_from_stage: null,
    },
    brand: {
      brand_name: brand,
      social_handles: [{ platform: "x", handle: "acmebank" }],
      keywords: ["bank"],
      derived_keywords: [],
      owned_domains: [{ domain: "acmebank.com", title: `${brand}`, content_snippet: null }],
    },
    findings,
    social_findings: [],
    logo_url: null,
    logo_data_uri: opts.logo === undefined ? pngDataUri(64, 64, [10, 120, 60]) : opts.logo,
  };
}
