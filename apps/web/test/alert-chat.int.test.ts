import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TAlert } from "@brandwarden/contract/alerts";
import { createSilentLogger } from "@brandwarden/platform/logger/logger";
import { createGuardedAgent } from "@brandwarden/platform/net/guarded-agent";
import { waitFor } from "@brandwarden/platform/testing/wait-for";
import { startSlack, type RunningSlack, type SlackMessageRecord } from "@brandwarden/world/services/slack";
import { startSmtp, type RunningSmtp } from "@brandwarden/world/services/smtp";
import { startTeams, type RunningTeams, type TeamsMessageRecord } from "@brandwarden/world/services/teams";
import { startWebhook, type RunningWebhook } from "@brandwarden/world/services/webhook";
import { deliverAlert, type AlertDeliveryDeps } from "../src/modules/alerts/alert-delivery.ts";
import { createAlertsRepository } from "../src/modules/alerts/alerts.repository.ts";
import { createMailer } from "../src/modules/sessions/mailer.ts";
import { createUsersRepository } from "../src/modules/users/users.repository.ts";
import { newWebhookSecret } from "../src/lib/webhook-signature.ts";
import { browserAgent } from "./browser-agent.ts";
import { insertUser } from "./factories.ts";
import { dbVariants, startTestWeb, type TestWeb } from "./harness.ts";
import { startStubWorker, type StubWorker } from "./stub-worker.ts";

const PUBLIC_URL = "https://brandwarden.test";
const now = () => new Date().toISOString();
const finding = (domain: string) => ({
  domain,
  original_domain: "acmebank.com",
  fuzzer: "homoglyph",
  resolve_status: "registered" as const,
  dns_a: ["203.0.113.20"],
  registrar: "NameSilo, LLC",
  http_status: 200,
  page_title: "Acme Bank - Sign in",
  login_form: true,
  password_form: true,
  score: 88,
  severity: "critical" as const,
  discovered_by: ["ct"],
});
/** The button's URL of a Slack message, and the card's OpenUrl of a Teams one. */
const slackLink = (m: SlackMessageRecord) =>
  (m.blocks as Array<{ type: string; elements?: Array<{ url?: string }> }>).find((b) => b.type === "actions")
    ?.elements?.[0]?.url;
const teamsLink = (m: TeamsMessageRecord) => (m.cards[0]!.actions as Array<{ url: string }>)[0]!.url;

