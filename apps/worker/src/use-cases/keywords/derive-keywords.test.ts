import { describe, expect, it } from "vitest";
import { brandVariants, deterministicKeywords } from "./derive-keywords.ts";

describe("deterministic keyword expansion", () => {
  it("spells brand-name variants and reads product names from titles and snippets", () => {
    expect(brandVariants("Acme Bank Inc.")).toEqual(
      expect.arrayContaining(["acmebank", "acme-bank", "acme"]),
    );
    const kw = deterministicKeywords({
      brand_name: "Acme Bank",
      social_handles: [],
      keywords: ["mortgages"],
      derived_keywords: [],
      owned_domains: [
        {
          domain: "acmebank.com",
          title: "Acme Bank – Home | Business Banking",
          content_snippet: "Try ACME Wallet Pro today. SafeVault® protects you.",
        },
      ],
    });
    expect(kw).toEqual(
      expect.arrayContaining(["acmebank", "business banking", "acme wallet pro", "safevault"]),
    );
    expect(kw).not.toContain("mortgages"); // already a keyword
    expect(kw).not.toContain("home");
  });
});
