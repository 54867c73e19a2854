import { describe, expect, it } from "vitest";
import { createWebClient, type WebClientOptions } from "./web-client.ts";

/** A fetch that answers from a script: an Error is thrown (no answer), a number is that status. */
function scripted(steps: Array<Error | number>) {
  const calls: string[] = [];
  const fetch = (async (url: string, init?: RequestInit) => {
    calls.push(`${init?.method ?? "GET"} ${url}`);
    const step = steps.shift() ?? 200;
    if (step instanceof Error) throw step;
    const body =
      step === 200
        ? { version: 3, weights: {}, source: "manual", sample_size: 0 }
        : { error: "unavailable", message: "A service this request needs is unreachable" };
    return new Response(JSON.stringify(body), { status: step });
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

/** A clock that moves only when the client sleeps. */
function fakeTime() {
  let t = 0;
  const slept: number[] = [];
  return {
    now: () => t,
    sleep: async (ms: number) => {
      slept.push(ms);
      t += ms;
    },
    slept,
  };
}

/** A client on `fetch` that waits up to a minute (by default) for an away web app, on a fake clock. */
function waitingClient(fetch: typeof globalThis.fetch, opts: Partial<WebClientOptions> = {}) {
  return createWebClient({ baseUrl: "http://web.test", token: "t", fetch, outageWaitMs: 60_000, ...opts });
}

describe("the web client while the web app or its database is away", () => {
  it("keeps asking a read through 503s and gateway errors with growing waits, and says so once each way", async () => {
    const { fetch, calls } = scripted([503, 502, 504, 503, 200]);
    const time = fakeTime();
    const told: string[] = [];
    const client = waitingClient(fetch, { onOutage: (e) => told.push(e.state), ...time });
    const weights = await client.getWeights();
    expect(weights.version).toBe(3);
    expect(calls).toHaveLength(5);
    expect(time.slept).toEqual([500, 1000, 2000, 4000]);
    expect(told).toEqual(["waiting", "back"]);
  });

  it("gives up once the wait is spent, with the last error", async () => {
    const { fetch } = scripted(Array.from({ length: 100 }, () => 503));
    const time = fakeTime();
    const client = waitingClient(fetch, { outageWaitMs: 30_000, ...time });
    await expect(client.getWeights()).rejects.toMatchObject({ status: 503 });
    expect(time.now()).toBe(30_000);
  });

  it("does not repeat writes, nor reads the web app refused for a reason", async () => {
    const time = fakeTime();
    const put = scripted([503]);
    const writer = waitingClient(put.fetch, time);
    await expect(writer.putWeights({ weights: {} } as never)).rejects.toMatchObject({ status: 503 });
    expect(put.calls).toHaveLength(1);
    const missing = scripted([404]);
    const reader = waitingClient(missing.fetch, time);
    await expect(reader.getWeights()).rejects.toMatchObject({ status: 404 });
    expect(missing.calls).toHaveLength(1);
    expect(time.slept).toEqual([]);
  });

  it("does not wait for a web process that does not answer at all on other reads (the scan goes on, its events in Redis)", async () => {
    const { fetch, calls } = scripted([new TypeError("fetch failed"), 200]);
    const time = fakeTime();
    const client = waitingClient(fetch, time);
    await expect(client.getCampaignStats()).rejects.toMatchObject({ status: null });
    expect(calls).toHaveLength(1);
    expect(time.slept).toEqual([]);
  });

  it("waits for the weights through a web process that does not answer (a restart): findings are never scored with defaults because of a deploy", async () => {
    const { fetch, calls } = scripted([new TypeError("fetch failed"), new TypeError("fetch failed"), 200]);
    const time = fakeTime();
    const events: string[] = [];
    const client = waitingClient(fetch, { onOutage: (e) => void events.push(e.state), ...time });
    const waits: string[] = [];
    expect((await client.getWeights("u1", { onWait: (why) => void waits.push(why) })).version).toBe(3);
    expect(waits).toEqual(["GET /v1/scoring/weights?user_id=u1: fetch failed"]);
    expect(calls).toHaveLength(3);
    expect(time.slept).toEqual([500, 1000]);
    expect(events).toEqual(["waiting", "back"]);
    // Past the wait, the score stage is told (and says it uses default weights).
    const down = scripted(Array.from({ length: 100 }, () => new TypeError("fetch failed")));
    const later = waitingClient(down.fetch, { outageWaitMs: 30_000, ...fakeTime() });
    await expect(later.getWeights()).rejects.toMatchObject({ status: null });
  });

  it("without an outage wait (the default) fails at once, as before", async () => {
    const { fetch, calls } = scripted([503, 200]);
    const client = createWebClient({ baseUrl: "http://web.test", token: "t", fetch });
    await expect(client.getWeights()).rejects.toMatchObject({ status: 503 });
    expect(calls).toHaveLength(1);
  });
});
