import { describe, expect, it } from "vitest";
import { DEFAULT_DOMAIN_WEIGHTS } from "@brandwarden/contract/signals";
import { DOMAIN_FLOORS, scoreFinding, scoreWithSignals } from "./score.ts";
import { CTX, daysAgo, NOW } from "../../../test/signal-brand.ts";

const score = (ev: Parameters<typeof scoreFinding>[0], weights = DEFAULT_DOMAIN_WEIGHTS) =>
  scoreFinding(ev, CTX.brand, weights, NOW);

describe("scoreWithSignals", () => {
  it("adds weight x value, keeps every signal's contribution, and bands the score", () => {
    const r = scoreWithSignals({ a: 1, b: 0.5, c: null }, { a: 30, b: 20, c: 50 });
    expect(r.score).toBe(40);
    expect(r.severity).toBe("medium");
    expect(r.signals).toEqual({
      a: { value: 1, weight: 30, points: 30 },
      b: { value: 0.5, weight: 20, points: 10 },
      c: { value: null, weight: 50, points: 0 },
    });
  });

  it("never lets an unknown lower the score, even with a negative weight", () => {
    const known = scoreWithSignals({ a: 1, discount: 1 }, { a: 50, discount: -30 });
    const unknown = scoreWithSignals({ a: 1, discount: null }, { a: 50, discount: -30 });
    expect(known.score).toBe(20);
    expect(unknown.score).toBe(50);
  });

  it("clamps to 0..100", () => {
    expect(scoreWithSignals({ a: 1 }, { a: 500 }).score).toBe(100);
    expect(scoreWithSignals({ a: 1 }, { a: -500 }).score).toBe(0);
  });

  it("falls back to default weights for signals missing from a partial weight set", () => {
    const r = scoreWithSignals({ a: 1, b: 1 }, { a: 10 }, [], { a: 99, b: 5 });
    expect(r.score).toBe(15);
    expect(r.signals.b!.weight).toBe(5);
  });
});

describe("floors", () => {
  const phishPage = {
    domain: "acmebank-login.com",
    login_form: true,
    screenshot_similarity: 0.9,
    http_status: 200,
  };

  it("makes a login form on a page that looks like the brand's at least high", () => {
    const zero = Object.fromEntries(Object.keys(DEFAULT_DOMAIN_WEIGHTS).map((k) => [k, 0]));
    const r = score(phishPage, zero);
    expect(r.score).toBe(60);
    expect(r.severity).toBe("high");
    expect(r.floors).toEqual(["login_on_brand_lookalike_page"]);
    // the favicon or the HTML work as the look-alike evidence too
    expect(score({ domain: "x.com", login_form: true, favicon_hash: "fav-brand" }, zero).floors).toHaveLength(
      1,
    );
    expect(score({ domain: "x.com", login_form: true, html_similarity: 0.75 }, zero).floors).toHaveLength(1);
  });

  it("does not apply to a login form on a page unlike the brand's", () => {
    const zero = Object.fromEntries(Object.keys(DEFAULT_DOMAIN_WEIGHTS).map((k) => [k, 0]));
    expect(score({ domain: "x.com", login_form: true, screenshot_similarity: 0.2 }, zero).floors).toEqual([]);
  });

  it("makes a threat-feed listing at least high, but not an IP-only match", () => {
    const zero = Object.fromEntries(Object.keys(DEFAULT_DOMAIN_WEIGHTS).map((k) => [k, 0]));
    const hit = (matched: "url" | "ip") => [
      { feed: "urlhaus", matched, value: "http://x.com/", first_seen: null },
    ];
    expect(score({ domain: "x.com", threat_feed_hits: hit("url") }, zero).severity).toBe("high");
    expect(score({ domain: "x.com", threat_feed_hits: hit("ip") }, zero).floors).toEqual([]);
  });

  it("does not apply when the name redirects to the brand (the page is the brand's own)", () => {
    const r = score({ ...phishPage, final_url: "https://acmebank.com/login" });
    expect(r.floors).toEqual([]);
  });

  it("only raises: a score above the floor is kept", () => {
    const r = score({
      ...phishPage,
      registration_created: daysAgo(2),
      favicon_hash: "fav-brand",
      html_similarity: 0.9,
    });
    expect(r.score).toBeGreaterThan(60);
    expect(r.floors).toEqual([]);
  });

  it("are documented", () => {
    for (const f of DOMAIN_FLOORS) expect(f.about.length).toBeGreaterThan(10);
  });
});

