import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { DEFAULT_DOMAIN_WEIGHTS } from "@brandwarden/contract/signals";
import { auditEvents, socialFindings, users } from "../src/db/schema.ts";
import { browserAgent } from "./browser-agent.ts";
import { insertDomainFinding, insertScan } from "./factories.ts";
import { auth, dbVariants } from "./harness.ts";
import { suiteWeb } from "./suite-web.ts";

// What the learner is served and what an admin sees and stores on the weights page: one label
// per finding (the newest), the labels still needed counted over every kind, manual weight sets.
for (const { variant, status } of await dbVariants()) {
  describe(`scoring labels and weights on ${variant}`, () => {
    const t = suiteWeb(variant, status);

    async function analyst() {
      const a = browserAgent(t.app);
      const user = await a.signup(`analyst-${randomUUID()}@example.com`);
      const scan = await insertScan(t.db, user.id);
      return { a, user, scan };
    }
    async function admin() {
      const a = browserAgent(t.app);
      const user = await a.signup(`admin-${randomUUID()}@example.com`);
      await t.db.update(users).set({ admin: true }).where(eq(users.id, user.id));
      return a;
    }
    const internal = (method: "GET" | "PUT", url: string, payload?: object) =>
      t.app.inject({ method, url, headers: auth, payload });

    it("serves each finding's newest label once, after relabelling, and counts what the learner still needs over every kind", async () => {
      const { a, user, scan } = await analyst();
      const relabelled = await insertDomainFinding(t.db, scan.id, user.id);
      const other = await insertDomainFinding(t.db, scan.id, user.id);
      const label = (finding_id: string, l: "confirmed" | "benign", kind = "domain") =>
        a.post("/triage/feedback", { kind, finding_id, label: l });
      expect((await label(relabelled.id, "confirmed")).statusCode).toBe(200);
      expect((await label(other.id, "confirmed")).statusCode).toBe(200);
      expect((await label(relabelled.id, "benign")).statusCode).toBe(200);

      const { samples } = (await internal("GET", `/v1/scoring/feedback_samples?user_id=${user.id}`)).json();
      expect(samples.map((s: { finding_id: string; label: string }) => [s.finding_id, s.label])).toEqual([
        [relabelled.id, "benign"],
        [other.id, "confirmed"],
      ]);

      // The analysts see their own labels counted: on their triage queue and in each label's answer.
      expect((await a.get("/triage/queue")).json().learner).toEqual({
        labeled_samples: 2,
        min_labeled_samples: 10,
        labels_needed: 8,
        weights: { scope: "platform", version: 0, source: "manual", sample_size: 0 },
      });
      const another = await insertDomainFinding(t.db, scan.id, user.id);
      expect((await label(another.id, "benign")).json()).toMatchObject({
        labeled: 1,
        learner: { labeled_samples: 3, labels_needed: 7 },
      });
      // Three more domain labels and four social ones make ten: the minimum counts them together.
      for (let i = 0; i < 3; i++)
        await label((await insertDomainFinding(t.db, scan.id, user.id)).id, "benign");
      for (let i = 0; i < 4; i++) {
        const [s] = await t.db
          .insert(socialFindings)
          .values({ scan_id: scan.id, user_id: user.id, platform: "x", handle: `acme${i}` })
          .returning();
        expect((await label(s!.id, "confirmed", "social")).statusCode).toBe(200);
      }
      expect((await a.get("/triage/queue")).json().learner).toMatchObject({
        labeled_samples: 10,
        labels_needed: 0,
      });
      // The platform's learner counts trusted accounts' labels only: none until an admin trusts this one.
      const boss = await admin();
      const platformLabels = (await boss.get("/admin/weights")).json().learner.labeled_samples;
      const trust = await boss.request("PATCH", `/admin/users/${user.id}`, { trusted: true });
      expect(trust.json().user).toMatchObject({ trusted: true });
      const after = (await boss.get("/admin/weights")).json();
      expect(after.learner.labeled_samples).toBe(Math.min(platformLabels + 10, 500));
      expect(after.trusted_users).toBeGreaterThanOrEqual(1);
    });

    it("tells each analyst which weight set scores their findings: the platform's until their own is learned", async () => {
      const { a, user } = await analyst();
      const other = await analyst();
      await internal("PUT", `/v1/scoring/weights?user_id=${user.id}`, {
        weights: { login_form: 12 },
        sample_size: 14,
      });
      expect((await a.get("/triage/queue")).json().learner.weights).toEqual({
        scope: "own",
        version: 1,
        source: "learned",
        sample_size: 14,
      });
      const platform = (await internal("GET", "/v1/scoring/weights")).json();
      expect((await other.a.get("/triage/queue")).json().learner.weights).toEqual({
        scope: "platform",
        version: platform.version,
        source: platform.source,
        sample_size: platform.sample_size,
      });
    });

    it("lets only an admin mark an account trusted, and records who did it", async () => {
      const { a, user } = await analyst();
      expect((await a.request("PATCH", `/admin/users/${user.id}`, { trusted: true })).statusCode).toBe(404);
      const boss = await admin();
      const bossUser = (await boss.get("/session")).json().user;
      expect((await boss.request("PATCH", `/admin/users/${user.id}`, { trusted: "yes" })).statusCode).toBe(
        422,
      );
      expect((await boss.get(`/admin/users/${user.id}`)).json().user.trusted).toBe(false);
      expect(
        (await boss.request("PATCH", `/admin/users/${user.id}`, { trusted: true })).json().user.trusted,
      ).toBe(true);
      expect(
        (await boss.request("PATCH", `/admin/users/${user.id}`, { trusted: false })).json().user.trusted,
      ).toBe(false);
      const events = await t.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.name, "user_trust_changed"), eq(auditEvents.subject_id, user.id)))
        .orderBy(auditEvents.created_at);
      expect(events.map((e) => [e.user_id, e.data])).toEqual([
        [bossUser.id, { trusted: true }],
        [bossUser.id, { trusted: false }],
      ]);
    });

    it("stores an admin's manual set (version max(latest+1, requested, 1)) that the scorer then reads, and shows what the learner changed", async () => {
      const boss = await admin();
      const before = (await boss.get("/admin/weights")).json();
      expect(before.defaults).toEqual(DEFAULT_DOMAIN_WEIGHTS);
      expect(before.current).toMatchObject({ version: 0, source: "manual" });
      expect(before.latest_learned).toBeNull();

      const edited = { ...DEFAULT_DOMAIN_WEIGHTS, login_form: 33 };
      const saved = await boss.put("/admin/weights", { weights: edited });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual({
        version: 1,
        source: "manual",
        sample_size: 0,
        weights: edited,
        user_id: null,
      });
      expect((await internal("GET", "/v1/scoring/weights")).json()).toMatchObject({
        version: 1,
        source: "manual",
        weights: { login_form: 33 },
      });
      expect((await boss.put("/admin/weights", { weights: edited, version: 7 })).json().version).toBe(7);

      // The learner stores a set; the page shows it against the manual set it replaced.
      const learnedWeights = { ...edited, login_form: 20, parked: -12 };
      await internal("PUT", "/v1/scoring/weights", { weights: learnedWeights, sample_size: 12 });
      const after = (await boss.get("/admin/weights")).json();
      expect(after.current).toMatchObject({ version: 8, source: "learned" });
      expect(after.latest_learned).toMatchObject({ version: 8, sample_size: 12, previous_version: 7 });
      expect(after.latest_learned.changes).toEqual(
        expect.arrayContaining([{ signal: "login_form", from: 33, to: 20 }]),
      );
      expect(after.latest_manual).toMatchObject({ version: 7, source: "manual" });
    });

    it("refuses a bad manual set (422) and non-admins (404)", async () => {
      const boss = await admin();
      expect((await boss.put("/admin/weights", { weights: {} })).statusCode).toBe(422);
      expect((await boss.put("/admin/weights", { weights: { login_form: "high" } })).statusCode).toBe(422);
      expect((await boss.put("/admin/weights", { weights: { login_form: 5000 } })).statusCode).toBe(422);
      const { a } = await analyst();
      expect((await a.get("/admin/weights")).statusCode).toBe(404);
      expect((await a.put("/admin/weights", { weights: { login_form: 1 } })).statusCode).toBe(404);
    });
  });
}
