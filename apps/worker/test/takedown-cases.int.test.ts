/**
 * Takedown cases on the worker against the world (issue 29): the evidence pack of a phishing
 * lookalike (its page's response record, the screenshot, read back with warcio) and of a
 * redirecting one (every hop), the recipients with where each came from (the registrar's and the
 * host's abuse desks the world's RDAP publishes), and the check: up, then down once the world
 * takes the site down.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TAuditSnapshot } from "@brandwarden/contract/audit";
import {
  TAKEDOWN_WORKER_PATHS,
  ZEvidenceResponse,
  ZTakedownCheckResponse,
  type TEvidenceRequest,
} from "@brandwarden/contract/takedown-worker";
import type { Lookalike } from "@brandwarden/world/scenario/schema";
import type { World } from "@brandwarden/world/world";
import { registryDeskFor } from "../src/capabilities/provider-facts/abuse-desks.ts";
import type { AuditApi } from "../src/ports/web-api/web-api.port.ts";
import { startTakedownWorld, warcRecords, type TakedownWorld } from "./takedown-world.ts";
import { parseIp, prefixMatch } from "../src/capabilities/enrich/registration/ip-ranges.ts";
import { blankFinding, pngDataUri } from "../testing/snapshot-fixture.ts";

let world: World;
let app: TakedownWorld["app"];
let running: TakedownWorld | undefined;
const scanId = randomUUID();
const userId = randomUUID();
const findings: TAuditSnapshot["findings"] = [];
const STORED_SHOT = Buffer.from(pngDataUri(64, 40).split(",")[1]!, "base64");

/** The web app's audit snapshot of one scan, as the internal API serves it (images by reference). */
const web: AuditApi = {
  async getAuditPage() {
    return {
      scan: { scan_id: scanId, user_id: userId, status: "completed", stage_states: {}, created_at: "2025-06-01T12:00:00.000Z", completed_at: "2025-06-01T12:10:00.000Z", resume_from_stage: null }, // prettier-ignore
      brand: { brand_name: "Acme Bank", social_handles: [], keywords: ["bank"], derived_keywords: [], owned_domains: [{ domain: "acmebank.com", title: null, content_snippet: null }] }, // prettier-ignore
      findings,
      social_findings: [],
    } as unknown as TAuditSnapshot;
  },
  getImage: async (ref) => (ref.endsWith(`/${findings[0]?.id}`) ? STORED_SHOT : null),
};

/** The world's network holding an address (what its IP RDAP answers). */
const networkOf = (ip: string) =>
  world.scenario.networks.find((n) => prefixMatch(parseIp(ip)!, n.cidr) >= 0)!;
const sites = (kind: string, skip: string[] = []): Lookalike[] =>
  world.scenario.lookalikes.filter(
    (l) => l.site_kind === kind && !l.dns.fault && l.dns.a.length && !skip.includes(l.domain) && !world.scenario.rdap_missing_tlds.includes(l.domain.split(".").pop()!), // prettier-ignore
  );
const pick = (kind: string, skip: string[] = []): Lookalike => sites(kind, skip)[0]!;
const finding = (l: Lookalike) => {
  const f = blankFinding(scanId, l.domain, { score: 92, severity: "critical", signals: { login_form: { value: 1, weight: 30, points: 30 } }, login_form: true, dns_a: l.dns.a }); // prettier-ignore
  findings.push({ ...f, screenshot_ref: `/v1/scans/${scanId}/screenshots/${f.id}` });
  return f;
};
const evidenceRequest = (findingId: string, domain: string): TEvidenceRequest => ({
  case_id: randomUUID(),
  user_id: userId,
  scan_id: scanId,
  kind: "domain",
  finding_id: findingId,
  domain,
  platform: null,
  handle: null,
  profile_url: null,
});

beforeAll(async () => {
  running = await startTakedownWorld(web, "takedown-test");
  ({ world, app } = running);
}, 120_000);

afterAll(async () => {
  await running?.close();
});

