import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSlack, type RunningSlack } from "./slack.ts";

// The Slack incoming-webhook receiver answers as hooks.slack.com does: `ok`, or the error word.
let slack: RunningSlack;
beforeAll(async () => {
  slack = await startSlack("127.0.10.1", 0);
});
afterAll(() => slack.close());

const sample = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../samples/slack/${name}.json`, import.meta.url), "utf8")) as {
    blocks: unknown[];
  };
const post = (url: string, body: unknown, contentType = "application/json") =>
  fetch(url, {
    method: "POST",
    headers: { "content-type": contentType },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
const answer = async (res: Response) => ({
  status: res.status,
  text: await res.text(),
  type: res.headers.get("content-type"),
});

describe("Slack incoming webhooks", () => {
  it("takes a message with published Block Kit blocks: 200 ok, text/html, stored for the channel", async () => {
    const hook = slack.createHook("#brand");
    expect(hook).toMatch(/\/services\/T[0-9A-F]+\/B[0-9A-F]+\/[\w-]+$/);
    for (const name of ["view_home_004", "view_home_002"]) {
      const res = await post(hook, { text: `sample ${name}`, blocks: sample(name).blocks });
      expect(await answer(res)).toEqual({ status: 200, text: "ok", type: "text/html" });
    }
    const got = slack.messages().filter((m) => m.hook_url === hook);
    expect(got.map((m) => m.text)).toEqual(["sample view_home_004", "sample view_home_002"]);
    expect(got[0]).toMatchObject({ channel: "#brand", blocks: sample("view_home_004").blocks });
  });

  it("takes the form-encoded payload field too", async () => {
    const hook = slack.createHook();
    const form = new URLSearchParams({ payload: JSON.stringify({ text: "from a form" }) }).toString();
    const res = await post(hook, form, "application/x-www-form-urlencoded");
    expect(res.status).toBe(200);
    expect(slack.messages().at(-1)).toMatchObject({ hook_url: hook, text: "from a form" });
  });

  it("answers the real errors for bad payloads and stores nothing", async () => {
    const hook = slack.createHook();
    const header = (text: string) => ({ type: "header", text: { type: "plain_text", text } });
    const section = (over: Record<string, unknown>) => ({ type: "section", ...over });
    const mrkdwn = (text: string) => ({ type: "mrkdwn", text });
    const button = (over: Record<string, unknown>) => ({
      type: "actions",
      elements: [{ type: "button", text: { type: "plain_text", text: "Go" }, ...over }],
    });
    const cases: Array<[unknown, number, string]> = [
      ["{not json", 400, "invalid_payload"],
      [[1, 2], 400, "invalid_payload"],
      [{ username: "bot" }, 400, "no_text"],
      [{ text: "  ", blocks: [] }, 400, "no_text"],
      [{ blocks: Array.from({ length: 51 }, () => ({ type: "divider" })) }, 400, "invalid_blocks"],
      [{ blocks: [header("x".repeat(151))] }, 400, "invalid_blocks"],
      [{ blocks: [{ type: "header", text: mrkdwn("*bold*") }] }, 400, "invalid_blocks"],
      [{ blocks: [section({ text: mrkdwn("x".repeat(3001)) })] }, 400, "invalid_blocks"],
      [
        { blocks: [section({ fields: Array.from({ length: 11 }, () => mrkdwn("f")) })] },
        400,
        "invalid_blocks",
      ],
      [{ blocks: [section({ fields: [mrkdwn("x".repeat(2001))] })] }, 400, "invalid_blocks"],
      [{ blocks: [section({})] }, 400, "invalid_blocks"],
      [{ blocks: [button({ url: `https://x.test/${"a".repeat(3000)}` })] }, 400, "invalid_blocks"],
      [{ blocks: [button({ action_id: "a".repeat(256) })] }, 400, "invalid_blocks"],
      [{ blocks: [{ type: "carousel" }] }, 400, "invalid_blocks"],
    ];
    for (const [body, status, text] of cases) {
      const res = await post(hook, body);
      expect({ body, ...(await answer(res)) }).toEqual({ body, status, text, type: "text/html" });
    }
    expect(slack.messages().some((m) => m.hook_url === hook)).toBe(false);
  });

  it("knows its hooks: unknown 404 no_service, wrong secret or revoked 403 invalid_token, archived 410", async () => {
    const hook = slack.createHook();
    const unknown = hook.replace(/\/B[0-9A-F]+\//, "/BNOSUCHHOOK/");
    expect(await answer(await post(unknown, { text: "x" }))).toMatchObject({
      status: 404,
      text: "no_service",
    });
    const wrong = hook.replace(/[^/]+$/, "wrongsecret");
    expect(await answer(await post(wrong, { text: "x" }))).toMatchObject({
      status: 403,
      text: "invalid_token",
    });
    slack.setHookState(hook, "archived");
    expect(await answer(await post(hook, { text: "x" }))).toMatchObject({
      status: 410,
      text: "channel_is_archived",
    });
    slack.setHookState(hook, "revoked");
    expect(await answer(await post(hook, { text: "x" }))).toMatchObject({
      status: 403,
      text: "invalid_token",
    });
  });

  it("rate-limits each hook at about one message a second after a burst: 429 with Retry-After", async () => {
    slack.setRateLimit({ per_second: 1, burst: 3 });
    try {
      const hook = slack.createHook();
      const other = slack.createHook();
      const statuses: number[] = [];
      let retryAfter: string | null = null;
      for (let i = 0; i < 5; i++) {
        const res = await post(hook, { text: `burst ${i}` });
        statuses.push(res.status);
        if (res.status === 429) {
          retryAfter = res.headers.get("retry-after");
          expect(await res.text()).toBe("rate_limited");
        }
      }
      expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
      expect(statuses.slice(3)).toContain(429);
      expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
      // The limit is per webhook.
      expect((await post(other, { text: "another hook" })).status).toBe(200);
    } finally {
      slack.setRateLimit({ per_second: 1, burst: 10 });
    }
  });

  it("faults: a rate limit or an outage for the next N posts, then normal again", async () => {
    const hook = slack.createHook();
    slack.setFaults({ rate_limit: true, retry_after_s: 7, times: 1 });
    const limited = await post(hook, { text: "x" });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("7");
    expect((await post(hook, { text: "x" })).status).toBe(200);
    const ctl = await fetch(`${slack.url}/__control/faults`, {
      method: "POST",
      body: JSON.stringify({ server_error: true, server_error_status: 503, times: 2 }),
    });
    expect(ctl.status).toBe(200);
    expect((await post(hook, { text: "x" })).status).toBe(503);
    expect((await post(hook, { text: "x" })).status).toBe(503);
    expect((await post(hook, { text: "x" })).status).toBe(200);
  });
});