// Alerts in Slack and Teams: the real alert path (an `alert` event from the worker, the delivery
// job) posts Block Kit to the world's Slack webhook and an Adaptive Card to its Teams workflow,
// each with the link back; a rate limit or an outage is retried and delivered once; a chat hook
// that keeps failing ends `failed` without holding back the webhook or the e-mail.
for (const { variant, status } of await dbVariants()) {
  describe(`alerts in Slack and Teams on ${variant}`, () => {
    let t: TestWeb;
    let worker: StubWorker;
    let hook: RunningWebhook;
    let smtp: RunningSmtp;
    let slack: RunningSlack;
    let teams: RunningTeams;
    let owner: ReturnType<typeof browserAgent>;
    let userId: string;
    let seq = 0;
    const raise = (domain: string) =>
      t.container.consumer.apply({
        v: 1,
        kind: "alert",
        seq: ++seq,
        ts: now(),
        data: {
          user_id: userId,
          type: "lookalike.discovered",
          subject: domain,
          reason: `A certificate for ${domain} was logged in CT log example <argon> & its page asks for a login`,
          finding: finding(domain),
          data: { log: "example", index: seq },
          dedupe_key: `ct:example:${domain}`,
        },
      });
    const alertOf = async (domain: string) => {
      const list = (await owner.get("/alerts")).json().alerts as TAlert[];
      return list.find((a) => a.subject === domain)!;
    };
    const row = (id: string) => createAlertsRepository(t.db).findById(id);

    beforeAll(async () => {
      status?.assertAvailable();
      worker = await startStubWorker();
      worker.answer("/domain/enrich", 202, { accepted: true });
      worker.answer("/brand/keyword_expand", 202, { accepted: true });
      hook = await startWebhook({ mode: "up", delay_ms: 0 }, "127.0.0.1", 0);
      smtp = await startSmtp("127.0.0.1", 0, 0);
      slack = await startSlack("127.0.0.1", 0);
      teams = await startTeams("127.0.0.1", 0);
      t = await startTestWeb(
        variant,
        { ALLOW_PRIVATE_NETWORK: "true", WORKER_URL: worker.url, SMTP_URL: smtp.url },
        { consume: true },
      );
      owner = browserAgent(t.app);
      userId = (await owner.signup(`chat-${randomUUID()}@example.com`)).id;
      // Saved through the brand profile, as a user pastes them.
      const saved = await owner.put("/account", {
        brand_name: "Acme Bank",
        owned_domains: ["acmebank.com"],
        webhook_url: `${hook.url}/hooks`,
        slack_webhook_url: slack.createHook("#brand-alerts"),
        teams_webhook_url: teams.createWorkflow(),
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().slack_webhook_url).toMatch(/\/services\/T\w+\/B\w+\/[\w-]+$/);
      expect(saved.json().teams_webhook_url).toMatch(/\/workflows\/\w+\/triggers\/manual\/paths\/invoke\?/);
    });
    afterAll(async () => {
      await t?.close();
      await worker?.close();
      await hook?.close();
      await smtp?.close();
      await slack?.close();
      await teams?.close();
    });

    it("posts a raised alert to Slack as Block Kit and to Teams as an Adaptive Card, linking back", async () => {
      await raise("acmebank-secure-login.com");
      const alert = await alertOf("acmebank-secure-login.com");
      expect(alert.link).toMatch(/^\/lookalikes\//);
      const link = `${PUBLIC_URL}${alert.link}`;

      const s = await slack.waitFor((m) => m.text?.includes("acmebank-secure-login.com") ?? false, 30_000);
      expect(s.channel).toBe("#brand-alerts");
      expect(slackLink(s)).toBe(link);
      expect(s.text).toContain(`<${link}|Open>`);
      expect(s.blocks![0]).toMatchObject({
        type: "header",
        text: { type: "plain_text", text: `[critical] ${alert.title}` },
      });
      // The reason's own < > & are escaped, so Slack shows them rather than reading a link.
      expect(JSON.stringify(s.blocks)).toContain("example &lt;argon&gt; &amp; its page");

      const c = await teams.waitFor(
        (m) => JSON.stringify(m.cards).includes("acmebank-secure-login.com"),
        30_000,
      );
      expect(teamsLink(c)).toBe(link);
      expect(c.cards[0]).toMatchObject({ type: "AdaptiveCard", version: "1.5" });

      await waitFor(
        async () => {
          const r = await row(alert.id);
          return (
            r?.slack_status !== "pending" && r?.teams_status !== "pending" && r?.webhook_status !== "pending"
          );
        },
        "every channel's status recorded",
        30_000,
      );
      expect(await row(alert.id)).toMatchObject({
        slack_status: "delivered",
        teams_status: "delivered",
        webhook_status: "delivered",
        chat_error: null,
      });
    });

    it("a Slack 429 and a Teams 500 are retried: each delivered once", async () => {
      slack.setFaults({ rate_limit: true, retry_after_s: 1, times: 1 });
      teams.setFaults({ server_error: true, times: 1 });
      await raise("acmebank-verify-account.com");
      const alert = await alertOf("acmebank-verify-account.com");
      await waitFor(
        async () => {
          const r = await row(alert.id);
          // The error of the failed attempts is cleared once both are delivered.
          return r?.slack_status === "delivered" && r.teams_status === "delivered" && r.chat_error === null;
        },
        "Slack and Teams delivered after their faults",
        30_000,
      );
      const about = (text: string) => text.includes("acmebank-verify-account.com");
      expect(slack.messages().filter((m) => about(m.text ?? ""))).toHaveLength(1);
      expect(teams.messages().filter((m) => about(JSON.stringify(m.cards)))).toHaveLength(1);
      // Both receivers did refuse first.
      expect(
        slack
          .requests()
          .filter((r) => about(r.body))
          .map((r) => r.status),
      ).toEqual([429, 200]);
      expect(
        teams
          .requests()
          .filter((r) => about(r.body))
          .map((r) => r.status),
      ).toEqual([500, 202]);
      // The webhook, delivered on the first attempt, was not sent again by the retry.
      const hooks = hook.requests().filter((r) => about(r.body));
      expect(hooks).toHaveLength(1);
    });

    it("a long Slack Retry-After is left to the job's retry, and still delivers once", async () => {
      slack.setFaults({ rate_limit: true, retry_after_s: 30, times: 1 });
      await raise("acmebank-support-desk.com");
      const alert = await alertOf("acmebank-support-desk.com");
      await waitFor(
        async () => (await row(alert.id))?.slack_status === "delivered",
        "Slack delivered",
        30_000,
      );
      const about = (text: string) => text.includes("acmebank-support-desk.com");
      expect(
        slack
          .requests()
          .filter((r) => about(r.body))
          .map((r) => r.status),
      ).toEqual([429, 200]);
      expect(slack.messages().filter((m) => about(m.text ?? ""))).toHaveLength(1);
    });

    it("a chat hook that keeps failing ends failed with its error; the webhook and e-mail still go", async () => {
      const archived = slack.createHook("#old");
      slack.setHookState(archived, "archived");
      const deleted = teams.createWorkflow();
      teams.deleteWorkflow(deleted);
      const user = await insertUser(t.db, {
        webhook_url: `${hook.url}/failing-chat`,
        webhook_secret: newWebhookSecret(),
        slack_webhook_url: archived,
        teams_webhook_url: deleted,
      });
      const repo = createAlertsRepository(t.db);
      const logger = createSilentLogger();
      const deps: AlertDeliveryDeps = {
        alerts: repo,
        users: createUsersRepository(t.db),
        agent: createGuardedAgent({ allowPrivateNetwork: true }),
        allowPrivateNetwork: true,
        mailer: createMailer({ smtpUrl: smtp.url, from: "alerts@brandwarden.test", logger }),
        publicUrl: PUBLIC_URL,
        logger,
      };
      const alert = (await repo.insert({
        user_id: user.id,
        type: "lookalike.registered",
        subject: "acmebank-chatfail.com",
        title: "New lookalike registered: acmebank-chatfail.com",
        reason: "A watched lookalike was registered.",
        link: "/alerts",
        dedupe_key: randomUUID(),
      }))!;

      await expect(deliverAlert(deps, alert.id, 1, 2)).rejects.toThrow(
        /Slack answered 410 channel_is_archived/,
      );
      expect(await repo.findById(alert.id)).toMatchObject({
        webhook_status: "delivered",
        email_status: "delivered",
        slack_status: "pending",
        teams_status: "pending",
      });
      await smtp.waitFor((m) => m.subject.includes("acmebank-chatfail.com"), 30_000);
      // The last attempt gives up without throwing; the webhook is not sent twice.
      await deliverAlert(deps, alert.id, 2, 2);
      const done = (await repo.findById(alert.id))!;
      expect(done).toMatchObject({
        slack_status: "failed",
        teams_status: "failed",
        webhook_status: "delivered",
      });
      expect(done.chat_error).toMatch(
        /^Slack: Slack answered 410 channel_is_archived; Teams: Teams answered 404 .*WorkflowNotFound/,
      );
      expect(hook.requests().filter((r) => r.path === "/failing-chat")).toHaveLength(1);
      expect(smtp.messages().filter((m) => m.subject.includes("acmebank-chatfail.com"))).toHaveLength(1);
      // Given up: nothing more is posted.
      const before = slack.requests().length + teams.requests().length;
      await deliverAlert(deps, alert.id, 1, 2);
      expect(slack.requests().length + teams.requests().length).toBe(before);
    });
  });
}

// Where private networks are not allowed (production), a plain http chat URL is refused when
// saved; https is accepted and answered back.
describe("Slack and Teams URLs on the brand profile", () => {
  let t: TestWeb;
  let worker: StubWorker;
  beforeAll(async () => {
    worker = await startStubWorker();
    worker.answer("/domain/enrich", 202, { accepted: true });
    worker.answer("/brand/keyword_expand", 202, { accepted: true });
    t = await startTestWeb("pglite", { WORKER_URL: worker.url });
  });
  afterAll(async () => {
    await t?.close();
    await worker?.close();
  });

  it("refuses http:// with a 422 naming the field; takes https://", async () => {
    const a = browserAgent(t.app);
    await a.signup(`chat-urls-${randomUUID()}@example.test`);
    const profile = { brand_name: "Acme Bank", owned_domains: ["acmebank.com"] };
    for (const field of ["slack_webhook_url", "teams_webhook_url"]) {
      const res = await a.put("/account", { ...profile, [field]: "http://hooks.example/services/T1/B1/x" });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        error: "invalid",
        message: expect.stringMatching(new RegExp(`${field}: the webhook URL must use https://`)),
      });
    }
    const slackUrl = "https://hooks.slack.com/services/T0123ABCD/B0456EFGH/abcdefghijklmnopqrstuvwx";
    const teamsUrl =
      "https://prod-12.westus.logic.azure.com:443/workflows/0123456789abcdef0123456789abcdef/triggers/manual/paths/invoke?api-version=2016-06-01&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig=abc";
    const ok = await a.put("/account", {
      ...profile,
      slack_webhook_url: slackUrl,
      teams_webhook_url: teamsUrl,
    });
    expect(ok.statusCode).toBe(200);
    expect((await a.get("/account")).json()).toMatchObject({
      slack_webhook_url: slackUrl,
      teams_webhook_url: teamsUrl,
    });
  });
});