describe("takedown cases on the worker", () => {
  it("packs a phishing lookalike's page and screenshot, and names the registrar's and the host's abuse desks", async () => {
    // Hosted away from its registrar (the world's phishing sites sit at Namecheap, registrar and
    // host: one recipient per address would merge them).
    const hetzner = world.scenario.networks.find((n) => n.owner.startsWith("Hetzner"))!;
    const ip = hetzner.cidr.replace(/\.0\/\d+$/, ".9");
    const phishing = await world.changes.moveHost(pick("phishing").domain, [ip]);
    const f = finding(phishing);
    const res = await app.inject({ method: "POST", url: TAKEDOWN_WORKER_PATHS.evidence, payload: evidenceRequest(f.id, phishing.domain) }); // prettier-ignore
    expect(res.statusCode, res.body).toBe(200);
    const body = ZEvidenceResponse.parse(res.json());
    expect(body.live).toBe(true);
    expect(body.size).toBe(Buffer.from(body.warc_base64, "base64").length);

    const recs = await warcRecords(body.warc_base64);
    expect(recs[0]!.type).toBe("warcinfo");
    expect(recs[0]!.body.toString("utf8")).toContain("capture: live");
    const page = recs.find((r) => r.type === "response" && r.uri === `https://${phishing.domain}/`);
    expect(page?.status).toBe(200);
    expect(page!.body.toString("utf8")).toMatch(/<form/i);
    expect(recs.some((r) => r.type === "request" && r.uri === `https://${phishing.domain}/`)).toBe(true);
    const shot = recs.find((r) => r.type === "resource");
    expect(shot).toMatchObject({ uri: `urn:brandwarden:screenshot:${f.id}`, contentType: "image/png" });
    expect(body.screenshot_base64).toBe(shot!.body.toString("base64"));
    const meta = recs.filter((r) => r.type === "metadata").map((r) => r.uri);
    expect(meta).toEqual(expect.arrayContaining([`urn:brandwarden:dns:${phishing.domain}`, `urn:brandwarden:rdap:${phishing.domain}`, `urn:brandwarden:tls-chain:${phishing.domain}`, `urn:brandwarden:hosting:${phishing.domain}`, `urn:brandwarden:signals:${f.id}`])); // prettier-ignore

    const network = networkOf(phishing.dns.a[0]!);
    expect(body.recipients).toEqual(
      expect.arrayContaining([
        { role: "registrar", organisation: phishing.registration.registrar, address: phishing.registration.abuse_email, channel: "email", source: "rdap" }, // prettier-ignore
        expect.objectContaining({ role: "hosting", address: network.abuse_email, source: "rdap" }),
      ]),
    );
    expect(body.recipients[0]!.role).toBe("registrar");
    expect(body.baseline.login_form).toBe(true);
    expect(body.baseline.fuzzy_hash).toMatch(/^tlsh:T1/);
  });

  it("names the next level for escalation: the TLD's registry and the bulletproof host's upstream network", async () => {
    // A phishing site moved onto the bulletproof network, whose upstream (Cogent) the world's
    // Team Cymru peers answer and whose autnum record carries the abuse contact.
    const bulletproof = world.scenario.networks.find((n) => n.kind === "bulletproof" && n.upstream)!;
    const ip = bulletproof.cidr.replace(/\.0\/\d+$/, ".7");
    const site = await world.changes.moveHost(pick("phishing", [pick("phishing").domain]).domain, [ip]);
    const f = finding(site);
    const res = await app.inject({ method: "POST", url: TAKEDOWN_WORKER_PATHS.evidence, payload: evidenceRequest(f.id, site.domain) }); // prettier-ignore
    expect(res.statusCode, res.body).toBe(200);
    const body = ZEvidenceResponse.parse(res.json());
    expect(body.recipients).toEqual(
      expect.arrayContaining([expect.objectContaining({ role: "hosting", address: bulletproof.abuse_email, source: "rdap" })]), // prettier-ignore
    );
    expect(body.escalation_contacts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          role: "hosting",
          address: bulletproof.upstream!.abuse_email,
          source: "rdap",
        }),
      ]),
    );
    const registry = registryDeskFor(site.domain);
    expect(registry, site.domain).not.toBeNull();
    expect(body.escalation_contacts).toEqual(
      expect.arrayContaining([expect.objectContaining({ role: "registry", address: registry!.address, source: "known-provider" })]), // prettier-ignore
    );
  });

  it("records every hop of a redirecting lookalike", async () => {
    const redirecting = pick("redirect");
    const f = finding(redirecting);
    const res = await app.inject({ method: "POST", url: TAKEDOWN_WORKER_PATHS.evidence, payload: evidenceRequest(f.id, redirecting.domain) }); // prettier-ignore
    const body = ZEvidenceResponse.parse(res.json());
    const responses = (await warcRecords(body.warc_base64)).filter((r) => r.type === "response");
    const hop = responses.find((r) => r.uri === `https://${redirecting.domain}/`);
    expect(hop?.status).toBe(301);
    expect(responses.some((r) => r.uri !== hop!.uri && r.uri?.includes("acmebank") && r.status === 200)).toBe(
      true,
    );
  });

  it("packs what the last scan saw when the site is gone, and answers 404 for an unknown finding", async () => {
    const gone = pick(
      "phishing",
      findings.map((x) => x.domain),
    );
    const f = finding(gone);
    world.changes.takeDown(gone.domain);
    const res = await app.inject({ method: "POST", url: TAKEDOWN_WORKER_PATHS.evidence, payload: evidenceRequest(f.id, gone.domain) }); // prettier-ignore
    const body = ZEvidenceResponse.parse(res.json());
    expect(body.live).toBe(false);
    const recs = await warcRecords(body.warc_base64);
    expect(recs[0]!.body.toString("utf8")).toContain("capture: last-scan");
    expect(recs.some((r) => r.uri === `urn:brandwarden:last-scan-web:${gone.domain}`)).toBe(true);
    await world.changes.restore(gone.domain);

    const missing = await app.inject({ method: "POST", url: TAKEDOWN_WORKER_PATHS.evidence, payload: evidenceRequest(randomUUID(), gone.domain) }); // prettier-ignore
    expect(missing.statusCode).toBe(404);
  });

  it("checks a reported site: up, then down once the world takes it down", async () => {
    const phishing = pick("phishing");
    const f = findings.find((x) => x.domain === phishing.domain) ?? finding(phishing);
    const ev = ZEvidenceResponse.parse((await app.inject({ method: "POST", url: TAKEDOWN_WORKER_PATHS.evidence, payload: evidenceRequest(f.id, phishing.domain) })).json()); // prettier-ignore
    const sites = [{ case_id: randomUUID(), kind: "domain" as const, domain: phishing.domain, profile_url: null, baseline: ev.baseline }]; // prettier-ignore
    const check = async () => ZTakedownCheckResponse.parse((await app.inject({ method: "POST", url: TAKEDOWN_WORKER_PATHS.check, payload: { sites } })).json()).results[0]!; // prettier-ignore

    expect(await check()).toMatchObject({ up: true, how: null });
    world.changes.takeDown(phishing.domain, "web");
    expect(await check()).toMatchObject({ up: false, how: "http_gone", detail: "HTTP 404" });
    await world.changes.restore(phishing.domain);
    world.changes.takeDown(phishing.domain);
    expect(await check()).toMatchObject({ up: false, how: "nxdomain" });
    await world.changes.restore(phishing.domain);
  });
});
