import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "@brandwarden/platform/testing/wait-for";
import { ZAccountUpdate } from "../src/modules/account/account.schemas.ts";
import { insertUser } from "./factories.ts";
import { dbVariants, startTestWeb, type TestWeb } from "./harness.ts";
import { startStubWorker, type StubWorker } from "./stub-worker.ts";

for (const { variant, status } of await dbVariants()) {
  const title = `brand profile on ${variant}`;
  describe(title, () => {
    let t: TestWeb;
    let worker: StubWorker;
    beforeAll(async () => {
      status?.assertAvailable();
      worker = await startStubWorker();
      worker.answer("/domain/enrich", 202, { accepted: true });
      worker.answer("/social/enrich", 202, { accepted: true });
      worker.answer("/brand/keyword_expand", 202, { accepted: true });
      t = await startTestWeb(variant, { WORKER_URL: worker.url }, { consume: true });
    });
    afterAll(async () => {
      await t?.close();
      await worker?.close();
    });

    const profile = (over: Record<string, unknown> = {}) =>
      ZAccountUpdate.parse({
        brand_name: "Acme Bank",
        brand_names: ["Acme", "Acme Bank"],
        keywords: ["Bank", "bank", "pay"],
        owned_domains: ["acmebank.com", "acme.example"],
        social_handles: [{ platform: "x", handle: "acmebank" }],
        webhook_url: "https://hooks.example/bw",
        ...over,
      });

    it("saves the profile, bumps the keyword generation and enqueues enrichment and keyword expansion", async () => {
      const user = await insertUser(t.db, { keyword_generation: 4 });
      const saved = await t.container.services.account.updateProfile(user.id, profile());
      expect(saved).toMatchObject({
        brand_name: "Acme Bank",
        keywords: ["bank", "pay"],
        webhook_url: "https://hooks.example/bw",
      });
      expect(saved.webhook_secret).toMatch(/^whsec_/);
      expect(saved.owned_domains.map((d) => [d.domain, d.enrichment_status, d.generation])).toEqual([
        ["acme.example", "pending", 1],
        ["acmebank.com", "pending", 1],
      ]);
      expect((await t.container.services.users.derivedKeywords(user.id)).generation).toBe(5);
      await waitFor(
        () => worker.calls.filter((c) => c.path === "/domain/enrich").length >= 2,
        "domain enrichment calls",
      );
      await waitFor(() => worker.calls.some((c) => c.path === "/social/enrich"), "social enrichment call");
      await waitFor(
        () => worker.calls.some((c) => c.path === "/brand/keyword_expand"),
        "keyword expansion call",
      );
      const enrich = worker.calls.find(
        (c) => c.path === "/domain/enrich" && (c.body as { domain: string }).domain === "acmebank.com",
      )!;
      expect(enrich.body).toMatchObject({ user_id: user.id, domain: "acmebank.com", generation: 1 });
      expect(worker.calls.find((c) => c.path === "/brand/keyword_expand")!.body).toEqual({
        user_id: user.id,
        generation: 5,
      });

      // Saving again keeps unchanged domains (no new enrichment) and removes dropped ones.
      const before = worker.calls.filter((c) => c.path === "/domain/enrich").length;
      const again = await t.container.services.account.updateProfile(
        user.id,
        profile({ owned_domains: ["acmebank.com"] }),
      );
      expect(again.owned_domains.map((d) => d.domain)).toEqual(["acmebank.com"]);
      await new Promise((r) => setTimeout(r, 100));
      expect(worker.calls.filter((c) => c.path === "/domain/enrich").length).toBe(before);
    });

    it("rejects a profile without owned domains or with a bad webhook URL", () => {
      expect(() => profile({ owned_domains: [] })).toThrow(/owned domain/);
      expect(() => profile({ webhook_url: "ftp://x.example" })).toThrow(/http/);
      expect(() => profile({ owned_domains: ["not a domain"] })).toThrow();
    });
  });
}
