import { describe, expect, it } from "vitest";
import { CATALOGUE, CATALOGUE_PLATFORMS, handleFromUrl } from "./catalogue/index.ts";
import { handlesForPlatform, isValidHandle, permuteHandles, renderHandle } from "./handles.ts";
import { fold, peelAffixes } from "./normalize.ts";
import { socialConfigFromEnv } from "./social-config.ts";

const seeds = { brandNames: ["Acme Bank"], handles: ["acmebank"], domains: ["acmebank.com"] };
const all = permuteHandles(seeds);
const has = (h: string) => all.some((c) => c.handle === h);

describe("permuteHandles", () => {
  it("covers separators, affixes, countries, digits, homoglyphs, leet and typo families", () => {
    for (const h of [
      "acmebank",
      "acme_bank",
      "acme.bank",
      "acme-bank",
      "acmebank_official",
      "realacmebank",
      "acmebank.support",
      "acmebank-help",
      "acmebank_care",
      "acmebankhq",
      "acmebank_us",
      "acmebank247",
      "_acmebank",
      "acrnebank",
      "acm3bank",
      "4cmebank",
      "acmebnak",
      "acmebanl",
    ])
      // prettier-ignore
      expect(has(h), h).toBe(true);
    const families = new Set(all.map((c) => c.family.split(":")[0]));
    expect([...families]).toEqual(
      expect.arrayContaining(["brand", "affix", "country", "digits", "underscore", "homoglyph", "typo"]),
    );
    // Likelier forms first: the bare brand, then affixes, then the rest.
    expect(all[0]!.tier).toBe(0);
    expect(all.map((c) => c.tier)).toEqual([...all.map((c) => c.tier)].sort((a, b) => a - b));
  });

  it("never yields a handle a platform forbids, and drops the brand's own", () => {
    for (const platform of CATALOGUE_PLATFORMS) {
      const list = handlesForPlatform(platform, all, new Set(["acmebank"]));
      expect(list.length).toBeGreaterThan(50);
      for (const c of list)
        expect(CATALOGUE[platform].handle.pattern.test(c.handle), `${platform} ${c.handle}`).toBe(true);
      expect(list.some((c) => c.handle === "acmebank")).toBe(false);
    }
    const x = handlesForPlatform("x", all).map((c) => c.handle);
    expect(x.every((h) => h.length <= 15 && !h.includes(".") && !h.includes("-"))).toBe(true);
    const bsky = handlesForPlatform("bluesky", all).map((c) => c.handle);
    expect(bsky).toContain("acmebank-support.bsky.social");
    expect(bsky.every((h) => h.endsWith(".bsky.social"))).toBe(true);
  });

  it("renders handles per platform rules", () => {
    expect(renderHandle(CATALOGUE.x.handle, "@AcmeBank")).toBe("acmebank");
    expect(renderHandle(CATALOGUE.bluesky.handle, "acmebank")).toBe("acmebank.bsky.social");
    expect(renderHandle(CATALOGUE.bluesky.handle, "acmebank.com")).toBe("acmebank.com");
    expect(isValidHandle("telegram", "acme")).toBe(false); // under 5
    expect(isValidHandle("github", "acme--bank")).toBe(false);
    expect(isValidHandle("instagram", ".acme")).toBe(false);
    expect(isValidHandle("facebook", "acme")).toBe(false);
  });

  it("catalogue fixtures are valid handles on their platforms", () => {
    for (const p of CATALOGUE_PLATFORMS) {
      expect(isValidHandle(p, CATALOGUE[p].fixtures.claimed), `${p} claimed`).toBe(true);
      expect(isValidHandle(p, CATALOGUE[p].fixtures.unclaimed), `${p} unclaimed`).toBe(true);
    }
  });
});

describe("folding and affixes", () => {
  it("folds homoglyphs and leet to one skeleton", () => {
    expect(fold("acrnebank")).toBe(fold("AcmeBank"));
    expect(fold("acm3bank")).toBe(fold("acmebank"));
    expect(fold("аcmebank")).toBe(fold("acmebank")); // Cyrillic а
    expect(fold("acmebank_24")).toBe(`${fold("acmebank")}24`); // a number is not leet
  });
  it("peels impersonation and fan affixes", () => {
    const cores = [fold("acmebank")];
    expect(peelAffixes("acmebank_support_24", cores)).toEqual({ core: cores[0], affixes: ["24", "support"] });
    expect(peelAffixes("realacmebank", cores).core).toBe(cores[0]);
    expect(peelAffixes("AcmeBankFans", cores).affixes).toEqual(["fans"]);
    expect(peelAffixes("acmeplumbing", cores).core).not.toBe(cores[0]);
  });
});

describe("handleFromUrl", () => {
  const bases = socialConfigFromEnv({ SOCIAL_GITHUB_BASE_URL: "http://127.0.10.1:4007" }).bases;
  it("reads profile URLs of the real sites and of configured bases", () => {
    expect(handleFromUrl("https://twitter.com/AcmeBank_Care", bases)).toEqual({
      platform: "x",
      handle: "acmebank_care",
    });
    expect(handleFromUrl("https://www.instagram.com/acmebank.help/", bases)).toEqual({
      platform: "instagram",
      handle: "acmebank.help",
    });
    expect(handleFromUrl("https://www.tiktok.com/@acmebank.giveaway", bases)).toEqual({
      platform: "tiktok",
      handle: "acmebank.giveaway",
    });
    expect(handleFromUrl("https://www.linkedin.com/company/acme-bank", bases)).toEqual({
      platform: "linkedin",
      handle: "acme-bank",
    });
    expect(handleFromUrl("https://bsky.app/profile/acmebank.com", bases)).toEqual({
      platform: "bluesky",
      handle: "acmebank.com",
    });
    expect(handleFromUrl("https://www.reddit.com/u/acme_fan", bases)).toEqual({
      platform: "reddit",
      handle: "acme_fan",
    });
    expect(handleFromUrl("http://127.0.10.1:4007/acmebank-security", bases)).toEqual({
      platform: "github",
      handle: "acmebank-security",
    });
  });
  it("ignores site pages and other hosts", () => {
    expect(handleFromUrl("https://x.com/search", bases)).toBeNull();
    expect(handleFromUrl("https://github.com/orgs/acme/repos", bases)).toBeNull();
    expect(handleFromUrl("https://acmebank.com/login", bases)).toBeNull();
    expect(handleFromUrl("not a url", bases)).toBeNull();
  });
});
