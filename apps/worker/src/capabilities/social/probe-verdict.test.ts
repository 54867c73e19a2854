import { describe, expect, it } from "vitest";
import { CATALOGUE } from "./catalogue/index.ts";
import { extractProfile, parseCount } from "./catalogue/extract.ts";
import { classifyError, classifyResponse } from "./probe-verdict.ts";

const res = (status: number, body: string, headers: Record<string, string> = {}) => ({
  status,
  body,
  headers,
});

describe("classifyResponse", () => {
  it("requires a positive marker: a bare 200 is not found", () => {
    expect(classifyResponse(CATALOGUE.x, res(200, "<html>something</html>"))).toMatchObject({
      status: "unknown",
      reason: "unexpected_response",
    });
    const ld = '<script type="application/ld+json">{"@type":"ProfilePage"}</script>';
    expect(classifyResponse(CATALOGUE.x, res(200, ld)).status).toBe("found");
  });
  it("a negative marker wins over a positive one", () => {
    const body =
      '<script type="application/ld+json">{"@type":"ProfilePage"}</script><span>This account doesn’t exist</span>';
    expect(classifyResponse(CATALOGUE.x, res(200, body)).status).toBe("missing");
    const tiktok =
      '<script id="__UNIVERSAL_DATA_FOR_REHYDRATION__">{"__DEFAULT_SCOPE__":{"webapp.user-detail":{"statusCode":10221}}}</script>';
    expect(classifyResponse(CATALOGUE.tiktok, res(200, tiktok)).status).toBe("missing");
  });
  it("missing needs its status (and marker when the entry names one)", () => {
    expect(classifyResponse(CATALOGUE.github, res(404, '{"message":"Not Found"}')).status).toBe("missing");
    expect(classifyResponse(CATALOGUE.bluesky, res(400, '{"message":"Profile not found"}')).status).toBe(
      "missing",
    );
    // A 400 without the marker (bad request) is not an absence.
    expect(classifyResponse(CATALOGUE.bluesky, res(400, '{"error":"InvalidRequest"}')).status).toBe(
      "unknown",
    );
  });
  it("blocks are unknown, never missing: 429, Cloudflare, 999, 5xx, 403", () => {
    expect(classifyResponse(CATALOGUE.github, res(429, "{}"))).toMatchObject({
      status: "unknown",
      reason: "rate_limited",
    });
    const cf = res(403, "<title>Just a moment...</title>", { "cf-mitigated": "challenge" });
    expect(classifyResponse(CATALOGUE.x, cf)).toMatchObject({ status: "unknown", reason: "waf" });
    expect(classifyResponse(CATALOGUE.linkedin, res(999, ""))).toMatchObject({
      status: "unknown",
      reason: "login_wall",
      detail: "linkedin 999",
    });
    expect(classifyResponse(CATALOGUE.github, res(503, ""))).toMatchObject({
      status: "unknown",
      reason: "server_error",
    });
    expect(classifyResponse(CATALOGUE.github, res(403, "forbidden"))).toMatchObject({
      status: "unknown",
      reason: "waf",
    });
    // Cloudflare page on a soft-404 site must not read as its missing marker (noindex, nofollow).
    const tg = res(403, '<title>Just a moment...</title><meta name="robots" content="noindex, nofollow">');
    expect(classifyResponse(CATALOGUE.telegram, tg).status).toBe("unknown");
  });
  it("suspension is missing with its reason", () => {
    expect(
      classifyResponse(CATALOGUE.reddit, res(200, '{"kind":"t2","data":{"is_suspended":true}}')),
    ).toEqual({
      status: "missing",
      detail: "suspended",
    });
  });
  it("network failures are unknown", () => {
    expect(classifyError(Object.assign(new Error("x"), { name: "TimeoutError" }), false).reason).toBe(
      "timeout",
    );
    expect(classifyError({ code: "ECONNREFUSED" }, false)).toMatchObject({
      reason: "network_error",
      detail: "ECONNREFUSED",
    });
    expect(classifyError(new Error("aborted"), true).reason).toBe("cancelled");
  });
});

describe("extractProfile", () => {
  it("reads JSON paths with transforms", () => {
    const body = JSON.stringify({
      display_name: "Acme & Co",
      note: "<p>Hello<br>world</p>",
      followers_count: 12,
      created_at: "2020-01-02T00:00:00.000Z",
      fields: [
        { value: '<a href="https://acme.example/">x</a>', verified_at: "2020" },
        { value: "", verified_at: null },
      ],
    });
    const p = extractProfile(CATALOGUE.mastodon.extract, body);
    expect(p).toMatchObject({
      display_name: "Acme & Co",
      bio: "Hello\nworld",
      followers: 12,
      verified: true,
    });
    expect(p.links).toEqual(["https://acme.example/"]);
    expect(p.account_created).toBe("2020-01-02T00:00:00.000Z");
  });
  it("is null-safe on junk", () => {
    const p = extractProfile(CATALOGUE.github.extract, "not json");
    expect(p).toMatchObject({ display_name: null, bio: null, followers: null, links: [] });
  });
});

