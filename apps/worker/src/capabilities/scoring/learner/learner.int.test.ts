/**
 * End to end on a real web app: a user's labels stored on the web side -> that user's learner ->
 * a new weight version of their own with source `learned` -> their next score stage reads it and
 * scores with it.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_DOMAIN_WEIGHTS } from "@brandwarden/contract/signals";
import { insertFeedback, insertUser } from "@brandwarden/web/test/factories";
import { startTestWeb, TEST_TOKEN, type TestWeb } from "@brandwarden/web/test/harness";
import { createWebClient } from "../../../ports/web-api/web-client.ts";
import { scoreFinding } from "../score.ts";
import { CTX, NOW } from "../../../../test/signal-brand.ts";
import { runLearner } from "./run-learner.ts";

describe("learner against a real web app (PGlite)", () => {
  let web: TestWeb;
  let client: ReturnType<typeof createWebClient>;
  beforeAll(async () => {
    web = await startTestWeb("pglite");
    const baseUrl = await web.app.listen({ port: 0, host: "127.0.0.1" });
    client = createWebClient({ baseUrl, token: TEST_TOKEN });
    // Migrating a fresh PGlite takes seconds, and much longer on a loaded machine.
  }, 300_000);
  afterAll(() => web?.close());

  const label = (userId: string, i: number, confirmed: boolean, mx: number) => ({
    user_id: userId,
    kind: "domain" as const,
    finding_id: randomUUID(),
    label: confirmed ? ("confirmed" as const) : ("benign" as const),
    reason: null,
    // The analysts of this brand confirm names with mail set up and dismiss the rest,
    // whatever the page shows.
    signals: { mx_present: mx, login_form: i % 2, parked: null, resolves: 1 },
    created_at: new Date(NOW.getTime() - i * 3_600_000),
  });

  it("stores nothing with fewer than MIN_LABELED_SAMPLES labels", async () => {
    const user = await insertUser(web.db);
    await insertFeedback(
      web.db,
      [0, 1, 2, 3, 4].map((i) => label(user.id, i, i % 2 === 0, i % 2 === 0 ? 1 : 0)),
    );
    const out = await runLearner(client, { now: NOW, userId: user.id });
    expect(out).toMatchObject({ action: "skipped", sample_size: 5, min: 10, version: 0 });
    expect(await client.getWeights(user.id)).toMatchObject({ version: 0, source: "manual", user_id: null });
  });

  it("learns from the stored labels, and the next scan's scores use the new weights", async () => {
    const user = await insertUser(web.db);
    await insertFeedback(
      web.db,
      Array.from({ length: 60 }, (_, i) => {
        const confirmed = i % 3 !== 0;
        return label(user.id, i + 10, confirmed, confirmed ? 1 : 0);
      }),
    );
    // Nobody is trusted: the platform learner has no labels and the platform set stays the defaults.
    expect(await runLearner(client, { now: NOW })).toMatchObject({ action: "skipped", sample_size: 0 });
    const out = await runLearner(client, { now: NOW, userId: user.id });
    expect(out).toMatchObject({ action: "stored", version: 1, sample_size: 60 });

    const current = await client.getWeights(user.id);
    expect(current).toMatchObject({ version: 1, source: "learned", sample_size: 60, user_id: user.id });
    expect(await client.getWeights()).toMatchObject({ version: 0, user_id: null });
    expect(current.weights.mx_present!).toBeGreaterThan(DEFAULT_DOMAIN_WEIGHTS.mx_present!);
    expect(current.weights.login_form!).toBeLessThan(DEFAULT_DOMAIN_WEIGHTS.login_form!);

    // The score stage of the user's next scan: read the set scoring their scans, then score.
    const mailReady = { domain: "acmebank-mail.com", dns_mx: ["10 mx.acmebank-mail.com"], login_form: false };
    const before = scoreFinding(mailReady, CTX.brand, DEFAULT_DOMAIN_WEIGHTS, NOW);
    const after = scoreFinding(mailReady, CTX.brand, current.weights, NOW);
    expect(after.signals.mx_present!.weight).toBe(current.weights.mx_present);
    expect(after.score).toBeGreaterThan(before.score);
  });
});
