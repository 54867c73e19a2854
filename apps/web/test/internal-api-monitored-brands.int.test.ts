import { describe, expect, it } from "vitest";
import { ownedDomains } from "../src/db/schema.ts";
import { insertUser } from "./factories.ts";
import { describeInternalApi } from "./internal-api-suite.ts";

const profile = {
  domain: "contosopay.com",
  title: "Contoso Pay",
  content_snippet: "Pay with Contoso",
  ips: ["127.0.0.5"],
  name_servers: [],
  html_hash: null,
  favicon_hash: null,
  screenshot_hash: null,
  fetched_at: "2026-01-01T00:00:00.000Z",
};

await describeInternalApi("monitored brands", (api) => {
  describe("GET /v1/brands/monitored", () => {
    it("lists every user with an owned domain as a brand for the CT follower", async () => {
      const contoso = await insertUser(api.t.db, {
        brand_name: "Contoso Pay",
        brand_names: ["Contoso", "Contoso Pay"],
        keywords: ["Wallet", "pay"],
        keyword_generation: 2,
      });
      const fabrikam = await insertUser(api.t.db, { brand_name: null, brand_names: [], keywords: [] });
      const nothingYet = await insertUser(api.t.db, { brand_name: "No Domains" });
      await api.t.db.insert(ownedDomains).values([
        { user_id: contoso.id, domain: "contosopay.com", enrichment_status: "completed", profile },
        { user_id: contoso.id, domain: "contoso.de" },
        { user_id: fabrikam.id, domain: "fabrikam.net" },
      ]);
      await api.call("POST", `/v1/users/${contoso.id}/derived_keywords`, {
        keywords: ["contosowallet"],
        generation: 2,
      });

      const res = await api.call("GET", "/v1/brands/monitored");
      expect(res.statusCode).toBe(200);
      const brands = (res.json() as { brands: Array<{ user_id: string }> }).brands;
      expect(brands.find((b) => b.user_id === contoso.id)).toEqual({
        user_id: contoso.id,
        brand_name: "Contoso Pay",
        brand_names: ["Contoso Pay", "Contoso"],
        keywords: ["wallet", "pay", "contosowallet"],
        owned_domains: ["contoso.de", "contosopay.com"],
        domain_profiles: [profile],
      });
      // No brand name given: the first owned domain stands for it.
      expect(brands.find((b) => b.user_id === fabrikam.id)).toMatchObject({
        brand_name: "fabrikam.net",
        brand_names: [],
        owned_domains: ["fabrikam.net"],
        domain_profiles: [],
      });
      expect(brands.some((b) => b.user_id === nothingYet.id)).toBe(false);
    });

    it("is internal: no bearer token, no brands", async () => {
      const res = await api.call("GET", "/v1/brands/monitored", undefined, {});
      expect(res.statusCode).toBe(401);
    });
  });
});
