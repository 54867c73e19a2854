/**
 * Issue 27's poisoning case, end to end: the real web app (PGlite, in process) with its real
 * bulk-label endpoint and admin API, and the worker's learner calling it over HTTP. One account
 * bulk-labels hundreds of its findings benign and its learner runs: the other accounts' weights
 * and scores do not move, and its own weights stay within the bounds of one fit.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TSignals } from "@brandwarden/contract/findings";
import { DEFAULT_DOMAIN_WEIGHTS } from "@brandwarden/contract/signals";
import { browserAgent } from "@brandwarden/web/test/browser-agent";
import { insertDomainFindings, insertScan, updateUser } from "@brandwarden/web/test/factories";
import { startTestWeb, TEST_TOKEN, type TestWeb } from "@brandwarden/web/test/harness";
import { createWebClient } from "../../../ports/web-api/web-client.ts";
import { scoreFinding } from "../score.ts";
import { CTX, NOW } from "../../../../test/signal-brand.ts";
import { weightBand } from "./bounds.ts";
import { runLearner } from "./run-learner.ts";

/** Stored signals as the scorer writes them; the label keeps their values as the learner's sample. */
const signals = (values: Record<string, number | null>): TSignals =>
  Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      { value, weight: DEFAULT_DOMAIN_WEIGHTS[name] ?? 0, points: 0 },
    ]),
  );

/** A phishing clone as the scorer sees it: brand in the name, login form, mail set up. */
const PHISH = {
  domain: "acmebank-login.com",
  login_form: true,
  dns_a: ["192.0.2.99"],
  dns_mx: ["10 mx.acmebank-login.com"],
};

describe("learning per tenant: one account's labels cannot poison another's scoring", () => {
  let web: TestWeb;
  let client: ReturnType<typeof createWebClient>;
  beforeAll(async () => {
    web = await startTestWeb("pglite");
    const baseUrl = await web.app.listen({ port: 0, host: "127.0.0.1" });
    client = createWebClient({ baseUrl, token: TEST_TOKEN });
    // Migrating a fresh PGlite takes seconds, and much longer on a loaded machine.
  }, 300_000);
  afterAll(() => web?.close());

  async function tenant() {
    const agent = browserAgent(web.app);
    const user = await agent.signup(`tenant-${randomUUID()}@example.com`);
    const scan = await insertScan(web.db, user.id);
    return { agent, user, scan };
  }
  async function findings(t: Awaited<ReturnType<typeof tenant>>, rows: Array<Record<string, number | null>>) {
    const ids = rows.map(() => randomUUID());
    await insertDomainFindings(
      web.db,
      rows.map((values, i) => ({
        id: ids[i],
        scan_id: t.scan.id,
        user_id: t.user.id,
        domain: `acmebank-${randomUUID().slice(0, 8)}.com`,
        score: 50,
        signals: signals(values),
      })),
    );
    return ids;
  }
  async function bulkLabel(t: Awaited<ReturnType<typeof tenant>>, ids: string[], label: string) {
    const res = await t.agent.post("/triage/bulk_feedback", { kind: "domain", finding_ids: ids, label });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  // What each scan's score stage runs: the platform's learner, then the scan user's own.
  const learn = async (userId?: string) => runLearner(client, { userId });

  it(
    "a second account bulk-labels 400 of its phishing-like findings benign and learns: the first account's weights and scores and the platform's set stay put",
    { timeout: 120_000 },
    async () => {
      // Account A: 40 labels of its own, and an admin trusts it, so its labels also train the platform set.
      const a = await tenant();
      const confirmed = await findings(
        a,
        Array.from({ length: 24 }, (_, i) => ({
          login_form: 1,
          screenshot_similarity: 0.9,
          resolves: 1,
          mx_present: i % 2,
        })),
      );
      const benign = await findings(
        a,
        Array.from({ length: 16 }, () => ({ login_form: 0, parked: 1, resolves: 1, mx_present: 0 })),
      );
      await bulkLabel(a, confirmed, "confirmed");
      await bulkLabel(a, benign, "benign");
      const boss = browserAgent(web.app);
      const admin = await boss.signup(`admin-${randomUUID()}@example.com`);
      await updateUser(web.db, admin.id, { admin: true });
      const trust = await boss.request("PATCH", `/admin/users/${a.user.id}`, { trusted: true });
      expect(trust.json().user).toMatchObject({ id: a.user.id, trusted: true });

      expect(await learn()).toMatchObject({ action: "stored", sample_size: 40 });
      expect(await learn(a.user.id)).toMatchObject({ action: "stored", sample_size: 40 });
      const platformBefore = await client.getWeights();
      const aBefore = await client.getWeights(a.user.id);
      expect(aBefore).toMatchObject({ user_id: a.user.id, source: "learned", sample_size: 40 });
      expect(platformBefore).toMatchObject({ user_id: null, source: "learned", sample_size: 40 });
      const aScore = scoreFinding(PHISH, CTX.brand, aBefore.weights, NOW);
      // Account C has no labels: the platform's set scores it.
      const c = await tenant();
      expect(await client.getWeights(c.user.id)).toEqual(platformBefore);

      // Account B: 400 findings with the strongest evidence there is, all labelled benign in one request.
      const b = await tenant();
      const flood = await findings(
        b,
        Array.from({ length: 400 }, () => ({
          login_form: 1,
          screenshot_similarity: 1,
          threat_feed_hit: 1,
          brand_keyword_combo: 1,
          resolves: 1,
        })),
      );
      expect(await bulkLabel(b, flood, "benign")).toMatchObject({
        labeled: 400,
        learner: { labeled_samples: 400, weights: { scope: "platform" } },
      });
      // B's next scan: the platform's learner, B's own, and later A's own again.
      await learn();
      expect(await learn(b.user.id)).toMatchObject({ action: "stored", sample_size: 400 });
      await learn(a.user.id);

      // A's weights, A's scores and the platform's weights did not move; C is still scored by the platform.
      const aAfter = await client.getWeights(a.user.id);
      expect(aAfter.weights).toEqual(aBefore.weights);
      expect(scoreFinding(PHISH, CTX.brand, aAfter.weights, NOW)).toEqual(aScore);
      const platformAfter = await client.getWeights();
      expect(platformAfter.weights).toEqual(platformBefore.weights);
      expect((await client.getWeights(c.user.id)).weights).toEqual(platformBefore.weights);
      // The platform sample holds no label of B (not trusted).
      const shared = await client.getFeedbackSamples();
      expect(shared.filter((s) => s.user_id === b.user.id)).toEqual([]);

      // B's own set moved, but no more than x/÷ 2 from the platform's, and no evidence signal changed sign.
      const bSet = await client.getWeights(b.user.id);
      expect(bSet.user_id).toBe(b.user.id);
      expect(bSet.weights.login_form!).toBeLessThan(platformAfter.weights.login_form!);
      for (const [name, ref] of Object.entries(platformAfter.weights)) {
        const [lo, hi] = weightBand(ref);
        expect(bSet.weights[name], name).toBeGreaterThanOrEqual(lo);
        expect(bSet.weights[name], name).toBeLessThanOrEqual(hi);
      }
      expect(bSet.weights.login_form!).toBeGreaterThan(0);
      expect(bSet.weights.screenshot_similarity!).toBeGreaterThan(0);
      expect(bSet.weights.threat_feed_hit!).toBeGreaterThan(0);
      // A phishing clone still scores for B, only less: at least the halved evidence's points.
      expect(scoreFinding(PHISH, CTX.brand, bSet.weights, NOW).score).toBeGreaterThan(0);
    },
  );
});
