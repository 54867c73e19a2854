import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZDomainFindingDelta } from "@brandwarden/contract/findings";
import { smallScenario, startTestWorld } from "@brandwarden/world/testing/test-world";
import type { World } from "@brandwarden/world/world";
import { createEnricher } from "../../wiring/enricher.ts";
import type { Enricher } from "./enricher.ts";
import { brandContext, faultScenario, resolvedOf, worldEnrichConfig } from "../../../test/enrich-world.ts";
import type { BrandContext } from "../brand/brand-context.ts";
import type { TDomainProfile } from "@brandwarden/contract/scan";

let world: World;
let enricher: Enricher;
let brand: BrandContext;
let ownedProfile: TDomainProfile;

beforeAll(async () => {
  world = await startTestWorld(faultScenario(smallScenario()), { services: false });
  enricher = createEnricher(worldEnrichConfig(world, { HTTP_MAX_BODY_BYTES: "65536" }));
  brand = brandContext(world);
  ownedProfile = await enricher.profileOwnedDomain("acmebank.com");
  brand.profiles = [ownedProfile];
});
afterAll(async () => {
  await enricher?.close();
  await world?.stop();
});

const enrich = (domain: string, e: Enricher = enricher) =>
  e.enrichLookalike(domain, resolvedOf(world, domain), brand);
const scenarioOf = (domain: string) => world.scenario.lookalikes.find((l) => l.domain === domain)!;

