import { describe, expect, it } from "vitest";
import { blankFinding } from "../../../testing/snapshot-fixture.ts";
import { captureLogger } from "../../../test/pdf-inspect.ts";
import type { TBrandContext } from "@brandwarden/contract/brand";
import { TAKEDOWN_AI_FALLBACK, missingFacts, polishDraft } from "./polish.ts";
import { buildTakedownDraft, draftCampaign, takedownFacts, takedownRecipients } from "./takedown-draft.ts";

const brand: TBrandContext = {
  brand_name: "Acme Bank",
  social_handles: [],
  keywords: ["bank"],
  derived_keywords: [],
  owned_domains: [
    { domain: "acmebank.com", title: "Acme Bank", content_snippet: null },
    { domain: "acmebank.net", title: null, content_snippet: null },
  ],
};

const finding = blankFinding(crypto.randomUUID(), "acmebank-login.com", {
  dns_a: ["203.0.113.7"],
  dns_aaaa: ["2001:db8::7"],
  dns_ns: ["ns1.cheaphost.test"],
  registrar: "NameCheap, Inc.",
  registrar_abuse_email: "abuse@namecheap.test",
  registrar_abuse_phone: "+1.6613102107",
  registration_created: "2025-05-20T08:00:00.000Z",
  hosting_abuse_email: "abuse@digitalocean.test",
  asn: 14061,
  asn_org: "DigitalOcean, LLC",
  http_status: 200,
  final_url: "https://acmebank-login.com/signin",
  page_title: "Acme Bank - Sign in",
  login_form: true,
  password_form: true,
  brand_in_page: true,
  form_action: "https://collect.test/post.php",
  screenshot_hash: "sha256:abcd",
  screenshot_data: "data:image/png;base64,AAAA",
  threat_feed_hits: [
    { feed: "OpenPhish", matched: "url", value: "https://acmebank-login.com/signin", first_seen: null },
  ],
  score: 91,
  severity: "critical",
  created_at: "2025-05-21T09:30:00.000Z",
});

describe("takedown draft", () => {
  it("addresses the registrar's and the host's abuse desks with every fact a desk needs", () => {
    const { subject, body } = buildTakedownDraft(finding, brand);
    expect(subject).toBe(
      "Phishing domain acmebank-login.com impersonating Acme Bank: request for suspension",
    );
    expect(body.split("\n")[0]).toBe("To: abuse@namecheap.test, abuse@digitalocean.test");
    for (const fact of [
      "Domain: acmebank-login.com",
      "IP addresses: 203.0.113.7, 2001:db8::7",
      "Registrar: NameCheap, Inc.",
      "Registration created: 2025-05-20",
      "Hosting: DigitalOcean, LLC, AS14061",
      "serves a login page imitating Acme Bank's website",
      "https://collect.test/post.php",
      `Screenshot reference: captured by Brandwarden for finding ${finding.id} (image hash sha256:abcd)`,
      "First seen: 2025-05-21",
      "OpenPhish",
      'Acme Bank owns the "Acme Bank" brand and operates the official websites acmebank.com and acmebank.net',
      "Requested action:",
      "please suspend the domain acmebank-login.com",
      "please disable the content served for acmebank-login.com at 203.0.113.7, 2001:db8::7",
    ])
      expect(body).toContain(fact);
    expect(missingFacts({ subject, body }, takedownFacts(finding))).toEqual([]);
    expect(takedownRecipients(finding)).toEqual(["abuse@namecheap.test", "abuse@digitalocean.test"]);
  });

  it("is deterministic and says so when contacts are unknown", () => {
    const bare = blankFinding(finding.scan_id, "acmebank-shop.com", { created_at: finding.created_at });
    const a = buildTakedownDraft(bare, brand);
    expect(buildTakedownDraft(bare, brand)).toEqual(a);
    expect(a.subject).toContain("Brand-infringing domain acmebank-shop.com");
    expect(a.body).toContain("no abuse contact known");
    expect(a.body).toContain("IP addresses: none resolved at the time of the scan");
    expect(a.body).toContain("Screenshot reference: none captured");
  });
});

