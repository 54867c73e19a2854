import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWebhook } from "./webhook.ts";
import type { RunningWebhook } from "./webhook.ts";

let hook: RunningWebhook;
beforeAll(async () => {
  hook = await startWebhook({ mode: "up", delay_ms: 0 }, "127.0.10.1", 0);
});
afterAll(() => hook.close());

const post = (path: string, body: unknown, init: RequestInit = {}) =>
  fetch(hook.url + path, {
    method: "POST",
    headers: { "content-type": "application/json", "x-signature": "sig-1" },
    body: JSON.stringify(body),
    ...init,
  });

/** Yields to the event loop until `check` holds (a request reached the receiver). */
async function received(check: () => boolean): Promise<void> {
  for (let turns = 0; !check(); turns++) {
    if (turns > 1_000_000) throw new Error("the request never reached the receiver");
    await new Promise((r) => setImmediate(r));
  }
}

describe("webhook receiver", () => {
  it("records method, path, headers and body, answering 200", async () => {
    hook.clear();
    const res = await post("/hooks/brandwarden?x=1", { scan_id: "s1", status: "completed" });
    expect(res.status).toBe(200);
    const [r] = hook.requests();
    expect(r).toMatchObject({
      method: "POST",
      path: "/hooks/brandwarden",
      query: { x: "1" },
      json: { scan_id: "s1", status: "completed" },
    });
    expect(r!.headers["x-signature"]).toBe("sig-1");
    expect(r!.body).toBe('{"scan_id":"s1","status":"completed"}');
    const over = (await (await fetch(`${hook.url}/__requests`)).json()) as {
      requests: Array<{ path: string }>;
    };
    expect(over.requests.map((x) => x.path)).toEqual(["/hooks/brandwarden"]);
  });
  it("error mode answers 503, /__status/<code> forces a status", async () => {
    await hook.setMode("error");
    expect((await post("/h", {})).status).toBe(503);
    await hook.setMode("up");
    expect((await post("/__status/500", {})).status).toBe(500);
  });
  it("slow mode delays the answer", async () => {
    await fetch(`${hook.url}/__control/mode`, {
      method: "POST",
      body: JSON.stringify({ mode: "slow", delay_ms: 300 }),
    });
    await expect(post("/h", {}, { signal: AbortSignal.timeout(100) })).rejects.toThrow();
    // A delivery made while slow is answered after one made once the receiver is up again.
    const order: string[] = [];
    const before = hook.requests().length;
    const held = post("/h", {}).then(() => order.push("slow"));
    await received(() => hook.requests().length > before);
    await hook.setMode("up");
    await post("/h", {}).then(() => order.push("up"));
    await held;
    expect(order).toEqual(["up", "slow"]);
  });
  it("down mode refuses connections, then comes back on the same port", async () => {
    await hook.setMode("down");
    // A pooled keep-alive socket may fail first (UND_ERR_SOCKET); a fresh connect is refused.
    let code: string | undefined;
    for (let i = 0; i < 3 && code !== "ECONNREFUSED"; i++) {
      const err = (await post("/h", {}).catch((e: unknown) => e)) as Error & { cause?: { code?: string } };
      expect(err).toBeInstanceOf(Error);
      code = err.cause?.code;
    }
    expect(code).toBe("ECONNREFUSED");
    await hook.setMode("up");
    expect((await post("/h", {})).status).toBe(200);
  });
});
