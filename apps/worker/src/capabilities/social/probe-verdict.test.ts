import { describe, expect, it } from "vitest";
import { CATALOGUE } from "./catalogue/index.ts";
import { extractProfile } from "./catalogue/extract.ts";
import { classifyError, classifyResponse, retryAfterMs } from "./probe-verdict.ts";

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
  it("reads Retry-After as seconds or a date", () => {
    expect(retryAfterMs({ "retry-after": "7" }, 0)).toBe(7000);
    expect(retryAfterMs({ "retry-after": new Date(10_000).toUTCString() }, 4000)).toBe(6000);
    expect(retryAfterMs({}, 0)).toBeNull();
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