describe("takedown polish", () => {
  const draft = buildTakedownDraft(finding, brand);
  const facts = takedownFacts(finding);

  it("keeps the deterministic draft without a provider", async () => {
    const { logger, lines } = captureLogger();
    expect(await polishDraft(draft, facts, undefined, logger)).toEqual({ ...draft, source: "deterministic" });
    expect(lines).toEqual([]);
  });

  it("uses the polished text when every fact survives", async () => {
    const polished = { subject: `Urgent: ${draft.subject}`, body: `Hello,\n\n${draft.body}` };
    const out = await polishDraft(draft, facts, { polish: async () => polished }, captureLogger().logger);
    expect(out).toEqual({ ...polished, source: "ai" });
  });

  it("falls back when the polish drops a fact, fails or times out", async () => {
    const dropped = { subject: draft.subject, body: draft.body.replaceAll("203.0.113.7", "the server") };
    for (const provider of [
      { polish: async () => dropped },
      { polish: async () => Promise.reject(new Error("LLM down")) },
      { polish: () => new Promise<never>(() => undefined) },
      { polish: async () => ({ subject: "", body: "x" }) },
    ]) {
      const { logger, lines } = captureLogger();
      const out = await polishDraft(draft, facts, provider, logger, 50);
      expect(out).toEqual({ ...draft, source: "deterministic" });
      expect(lines.map((l) => l.msg)).toEqual([TAKEDOWN_AI_FALLBACK]);
    }
  });
});

describe("takedown drafts and campaigns", () => {
  const scan = finding.scan_id;
  const member = (domain: string, over: Parameters<typeof blankFinding>[2] = {}) =>
    blankFinding(scan, domain, {
      campaign_id: "cmp_1",
      campaign_keys: ["ip:203.0.113.7"],
      dns_a: ["203.0.113.7"],
      asn_org: "DigitalOcean, LLC",
      registration_created: "2025-05-20T08:00:00.000Z",
      ...over,
    });
  const phish = { ...finding, campaign_id: "cmp_1", campaign_keys: ["ip:203.0.113.7"] };
  const all = [phish, member("acmebank-verify.com"), member("acmebank-secure.com"), finding];

  it("names the campaign and its other domains, and keeps them through the polish", () => {
    const campaign = draftCampaign(phish, all);
    expect(campaign).toEqual({
      name: "DigitalOcean 203.0.113.7 · registered May 20 · 3 domains",
      kind: "attack",
      siblings: ["acmebank-secure.com", "acmebank-verify.com"],
    });
    const draft = buildTakedownDraft(phish, brand, campaign);
    expect(draft.body).toContain(
      'Related domains: acmebank-login.com is part of a campaign of 3 lookalike domains that share infrastructure ("DigitalOcean 203.0.113.7 · registered May 20 · 3 domains"). The other 2 domains are: acmebank-secure.com, acmebank-verify.com.',
    );
    expect(draft.warning).toBeUndefined();
    expect(takedownFacts(phish, campaign)).toEqual(
      expect.arrayContaining(["acmebank-secure.com", "acmebank-verify.com"]),
    );
  });

  it("says nothing of a campaign for a finding in none", () => {
    expect(draftCampaign(finding, all)).toBeNull();
    expect(buildTakedownDraft(finding, brand, null).body).not.toContain("Related domains");
  });

  it("warns that a probable defensive registration is the brand's own", () => {
    const own = blankFinding(scan, "acmebank.org", {
      campaign_id: "def_0123456789abcdef",
      campaign_keys: ["brand:redirect", "brand:registrar"],
      redirects_to_brand: true,
      registrar: "MarkMonitor Inc.",
    });
    const campaign = draftCampaign(own, [own]);
    expect(campaign?.kind).toBe("defensive");
    const draft = buildTakedownDraft(own, brand, campaign);
    expect(draft.warning).toMatch(/^acmebank\.org is probably Acme Bank's own defensive registration/);
    expect(draft.warning).toContain("a takedown would suspend the brand's own domain");
    expect(draft.body).not.toContain("Related domains");
  });
});
