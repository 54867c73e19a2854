import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "@brandwarden/platform/testing/wait-for";
import { ZAccountUpdate } from "@brandwarden/contract/browser/account";
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
      const saved = await t.container.services.brandProfile.updateProfile(user.id, profile());
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
      expect((await t.container.services.brandContext.derivedKeywords(user.id)).generation).toBe(5);
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
      const again = await t.container.services.brandProfile.updateProfile(
        user.id,
        profile({ owned_domains: ["acmebank.com"] }),
      );
      expect(again.owned_domains.map((d) => [d.id, d.domain, d.generation])).toEqual([
        [enrichedId(saved, "acmebank.com"), "acmebank.com", 1],
      ]);
      // The unchanged domain keeps its row and generation; by the time the save's keyword expansion
      // went out (enqueued after any enrichment), no enrichment was asked for.
      await waitFor(
        () => worker.calls.filter((c) => c.path === "/brand/keyword_expand").length >= 2,
        "second keyword expansion call",
      );
      expect(worker.calls.filter((c) => c.path === "/domain/enrich").length).toBe(before);
    });

    const enrichedId = (a: { owned_domains: Array<{ id: string; domain: string }> }, domain: string) =>
      a.owned_domains.find((d) => d.domain === domain)!.id;

    const enrichCalls = (handle: string) =>
      worker.calls.filter(
        (c) => c.path === "/social/enrich" && (c.body as { handle: string }).handle === handle,
      );

    it("re-enriches a handle whose spelling changed only in case, under a new generation", async () => {
      const user = await insertUser(t.db);
      const handle = `Acme${randomUUID().slice(0, 8)}`;
      const first = await t.container.services.brandProfile.updateProfile(
        user.id,
        profile({ social_handles: [{ platform: "x", handle: handle.toLowerCase() }] }),
      );
      const [before] = first.social_handles;
      await waitFor(() => enrichCalls(handle.toLowerCase()).length === 1, "first enrichment");

      const edited = await t.container.services.brandProfile.updateProfile(
        user.id,
        profile({ social_handles: [{ platform: "x", handle }] }),
      );
      expect(edited.social_handles).toEqual([
        expect.objectContaining({ id: before!.id, handle, generation: 2, enrichment_status: "pending" }),
      ]);
      await waitFor(() => enrichCalls(handle).length === 1, "enrichment of the new spelling");
      expect(enrichCalls(handle)[0]!.body).toMatchObject({ social_handle_id: before!.id, generation: 2 });

      // The profile fetched under the old spelling arrives late: it is stale and ignored.
      await t.container.consumer.apply({
        v: 1,
        kind: "social_profile",
        seq: 1,
        ts: new Date().toISOString(),
        data: {
          social_handle_id: before!.id,
          user_id: user.id,
          generation: 1,
          status: "failed",
          profile: null,
          error: "missing: status 404",
        },
      });
      const now = await t.container.services.brandProfile.profile(user.id);
      expect(now.social_handles[0]).toMatchObject({
        handle,
        enrichment_status: "pending",
        enrichment_error: null,
      });

      // Saving the same spelling again changes nothing and enriches nothing.
      await t.container.services.brandProfile.updateProfile(
        user.id,
        profile({ social_handles: [{ platform: "x", handle }] }),
      );
      expect((await t.container.services.brandProfile.profile(user.id)).social_handles[0]!.generation).toBe(
        2,
      );
    });

    const expansionEvent = (userId: string, generation: number, code: string, message: string) => ({
      v: 1 as const,
      kind: "log" as const,
      seq: 1,
      ts: new Date().toISOString(),
      data: { level: "error" as const, code, message, user_id: userId, generation },
    });

    it("shows a keyword expansion failure that came on the event stream, for the current profile only", async () => {
      const user = await insertUser(t.db, { keyword_generation: 2 });
      const saved = await t.container.services.brandProfile.updateProfile(user.id, profile());
      expect(saved.keyword_expansion).toEqual({
        generation: 3,
        status: "pending",
        keywords: [],
        problem: null,
      });

      // A report for an older generation is moot; the current one's failure is shown.
      await t.container.consumer.apply(expansionEvent(user.id, 2, "keyword_expansion_failed", "old news"));
      expect((await t.container.services.brandProfile.profile(user.id)).keyword_expansion?.status).toBe(
        "pending",
      );
      await t.container.consumer.apply(
        expansionEvent(
          user.id,
          3,
          "keyword_expansion_failed",
          "Keyword expansion failed: the brand profile could not be read (timeout)",
        ),
      );
      // A late report for an older generation does not replace it.
      await t.container.consumer.apply(expansionEvent(user.id, 2, "keyword_expansion_failed", "older"));
      const failed = (await t.container.services.brandProfile.profile(user.id)).keyword_expansion;
      expect(failed).toMatchObject({
        generation: 3,
        status: "failed",
        problem: { kind: "failed", message: expect.stringContaining("could not be read (timeout)") },
      });

      // A new save starts over; keywords stored without AI carry the reason.
      await t.container.services.brandProfile.updateProfile(user.id, profile());
      expect((await t.container.services.brandProfile.profile(user.id)).keyword_expansion).toMatchObject({
        generation: 4,
        status: "pending",
        problem: null,
      });
      await t.container.services.brandContext.saveDerivedKeywords(user.id, {
        keywords: ["acme pay"],
        generation: 4,
      });
      await t.container.consumer.apply({
        ...expansionEvent(
          user.id,
          4,
          "keywords_ai_deterministic_fallback",
          "Keywords were derived without AI: the AI provider failed (status 500)",
        ),
        data: {
          ...expansionEvent(user.id, 4, "keywords_ai_deterministic_fallback", "").data,
          level: "warn" as const,
          message: "Keywords were derived without AI: the AI provider failed (status 500)",
        },
      });
      expect((await t.container.services.brandProfile.profile(user.id)).keyword_expansion).toMatchObject({
        status: "stored",
        keywords: ["acme pay"],
        problem: { kind: "fallback", message: expect.stringContaining("status 500") },
      });
    });

    it("drops a keyword expansion report for a user who is gone", async () => {
      await expect(
        t.container.consumer.apply(expansionEvent(randomUUID(), 1, "keyword_expansion_failed", "x")),
      ).resolves.toBeUndefined();
    });

    it("rejects a profile without owned domains or with a bad webhook URL", () => {
      expect(() => profile({ owned_domains: [] })).toThrow(/owned domain/);
      expect(() => profile({ webhook_url: "ftp://x.example" })).toThrow(/http/);
      expect(() => profile({ owned_domains: ["not a domain"] })).toThrow();
    });
  });
}
