import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSilentLogger } from "@brandwarden/platform/logger/logger";
import { createGuardedAgent } from "@brandwarden/platform/net/guarded-agent";
import { startWebhook, type RunningWebhook } from "@brandwarden/world/services/webhook";
import { deliverAlert, type AlertDeliveryDeps } from "../src/modules/alerts/alert-delivery.ts";
import { createAlertsRepository } from "../src/modules/alerts/alerts.repository.ts";
import { createUsersRepository } from "../src/modules/users/users.repository.ts";
import { newWebhookSecret } from "../src/lib/webhook-signature.ts";
import { insertUser } from "./factories.ts";
import { dbVariants, startTestWeb, type TestWeb } from "./harness.ts";

// Alert delivery when things go wrong: a receiver that keeps failing is retried, then given up
// (the alert stays in the feed); no webhook URL, or a plain-http one where https is required,
// is skipped; a delivered channel is never sent twice.
for (const { variant, status } of await dbVariants()) {
  describe(`alert delivery on ${variant}`, () => {
    let t: TestWeb;
    let hook: RunningWebhook;
    let deps: AlertDeliveryDeps;
    const alertFor = async (userId: string) =>
      (await deps.alerts.insert({
        user_id: userId,
        type: "lookalike.registered",
        subject: "acmebank-login.com",
        title: "acmebank-login.com was just registered",
        reason: "A watched lookalike was registered.",
        link: "/alerts",
        dedupe_key: randomUUID(),
      }))!;

    beforeAll(async () => {
      status?.assertAvailable();
      hook = await startWebhook({ mode: "error", delay_ms: 0 }, "127.0.0.1", 0);
      t = await startTestWeb(variant);
      deps = {
        alerts: createAlertsRepository(t.db),
        users: createUsersRepository(t.db),
        agent: createGuardedAgent({ allowPrivateNetwork: true }),
        allowPrivateNetwork: true,
        mailer: null,
        publicUrl: "https://brandwarden.test",
        logger: createSilentLogger(),
      };
    });
    afterAll(async () => {
      await t?.close();
      await hook?.close();
    });

    it("retries a failing receiver, then gives up and says why", async () => {
      const user = await insertUser(t.db, {
        webhook_url: `${hook.url}/h`,
        webhook_secret: newWebhookSecret(),
      });
      const alert = await alertFor(user.id);
      await expect(deliverAlert(deps, alert.id, 1, 3)).rejects.toThrow(/503/);
      expect(await deps.alerts.findById(alert.id)).toMatchObject({
        webhook_status: "pending",
        webhook_attempts: 1,
        webhook_error: "webhook receiver answered 503",
        email_status: "skipped",
      });
      await deliverAlert(deps, alert.id, 3, 3);
      expect(await deps.alerts.findById(alert.id)).toMatchObject({
        webhook_status: "failed",
        webhook_attempts: 3,
      });
      // Given up: a later run sends nothing more.
      const before = hook.requests().length;
      await deliverAlert(deps, alert.id, 1, 3);
      expect(hook.requests().length).toBe(before);
    });

    it("delivers once, and skips users without a usable webhook URL", async () => {
      await hook.setMode("up");
      const user = await insertUser(t.db, {
        webhook_url: `${hook.url}/ok`,
        webhook_secret: newWebhookSecret(),
      });
      const alert = await alertFor(user.id);
      await deliverAlert(deps, alert.id, 1);
      await deliverAlert(deps, alert.id, 1);
      expect(hook.requests().filter((r) => r.path === "/ok")).toHaveLength(1);
      expect((await deps.alerts.findById(alert.id))!.webhook_status).toBe("delivered");

      const none = await alertFor((await insertUser(t.db)).id);
      await deliverAlert(deps, none.id, 1);
      expect(await deps.alerts.findById(none.id)).toMatchObject({ webhook_status: "skipped" });

      const plain = await insertUser(t.db, {
        webhook_url: `${hook.url}/plain`,
        webhook_secret: newWebhookSecret(),
      });
      const refused = await alertFor(plain.id);
      await deliverAlert({ ...deps, allowPrivateNetwork: false }, refused.id, 1);
      expect(await deps.alerts.findById(refused.id)).toMatchObject({
        webhook_status: "skipped",
        webhook_error: expect.stringContaining("https"),
      });
      expect(hook.requests().some((r) => r.path === "/plain")).toBe(false);
    });
  });
}
