import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ownedDomains, settings, socialHandles, users } from "../src/db/schema.ts";
import { auth } from "./harness.ts";
import { insertUser } from "./factories.ts";
import { describeInternalApi } from "./internal-api-suite.ts";

await describeInternalApi("settings-brand", (api) => {
  const call = api.call;
  describe("settings", () => {
    it("reports an unconfigured AI provider as enabled null and deep-merges updates", async () => {
      await api.t.db.delete(settings);
      expect((await call("GET", "/v1/settings/ai_provider")).json()).toEqual({
        enabled: null,
        config: {},
      });
      await call("PUT", "/v1/settings/ai_provider", {
        enabled: true,
        config: {
          provider: "openai",
          model: "gpt-x",
          base_url: "http://127.0.0.1:9/v1",
          extra: { a: 1, b: 2 },
        },
      });
      const merged = await call("PUT", "/v1/settings/ai_provider", {
        config: { model: "gpt-y", extra: { b: 3 } },
      });
      expect(merged.statusCode).toBe(200);
      expect(merged.json()).toEqual({
        enabled: true,
        config: {
          provider: "openai",
          model: "gpt-y",
          base_url: "http://127.0.0.1:9/v1",
          extra: { a: 1, b: 3 },
        },
      });
      expect((await call("GET", "/v1/settings/ai_provider")).json()).toEqual(merged.json());
      const bad = await call("PUT", "/v1/settings/ai_provider", { config: { base_url: "not a url" } });
      expect(bad.statusCode).toBe(422);
    });

    it("refuses a new AI host without the key again, so the stored key never goes to another host", async () => {
      await api.t.db.delete(settings);
      const put = (config: Record<string, unknown>) => call("PUT", "/v1/settings/ai_provider", { config });
      expect(
        (await put({ provider: "openai", base_url: "https://llm.example.com/v1", api_key: "sk-first" }))
          .statusCode,
      ).toBe(200);
      // Same host, another path: the key stays.
      expect((await put({ base_url: "https://llm.example.com/v2" })).json().config.api_key).toBe("sk-first");
      for (const change of [{ base_url: "https://attacker.example.net/v1" }, { provider: "anthropic" }]) {
        const moved = await put(change);
        expect(moved.statusCode).toBe(422);
        expect(moved.json().message).toMatch(/Re-enter the API key for the new host/);
      }
      expect((await call("GET", "/v1/settings/ai_provider")).json().config).toMatchObject({
        provider: "openai",
        base_url: "https://llm.example.com/v2",
        api_key: "sk-first",
      });
      const rekeyed = await put({ base_url: "https://other.example.org/v1", api_key: "sk-second" });
      expect(rekeyed.json().config).toMatchObject({
        base_url: "https://other.example.org/v1",
        api_key: "sk-second",
      });
      const cleared = await put({ base_url: "https://third.example.org/v1", api_key: "" });
      expect(cleared.statusCode).toBe(200);
      expect(cleared.json().config.api_key).toBe("");
    });

    it("defaults the audit configuration to medium/-15/15, merges updates and rejects out-of-range values", async () => {
      await api.t.db.delete(settings);
      expect((await call("GET", "/v1/settings/audit_config")).json()).toEqual({
        threshold: "medium",
        adjustment_min: -15,
        adjustment_max: 15,
      });
      const high = await call("PUT", "/v1/settings/audit_config", { threshold: "high" });
      expect(high.json()).toEqual({ threshold: "high", adjustment_min: -15, adjustment_max: 15 });
      for (const body of [
        { adjustment_min: -80 },
        { adjustment_max: 51 },
        { adjustment_min: 5 },
        { adjustment_max: -1 },
        { threshold: "severe" },
        { adjustment_min: 1.5 },
      ]) {
        const res = await call("PUT", "/v1/settings/audit_config", body);
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
      }
      expect((await call("GET", "/v1/settings/audit_config")).json()).toEqual(high.json());
    });
  });

  describe("derived keywords and brand context", () => {
    it("stores keywords downcased and deduplicated for the current generation", async () => {
      const user = await insertUser(api.t.db, { keyword_generation: 3 });
      const url = `/v1/users/${user.id}/derived_keywords`;
      expect((await call("GET", url)).json()).toEqual({ keywords: [], generation: 3 });
      const res = await call("POST", url, {
        keywords: ["Wallet", "wallet ", "ACME Pay", "acme pay"],
        generation: 3,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ keywords: ["wallet", "acme pay"], generation: 3 });
      expect((await call("GET", url)).json()).toEqual({
        keywords: ["wallet", "acme pay"],
        generation: 3,
      });
    });

    it("rejects a stale generation with 409 and keeps the stored keywords", async () => {
      const user = await insertUser(api.t.db, { keyword_generation: 5 });
      const url = `/v1/users/${user.id}/derived_keywords`;
      await call("POST", url, { keywords: ["kept"], generation: 5 });
      const stale = await call("POST", url, { keywords: ["lost"], generation: 4 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ error: "stale_generation" });
      const future = await call("POST", url, { keywords: ["lost"], generation: 6 });
      expect(future.statusCode).toBe(409);
      expect((await call("GET", url)).json()).toEqual({ keywords: ["kept"], generation: 5 });
    });

    it("treats keywords of an older generation as none once the profile changed", async () => {
      const user = await insertUser(api.t.db, { keyword_generation: 1 });
      const url = `/v1/users/${user.id}/derived_keywords`;
      await call("POST", url, { keywords: ["old"], generation: 1 });
      await api.t.db.update(users).set({ keyword_generation: 2 }).where(eq(users.id, user.id));
      expect((await call("GET", url)).json()).toEqual({ keywords: [], generation: 2 });
    });

    it("answers 422 for a bad payload and 404 for an unknown user", async () => {
      const user = await insertUser(api.t.db);
      const url = `/v1/users/${user.id}/derived_keywords`;
      for (const body of [
        {},
        { keywords: "a", generation: 0 },
        { keywords: ["a"], generation: -1 },
        { keywords: [""], generation: 0 },
      ]) {
        expect((await call("POST", url, body)).statusCode, JSON.stringify(body)).toBe(422);
      }
      const malformed = await api.t.app.inject({
        method: "POST",
        url,
        headers: { ...auth, "content-type": "application/json" },
        payload: "{not json",
      });
      expect(malformed.statusCode).toBe(422);
      expect(
        (
          await call("POST", `/v1/users/${randomUUID()}/derived_keywords`, {
            keywords: [],
            generation: 0,
          })
        ).statusCode,
      ).toBe(404);
      expect((await call("GET", `/v1/users/not-a-uuid/derived_keywords`)).statusCode).toBe(404);
    });

    it("builds the brand context from the profile, owned domain profiles and derived keywords", async () => {
      const user = await insertUser(api.t.db, {
        brand_name: "Acme Bank",
        keywords: ["bank", "pay"],
        keyword_generation: 2,
      });
      await api.t.db.insert(ownedDomains).values([
        {
          user_id: user.id,
          domain: "acmebank.com",
          enrichment_status: "completed",
          profile: {
            domain: "acmebank.com",
            title: "Acme Bank - Online Banking",
            content_snippet: "Welcome to Acme Bank",
            ips: ["127.0.0.5"],
            name_servers: [],
            html_hash: null,
            favicon_hash: null,
            screenshot_hash: null,
            fetched_at: new Date().toISOString(),
          },
        },
        { user_id: user.id, domain: "acme.example" },
      ]);
      await api.t.db.insert(socialHandles).values({ user_id: user.id, platform: "x", handle: "acmebank" });
      await call("POST", `/v1/users/${user.id}/derived_keywords`, {
        keywords: ["acmepay"],
        generation: 2,
      });
      const res = await call("GET", `/v1/users/${user.id}/brand_context`);
      expect(res.json()).toEqual({
        brand_name: "Acme Bank",
        social_handles: [{ platform: "x", handle: "acmebank" }],
        keywords: ["bank", "pay"],
        derived_keywords: ["acmepay"],
        owned_domains: [
          { domain: "acme.example", title: null, content_snippet: null },
          {
            domain: "acmebank.com",
            title: "Acme Bank - Online Banking",
            content_snippet: "Welcome to Acme Bank",
          },
        ],
      });
      expect((await call("GET", `/v1/users/${randomUUID()}/brand_context`)).statusCode).toBe(404);
    });
  });
});
