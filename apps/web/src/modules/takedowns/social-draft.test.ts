import { describe, expect, it } from "vitest";
import { buildSocialDraft, type SocialDraftFinding } from "./social-draft.ts";

const finding = (over: Partial<SocialDraftFinding> = {}): SocialDraftFinding => ({
  id: "00000000-0000-4000-8000-000000000001",
  platform: "github",
  handle: "acmebank-security",
  profile_url: "https://github.com/acmebank-security",
  display_name: null,
  bio: null,
  followers: null,
  account_created: null,
  links: null,
  name_similarity: null,
  avatar_similarity: null,
  score: null,
  severity: null,
  adjusted_score: null,
  adjusted_severity: null,
  owned_evidence: null,
  ...over,
});
const brand = { brand_name: "Acme Bank", social_handles: [], owned_domains: [] };

describe("the social impersonation report", () => {
  it("writes each platform's handles its own way", () => {
    expect(buildSocialDraft(finding(), brand).subject).toBe(
      "Impersonation of Acme Bank on GitHub: acmebank-security, request for removal",
    );
    expect(buildSocialDraft(finding({ platform: "reddit", handle: "acme_help" }), brand).subject).toContain("u/acme_help"); // prettier-ignore
    expect(buildSocialDraft(finding({ platform: "mastodon", handle: "acme" }), brand).subject).toContain("Mastodon: @acme"); // prettier-ignore
  });

  it("says what is not known rather than leaving gaps, and keeps the analyst's score over the scan's", () => {
    const d = buildSocialDraft(finding({ profile_url: null, score: 40, severity: "medium", adjusted_score: 91, adjusted_severity: "critical" }), brand); // prettier-ignore
    expect(d.body).toContain("We report the GitHub account acmebank-security, which impersonates Acme Bank.");
    expect(d.body).toContain("Acme Bank's official accounts are not listed here.");
    expect(d.body).toContain("- Profile URL: not known");
    expect(d.body).toContain("- Risk assessment: critical (91/100)");
    expect(d.body).not.toContain("- Bio:");
  });

  it("cuts a long bio in the quote", () => {
    const d = buildSocialDraft(finding({ bio: "x".repeat(1000) }), brand);
    expect(d.body).toMatch(/- Bio: "x{299}…"/);
  });
});
