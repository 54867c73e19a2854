import { describe, expect, it } from "vitest";
import { DEFAULT_DOMAIN_WEIGHTS, DOMAIN_SIGNALS } from "@brandwarden/contract/signals";
import { computeDomainSignals, DOMAIN_SIGNAL_FNS } from "./index.ts";
import { CTX } from "../../../../test/signal-brand.ts";

const NAME_BASED = [
  "visual_distance",
  "edit_distance",
  "brand_keyword_combo",
  "brand_in_unrelated_domain",
  "faux_tld_token",
  "suspicious_tld",
  "punycode_mixed_script",
  "label_shape",
  "free_subdomain_host",
];

describe("the domain signal set", () => {
  it("has exactly the contract's 29 signals, each with a function", () => {
    expect(Object.keys(DOMAIN_SIGNAL_FNS).sort()).toEqual(Object.keys(DOMAIN_SIGNALS).sort());
    expect(Object.keys(DEFAULT_DOMAIN_WEIGHTS)).toHaveLength(29);
  });

  it("gives null for every evidence-based signal when only the name is known", () => {
    const values = computeDomainSignals({ domain: "acmebank-login.com" }, CTX);
    for (const [name, value] of Object.entries(values)) {
      if (NAME_BASED.includes(name)) expect(value, name).not.toBeNull();
      else expect(value, name).toBeNull();
    }
  });

  it("keeps every value in [0, 1]", () => {
    const values = computeDomainSignals(
      {
        domain: "secure-acmebank-com.login.xyz",
        fuzzer: "homoglyph",
        html_similarity: 250,
        screenshot_similarity: -3,
        registration_created: "2025-05-30T00:00:00Z",
      },
      CTX,
    );
    for (const v of Object.values(values)) if (v !== null) expect(v >= 0 && v <= 1).toBe(true);
  });
});