describe("owned domain profile", () => {
  it("has title, snippet, hashes, IPs and name servers", () => {
    const p = ownedProfile;
    const owned = world.scenario.brand.owned_domains[0]!;
    expect(p.title).toBe(owned.site.title);
    expect(p.content_snippet).toMatch(/\w+/);
    expect(p.html_hash).toMatch(/^tlsh:/);
    expect(p.favicon_hash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(p.ips.sort()).toEqual([...owned.dns.a, ...owned.dns.aaaa].sort());
    expect(p.name_servers.length).toBeGreaterThan(0);
  });
});

describe("a phishing lookalike, every source", () => {
  it("carries registration, DNS, web, TLS and infrastructure evidence with provenance", async () => {
    const domain = "rewardsacmebank.com";
    const s = scenarioOf(domain);
    const r = await enrich(domain);
    const f = r.fields;
    expect(ZDomainFindingDelta.safeParse({ domain, ...f }).success).toBe(true);
    expect(r.attempts).toBe(1);
    // Registration (RDAP)
    expect(r.provenance.registration).toMatchObject({ source: "rdap", status: "ok" });
    expect(f.registrar).toBe(s.registration.registrar);
    expect(f.registrar_abuse_email).toBe(s.registration.abuse_email);
    expect(f.registration_created).toBe(new Date(s.registration.created).toISOString());
    expect(f.privacy_protected).toBe(s.registration.privacy);
    expect(f.registration_status).toEqual(s.registration.status);
    // DNS
    expect(f.dns_a).toEqual(s.dns.a);
    expect(f.dns_ns!.sort()).toEqual(s.dns.ns.slice().sort());
    expect(f.wildcard).toBe(s.dns.wildcard);
    expect(r.provenance.dns).toMatchObject({ status: "ok" });
    // Web
    expect(f.http_status).toBe(200);
    expect(f.final_url).toBe(`https://${domain}/`);
    expect(f.login_form).toBe(true);
    expect(f.password_form).toBe(true);
    expect(f.form_action).toBe(s.site.form_action ?? `https://${domain}/auth/verify.php`);
    expect(f.brand_in_page).toBe(true);
    expect(f.html_similarity!).toBeGreaterThan(0.65);
    expect(f.favicon_hash).toBe(brand.profiles[0]!.favicon_hash);
    expect(f.parked).toBe(false);
    expect(f.redirects_to_brand).toBe(false);
    // TLS
    expect(f.tls_valid).toBe(true);
    expect(f.tls_issuer).toContain(s.tls!.issuer_cn);
    expect(f.tls_sans).toContain(domain);
    expect(f.tls_self_signed).toBe(false);
    expect(f.brand_in_cert).toBe(true);
    expect(f.tls_fingerprint).toMatch(/^sha256:/);
    // Infrastructure
    const net = world.scenario.networks.find((n) => n.asn === f.asn)!;
    expect(net).toBeDefined();
    expect(f.hosting_abuse_email).toBe(net.abuse_email);
    expect(f.ip_country).toBe(net.country);
    // Optional sources without configuration
    expect(r.provenance.screenshot).toMatchObject({ status: "unavailable" });
    expect(r.provenance.smtp).toMatchObject({ status: "unavailable" });
    expect(r.provenance.intel).toMatchObject({
      status: "unavailable",
      virustotal: { status: "unavailable" },
    });
    for (const p of Object.values(r.provenance)) expect(Date.parse(p.at)).toBeGreaterThan(0);
  });

  it("falls back to WHOIS where the TLD has no RDAP", async () => {
    const domain = "acmebankclient.de";
    const r = await enrich(domain);
    expect(r.provenance.registration).toMatchObject({ source: "whois", status: "ok" });
    expect(String(r.provenance.registration!.rdap_error)).toMatch(/no RDAP service/);
    // DENIC's port 43 publishes the last change, not the registrar or the other dates.
    expect(r.fields.registrar).toBeNull();
    expect(r.fields.registration_expires).toBeNull();
    expect(Date.parse(r.fields.registration_updated!)).toBe(Math.floor(Date.parse(scenarioOf(domain).registration.updated) / 1000) * 1000); // prettier-ignore
  });
});

describe("site kinds and faults", () => {
  it("recognises a parked page and parking name servers", async () => {
    const r = await enrich("aclebank.com");
    expect(r.fields.parked).toBe(true);
    expect(r.provenance.dns!.parking_ns).toBe(true);
    expect(r.fields.html_similarity!).toBeLessThan(0.5);
    expect(r.fields.login_form).toBe(false);
  });

  it("recognises a redirect to the brand", async () => {
    const r = await enrich("acmebankr.io");
    expect(r.fields.redirects_to_brand).toBe(true);
    expect(r.fields.redirect_chain!.length).toBeGreaterThan(1);
    expect(r.fields.final_url).toMatch(/acmebank\.com/);
  });

  it("reports a 5xx status as such", async () => {
    const r = await enrich("acmebank.live");
    expect(r.fields.http_status).toBe(503);
    expect(r.provenance.web!.status).toBe("ok");
  });

  it("marks the web unknown when the server never answers (timeout)", async () => {
    const r = await enrich("acembank.com");
    expect(r.provenance.web).toMatchObject({ status: "unknown" });
    // The client's own timeout ended the wait (the server never answers at all).
    expect(r.provenance.web!.error).toMatch(/TIMEOUT|ETIMEDOUT|UND_ERR/i);
    expect(r.fields.http_status ?? null).toBeNull();
    expect(r.provenance.registration!.status).toBe("ok"); // the rest goes on
  });

  it("marks the web unknown on a connection reset", async () => {
    const r = await enrich("acmebannk.com");
    expect(r.provenance.web).toMatchObject({ status: "unknown" });
  });

  it("stops a redirect loop", async () => {
    const r = await enrich("loop-acmebank.com");
    expect(r.provenance.web).toMatchObject({ status: "unknown" });
    expect(r.provenance.web!.error).toMatch(/LOOP/);
    expect(r.fields.redirect_chain).toContain("http://loop-acmebank.com/");
  });

  it("caps a huge body", async () => {
    const r = await enrich("huge-acmebank.com");
    expect(r.fields.page_size).toBe(65536);
    expect(r.provenance.web!.body_truncated).toBe(true);
    expect(r.fields.page_title).toBe("Huge");
  });

  it("reads a self-signed certificate and says it is not valid", async () => {
    const r = await enrich("selfsigned-acmebank.com");
    expect(r.fields.tls_self_signed).toBe(true);
    expect(r.fields.tls_valid).toBe(false);
    expect(r.provenance.tls!.validation_error).toMatch(/SELF_SIGNED/);
    expect(r.fields.http_status).toBe(200); // the HTTP side still answers
  });

  it("reads an expired certificate and says it is not valid", async () => {
    const r = await enrich("expired-acmebank.com");
    expect(r.fields.tls_valid).toBe(false);
    expect(r.provenance.tls!.validation_error).toBe("CERT_HAS_EXPIRED");
    expect(Date.parse(r.fields.tls_not_after!)).toBeLessThan(Date.now());
  });

  it("a servfail domain leaves DNS unknown, not absent", async () => {
    const r = await enrich("acmebamnk.shop");
    expect(r.provenance.dns).toMatchObject({ status: "unknown" });
    expect(r.fields.dns_mx ?? null).toBeNull();
  });
});

describe("SSRF guard", () => {
  let guarded: Enricher;
  beforeAll(() => {
    guarded = createEnricher(worldEnrichConfig(world, { ALLOW_PRIVATE_NETWORK: "false" }));
  });
  afterAll(() => guarded?.close());

  it.each(["metadata-acmebank.com", "internal-acmebank.com", "rewardsacmebank.com"])(
    "does not fetch %s (a private address)",
    async (domain) => {
      const r = await enrich(domain, guarded);
      expect(r.provenance.web).toMatchObject({ status: "unknown" });
      expect(r.provenance.web!.error).toMatch(/EBLOCKEDADDRESS/);
      expect(r.provenance.tls!.error).toMatch(/EBLOCKEDADDRESS/);
      expect(r.fields.http_status ?? null).toBeNull();
    },
  );

  it("the metadata lookalike resolves to 169.254.169.254 through DNS", async () => {
    const r = await enrich("metadata-acmebank.com");
    expect(r.fields.dns_a).toEqual(["169.254.169.254"]);
  });
});

describe("retry", () => {
  it("retries a run that failed once", async () => {
    const e = createEnricher(worldEnrichConfig(world));
    const perHost = e.deps.perHost;
    let calls = 0;
    e.deps.perHost = (ip, fn) =>
      ++calls === 1 ? Promise.reject(new Error("worker hiccup")) : perHost(ip, fn);
    try {
      const r = await enrich("rewardsacmebank.com", e);
      expect(r.attempts).toBe(2);
      expect(r.fields.http_status).toBe(200);
    } finally {
      await e.close();
    }
  });

  it("gives up after the second failed run with every source unknown", async () => {
    const e = createEnricher(worldEnrichConfig(world, { DNS_NAMESERVERS: "127.0.0.1:9", RDAP_BOOTSTRAP_URL: "http://127.0.0.1:9/", WHOIS_SERVER: "127.0.0.1:9", DNS_TIMEOUT_MS: "100" })); // prettier-ignore
    try {
      const r = await e.enrichLookalike("nowhere-acmebank.com", { a: [], aaaa: [], mx: [], ns: [] }, brand);
      expect(r.attempts).toBe(2);
      for (const s of ["dns", "registration", "web", "tls", "infrastructure"])
        expect(r.provenance[s]!.status).toBe("unknown");
    } finally {
      await e.close();
    }
  });
});
