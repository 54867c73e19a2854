import { describe, expect, it } from "vitest";
import type { TSocialPlatform } from "@brandwarden/contract/brand";
import { platformCoverage } from "./platform-coverage.ts";
import type { ProbeResult } from "./prober.ts";
import type { ProbeVerdict } from "./probe-verdict.ts";

const probe = (platform: TSocialPlatform, handle: string, verdict: ProbeVerdict): ProbeResult => ({
  platform,
  handle,
  verdict,
  profile: null,
  profile_url: `https://example.test/${handle}`,
  attempts: 1,
  retry_after_ms: null,
  elapsed_ms: 1,
  body: null,
});
const unknown = (reason: string, detail: string) => ({ status: "unknown", reason, detail }) as ProbeVerdict;
const many = (n: number, platform: TSocialPlatform, v: ProbeVerdict) =>
  Array.from({ length: n }, (_, i) => probe(platform, `h${i}`, v));

describe("platformCoverage", () => {
  it("one entry for a platform whose every probe met a platform-level wall, with the main cause", () => {
    const results = [
      ...many(30, "linkedin", unknown("login_wall", "linkedin 999")),
      ...many(5, "linkedin", unknown("rate_limited", "status 429")),
      ...many(4, "x", { status: "missing", detail: "status 404" }),
    ];
    expect(platformCoverage(results).coverage).toEqual([
      { platform: "linkedin", reason: "login_wall", probes: 35, detail: "30 login wall, 5 rate limited (e.g. linkedin 999)" },
    ]); // prettier-ignore
  });

  it("maps outages to down and budget to budget_exhausted", () => {
    const results = [
      ...many(3, "reddit", unknown("server_error", "status 503")),
      ...many(2, "reddit", unknown("network_error", "ECONNRESET")),
      ...many(4, "github", unknown("budget_exhausted", "rate limit budget: 0 remaining")),
    ];
    expect(platformCoverage(results).coverage.map((c) => [c.platform, c.reason])).toEqual([["reddit", "down"], ["github", "budget_exhausted"]]); // prettier-ignore
  });

  it("isolated unknowns on a judged platform stay findings; handle-level causes never become coverage", () => {
    const judged = [probe("x", "a", { status: "found", detail: "marker" }), ...many(3, "x", unknown("waf", "waf: cloudflare"))]; // prettier-ignore
    const mixed = [...many(3, "tiktok", unknown("rate_limited", "status 429")), probe("tiktok", "z", unknown("unexpected_response", "no positive marker"))]; // prettier-ignore
    expect(platformCoverage([...judged, ...mixed]).coverage).toEqual([]);
  });

  it("a login wall or the spent budget is folded even on a platform that judged other handles", () => {
    const threads = [probe("threads", "found1", { status: "found", detail: "marker" }), ...many(118, "threads", unknown("login_wall", "login redirect"))]; // prettier-ignore
    const github = [...many(60, "github", { status: "missing", detail: "status 404" }), ...many(63, "github", unknown("budget_exhausted", "rate limit budget: 0 remaining"))]; // prettier-ignore
    const x = [probe("x", "a", { status: "found", detail: "marker" }), probe("x", "b", unknown("rate_limited", "status 429"))]; // prettier-ignore
    const { coverage, folded } = platformCoverage([...threads, ...github, ...x]);
    expect(coverage).toEqual([
      { platform: "threads", reason: "login_wall", probes: 118, detail: "118 of 119 handles (118 login wall; e.g. login redirect)" },
      { platform: "github", reason: "budget_exhausted", probes: 63, detail: "63 of 123 handles (63 request budget exhausted; e.g. rate limit budget: 0 remaining)" },
    ]); // prettier-ignore
    // The isolated 429 on x stays a finding; the found Threads profile is not folded.
    expect(folded.size).toBe(118 + 63);
    expect(folded.has(x[1]!)).toBe(false);
    expect(folded.has(threads[0]!)).toBe(false);
  });

  it("the same unreadable answer to every handle is the platform's (a login page served as 200)", () => {
    const results = many(6, "instagram", unknown("unexpected_response", "status 302"));
    expect(platformCoverage(results).coverage).toMatchObject([
      { platform: "instagram", reason: "same_answer", probes: 6 },
    ]);
    // Different unreadable answers are about the handles.
    const varied = [probe("threads", "a", unknown("unexpected_response", "status 302")), probe("threads", "b", unknown("unexpected_response", "no positive marker"))]; // prettier-ignore
    expect(platformCoverage(varied).coverage).toEqual([]);
  });

  it("cancelled probes and invalid handles are not evidence either way", () => {
    const results = [
      probe("x", "bad handle", { status: "invalid", detail: "handle not allowed" }),
      ...many(2, "x", unknown("cancelled", "cancelled")),
    ];
    expect(platformCoverage(results).coverage).toEqual([]);
  });
});