describe("follower counts as pages write them", () => {
  it.each([
    ["12,345", 12345],
    ["12 345 followers", 12345],
    ["12\u00a0345", 12345],
    ["12\u202f345 abonnés", 12345],
    ["12\u2009345", 12345],
    ["1.234.567", 1234567],
    ["1'234", 1234],
    ["1.2K", 1200],
    ["1,2 k", 1200],
    ["24.6m subscribers", 24600000],
    ["3,4 Mio. Abonnenten", 3400000],
    ["7.78k subscribers", 7780],
    ["84 subscribers", 84],
    [1234, 1234],
  ])("%s → %d", (text, n) => {
    expect(parseCount(text)).toBe(n);
  });
  it("is null when there is no number", () => {
    expect(parseCount("@acme")).toBeNull();
    expect(parseCount(undefined)).toBeNull();
  });
});

describe("markup read through a parser", () => {
  it("Telegram: dir=auto spans, spaced counts and <br> bios", () => {
    const html =
      '<html><head><meta property="og:title" content="Acme &amp; Co"><meta property="og:image" content="https://cdn.example/a.jpg"></head><body>' +
      '<div class="tgme_page"><div class="tgme_page_title" dir="auto"><span dir="auto">Acme &amp; Co</span><i class="verified-icon"></i></div>' +
      '<div class="tgme_page_extra">12 345 subscribers</div>' +
      '<div class="tgme_page_description" dir="auto">Official channel<br/>of Acme</div></div></body></html>';
    expect(extractProfile(CATALOGUE.telegram.extract, html)).toMatchObject({
      display_name: "Acme & Co",
      bio: "Official channel of Acme",
      followers: 12345,
      verified: true,
      avatar_url: "https://cdn.example/a.jpg",
    });
  });
  it("X: JSON-LD in any key order and spacing, og: meta as fallback", () => {
    const ld = `{ "mainEntity" : { "interactionStatistic" : [ { "name" : "Friends", "userInteractionCount" : 3 }, { "userInteractionCount" : 4567, "name" : "Follows" } ], "givenName" : "Acme \\u0026 Co", "description" : "Bank\\/Support" }, "@type" : "ProfilePage" }`;
    const html = `<script type="application/ld+json" data-testid="UserProfileSchema-test">${ld}</script>`;
    expect(classifyResponse(CATALOGUE.x, res(200, html)).status).toBe("found");
    expect(extractProfile(CATALOGUE.x.extract, html)).toMatchObject({
      display_name: "Acme & Co",
      bio: "Bank/Support",
      followers: 4567,
    });
    const og =
      '<meta property="og:title" content="Acme Bank (@acmebank) on X"><meta property="og:description" content="Help">';
    expect(extractProfile(CATALOGUE.x.extract, og)).toMatchObject({ display_name: "Acme Bank", bio: "Help" });
  });
});

describe("login walls are unknown(login_wall), never missing or found", () => {
  const wall = (detail: string) => ({ status: "unknown", reason: "login_wall", detail });
  it("a redirect to a login path (LinkedIn's authwall, Instagram's, X's flow)", () => {
    for (const [entry, location] of [
      [CATALOGUE.linkedin, "https://www.linkedin.com/authwall?trk=bf&trkInfo=x"],
      [CATALOGUE.instagram, "/accounts/login/?next=%2Facme%2F"],
      [CATALOGUE.x, "https://x.com/i/flow/login?redirect_after_login=%2Facme"],
      [CATALOGUE.facebook, "/login/?next=https%3A%2F%2Fwww.facebook.com%2Facme"],
    ] as const)
      expect(classifyResponse(entry, res(302, "", { location }))).toEqual(wall("login redirect"));
  });
  it("a 200 login page and a 200 JavaScript shell", () => {
    const login =
      '<html><head><title>Log into Facebook</title></head><body><form action="/login/device-based/regular/login/" method="post">' +
      '<input type="email" name="email"><input type="password" name="pass"></form></body></html>';
    expect(classifyResponse(CATALOGUE.facebook, res(200, login))).toEqual(wall("login page"));
    const shell =
      "<!DOCTYPE html><html><head><title>X</title></head><body><noscript>JavaScript is not available. We’ve detected that JavaScript is disabled in this browser.</noscript>" +
      '<div id="react-root"></div><script src="https://abs.twimg.com/responsive-web/client-web/main.js"></script></body></html>';
    expect(classifyResponse(CATALOGUE.x, res(200, shell))).toEqual(wall("javascript shell"));
  });
  it("a profile page that also links to the login is a profile, not a wall", () => {
    const profile =
      '<html><head><meta property="og:type" content="profile"><meta property="og:title" content="Acme (@acme)"></head>' +
      '<body><a href="/login">Log in</a></body></html>';
    expect(classifyResponse(CATALOGUE.threads, res(200, profile)).status).toBe("found");
  });
});
