import { randomBytes } from "node:crypto";
import { createChatInbox, registerChatControl } from "./chat-inbox.ts";
import type { FastifyReply } from "fastify";
import { createApp, listen, sleep, type Listening } from "./http.ts";
import { createChatFaults, type ChatFaults } from "./chat-faults.ts";
import { blocksProblem } from "./slack-blocks.ts";

// Slack incoming webhooks (https://api.slack.com/messaging/webhooks): a hook is
// `POST /services/T<team>/B<hook>/<secret>` (as on https://hooks.slack.com) with a JSON body
// (or a form field `payload=<json>`) holding `text` and/or `blocks`. Answers, all text/html, as
// listed under "Handling errors" there and in https://api.slack.com/changelog/2016-05-17-changes-to-errors-for-incoming-webhooks:
//   200 ok; 400 invalid_payload (not JSON), 400 no_text (neither text nor blocks nor attachments),
//   400 invalid_blocks (Block Kit rules, ./slack-blocks.ts); 404 no_service (no such hook),
//   403 invalid_token (the hook's secret is wrong or the hook was revoked), 410 channel_is_archived;
//   429 rate_limited with Retry-After: Slack allows about one message per second per webhook
//   with short bursts (https://api.slack.com/docs/rate-limits#incoming-webhooks), here a token
//   bucket of `burst` messages refilled at `per_second`.
// Faults (./chat-faults.ts) come on top. World-only control paths under /__control.

type HookState = "active" | "revoked" | "archived";
interface Hook {
  team: string;
  id: string;
  secret: string;
  channel: string;
  state: HookState;
  tokens: number;
  refilledAt: number;
}

export interface SlackMessageRecord {
  hook_url: string;
  channel: string;
  text: string | null;
  blocks: unknown[] | null;
  json: Record<string, unknown>;
  received_at: string;
}

interface SlackRequestRecord {
  path: string;
  body: string;
  status: number;
  answer: string;
  received_at: string;
}

export interface RunningSlack extends Listening {
  /** A new incoming webhook for `channel`; its URL is what a user pastes into the profile. */
  createHook(channel?: string): string;
  setHookState(hookUrl: string, state: HookState): void;
  /** Messages Slack accepted (200 ok), oldest first. */
  messages(): SlackMessageRecord[];
  /** Every post, with what it was answered. */
  requests(): SlackRequestRecord[];
  clear(): void;
  waitFor(pred: (m: SlackMessageRecord) => boolean, timeoutMs?: number): Promise<SlackMessageRecord>;
  setFaults(f: Partial<ChatFaults>): void;
  setRateLimit(r: { per_second: number; burst: number }): void;
}

const id = (prefix: string, n: number) => prefix + randomBytes(n).toString("hex").toUpperCase().slice(0, n);

