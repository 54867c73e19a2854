import { describe, expect, it } from "vitest";
import { KNOWN_REGISTRY_DESKS } from "@brandwarden/worker/capabilities/provider-facts/abuse-desks";
import { registryOperatorOf } from "@brandwarden/world/registry/registry-operators";

// The product's list of registry abuse desks and the world's registries are written apart (the
// world imitates the internet; the product must not read it): the same operators' published
// addresses, so an escalation reaches a desk the world runs.
describe("registry abuse desks: the product's list and the world's registries", () => {
  it("name the same address or form for every TLD the product knows", () => {
    for (const desk of KNOWN_REGISTRY_DESKS)
      for (const tld of desk.tlds) {
        const operator = registryOperatorOf(`example.${tld}`);
        expect(operator, `.${tld}`).not.toBeNull();
        expect(desk.channel === "email" ? operator!.abuse_email : operator!.abuse_url, `.${tld}`).toBe(
          desk.address,
        );
      }
  });
});