describe("scoreFinding", () => {
  it("rates a fresh credential-phishing clone critical and a parked typo low", () => {
    const phish = score({
      domain: "acmebank-login.com",
      fuzzer: "combosquatting",
      registration_created: daysAgo(3),
      dns_a: ["203.0.113.7"],
      dns_aaaa: [],
      http_status: 200,
      login_form: true,
      screenshot_similarity: 0.92,
      html_similarity: 0.8,
      favicon_hash: "fav-brand",
      tls_not_before: daysAgo(2),
      tls_issuer: "Let's Encrypt R3",
      parked: false,
    });
    expect(phish.severity).toBe("critical");
    const parkedTypo = score({
      domain: "acmebnak.com",
      fuzzer: "transposition",
      registration_created: daysAgo(2000),
      dns_a: ["198.51.100.1"],
      dns_ns: ["ns1.sedoparking.com"],
      http_status: 200,
      login_form: false,
    });
    expect(parkedTypo.signals.parked!.points).toBeLessThan(0);
    expect(["info", "low"]).toContain(parkedTypo.severity);
  });

  it("scores the same finding higher with more known bad evidence, never lower for unknowns", () => {
    const base = { domain: "acmebank-login.com", dns_a: ["203.0.113.7"] };
    const a = score(base);
    const b = score({ ...base, parked: null, wildcard: null, redirects_to_brand: null });
    expect(b.score).toBe(a.score);
    expect(score({ ...base, parked: true }).score).toBeLessThan(a.score);
  });

  describe("a name grouped with the brand's own registrations", () => {
    const defensive = {
      campaign_id: "def_0123456789abcdef",
      size: 4,
      keys: ["brand:ns"],
      kind: "defensive" as const,
    };
    const ev = {
      domain: "acmebank-login.com",
      registration_created: daysAgo(3),
      html_similarity: 0.9,
      screenshot_similarity: 0.9,
      favicon_hash: "fav-brand",
      brand_in_page: true,
      campaign: defensive,
    };

    it("scores low at most, with no campaign points", () => {
      expect(score({ ...ev, campaign: { ...defensive, kind: "attack" as const } }).score).toBeGreaterThan(30);
      const capped = score(ev);
      expect(capped.score).toBe(30);
      expect(["info", "low"]).toContain(capped.severity);
      expect(capped.signals.campaign_membership!.value).toBe(0);
    });

    it.each([
      ["a login form of its own", { login_form: true }],
      ["a password form of its own", { password_form: true }],
      [
        "a threat-feed listing",
        {
          threat_feed_hits: [
            { feed: "openphish", matched: "domain" as const, value: "acmebank-login.com", first_seen: null },
          ],
        },
      ],
      ["the AI review's malicious verdict", { ai_verdict: "malicious" as const }],
    ])("is never capped when it shows %s", (_, hard) => {
      const r = score({ ...ev, ...hard });
      expect(r.score).toBeGreaterThan(30);
      expect(r.severity).not.toMatch(/info|low/);
    });

    it("is capped when the login form is the brand's own page it forwards to", () => {
      expect(score({ ...ev, login_form: true, redirects_to_brand: true }).score).toBeLessThanOrEqual(30);
    });
  });

  it("uses the weights it is given", () => {
    const ev = { domain: "acmebank-login.com" };
    const heavier = { ...DEFAULT_DOMAIN_WEIGHTS, brand_keyword_combo: 40 };
    expect(score(ev, heavier).score).toBeGreaterThan(score(ev).score);
  });
});

describe("brandContextFromScan", () => {
  it("builds the brand context from a scan start payload", async () => {
    const { brandContextFromScan } = await import("../brand/brand-context.ts");
    const brand = brandContextFromScan({
      brand_name: "Acme Bank",
      keywords: ["cards"],
      owned_domains: ["acmebank.com"],
      domain_profiles: [
        { domain: "acmebank.com", favicon_hash: "f", html_hash: null, screenshot_hash: null },
      ],
    });
    expect(brand).toEqual({
      brand_names: ["Acme Bank"],
      keywords: ["cards"],
      owned_domains: ["acmebank.com"],
      profiles: [{ domain: "acmebank.com", favicon_hash: "f", html_hash: null, screenshot_hash: null }],
    });
  });
});