export async function startSlack(host: string, port: number): Promise<RunningSlack> {
  const hooks = new Map<string, Hook>();
  const inbox = createChatInbox<SlackMessageRecord, SlackRequestRecord>("Slack");
  const { messages, requests } = inbox;
  const faults = createChatFaults();
  let rate = { per_second: 1, burst: 10 };
  const app = createApp();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "string" }, (_req, body, done) => done(null, body));
  let base = "";

  const hookUrl = (h: Hook) => `${base}/services/${h.team}/${h.id}/${h.secret}`;
  const hookOf = (url: string): Hook => {
    const m = /\/services\/([^/]+)\/([^/]+)\/([^/?#]+)/.exec(url);
    const h = m ? hooks.get(m[2]!) : undefined;
    if (!h) throw new Error(`no Slack hook ${url}`);
    return h;
  };

  /** Takes one message from the hook's bucket; the seconds to wait when it is empty. */
  const takeToken = (h: Hook): number | null => {
    const now = Date.now();
    h.tokens = Math.min(rate.burst, h.tokens + ((now - h.refilledAt) / 1000) * rate.per_second);
    h.refilledAt = now;
    if (h.tokens >= 1) {
      h.tokens -= 1;
      return null;
    }
    return Math.max(1, Math.ceil((1 - h.tokens) / rate.per_second));
  };

  app.post("/services/:team/:hook/:secret", async (req, reply) => {
    const { team, hook, secret } = req.params as { team: string; hook: string; secret: string };
    const body = typeof req.body === "string" ? req.body : "";
    const answer = (status: number, text: string, headers: Record<string, string> = {}): FastifyReply => {
      requests.push({ path: req.url, body, status, answer: text, received_at: new Date().toISOString() });
      return reply
        .code(status)
        .headers({ "content-type": "text/html", ...headers })
        .send(text);
    };
    const f = faults.get();
    if (f.delay_ms) await sleep(f.delay_ms);
    const h = hooks.get(hook);
    if (!h || h.team !== team) return answer(404, "no_service");
    if (h.secret !== secret || h.state === "revoked") return answer(403, "invalid_token");
    if (h.state === "archived") return answer(410, "channel_is_archived");
    const fault = faults.take();
    if (fault && "retryAfterS" in fault)
      return answer(429, "rate_limited", { "retry-after": String(fault.retryAfterS) });
    if (fault) return answer(fault.status, "internal_error");

    let json: unknown;
    try {
      const contentType = String(req.headers["content-type"] ?? "");
      // Slack also takes the JSON in a form field `payload`.
      const raw = contentType.startsWith("application/x-www-form-urlencoded")
        ? (new URLSearchParams(body).get("payload") ?? "")
        : body;
      json = JSON.parse(raw);
    } catch {
      return answer(400, "invalid_payload");
    }
    if (typeof json !== "object" || json === null || Array.isArray(json))
      return answer(400, "invalid_payload");
    const msg = json as Record<string, unknown>;
    const hasText = typeof msg.text === "string" && msg.text.trim() !== "";
    const hasBlocks = Array.isArray(msg.blocks) && msg.blocks.length > 0;
    if (!hasText && !hasBlocks && !Array.isArray(msg.attachments)) return answer(400, "no_text");
    if (msg.blocks !== undefined && blocksProblem(msg.blocks)) return answer(400, "invalid_blocks");
    // The limit counts messages (one per second per webhook), so only a valid one takes a token.
    const wait = takeToken(h);
    if (wait !== null) return answer(429, "rate_limited", { "retry-after": String(wait) });
    const record: SlackMessageRecord = {
      hook_url: hookUrl(h),
      channel: h.channel,
      text: hasText ? (msg.text as string) : null,
      blocks: hasBlocks ? (msg.blocks as unknown[]) : null,
      json: msg,
      received_at: new Date().toISOString(),
    };
    inbox.accept(record);
    return answer(200, "ok");
  });

  registerChatControl(app, inbox, faults);
  app.post("/__control/hooks", async (req) => {
    const b = JSON.parse(typeof req.body === "string" && req.body ? req.body : "{}") as { channel?: string };
    return { url: running.createHook(b.channel) };
  });

  const l = await listen(app, host, port);
  base = l.url;
  const running: RunningSlack = {
    ...l,
    createHook(channel = "#brand-alerts") {
      const h: Hook = {
        team: id("T", 9),
        id: id("B", 11),
        secret: randomBytes(12).toString("base64url").slice(0, 24),
        channel,
        state: "active",
        tokens: rate.burst,
        refilledAt: Date.now(),
      };
      hooks.set(h.id, h);
      return hookUrl(h);
    },
    setHookState(url, state) {
      hookOf(url).state = state;
    },
    messages: () => messages,
    requests: () => requests,
    clear: inbox.clear,
    waitFor: inbox.waitFor,
    setFaults: (f) => faults.set(f),
    setRateLimit(r) {
      rate = r;
    },
  };
  return running;
}
