import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZEventMessage, type TEventMessage } from "@brandwarden/contract/events";
import { createMemoryBus } from "@brandwarden/platform/bus/memory-bus";
import { installErrorHandler } from "@brandwarden/platform/http/error-handler";
import { tailEvents } from "@brandwarden/platform/messaging/event-streams";
import { busSink, createScanPublisher } from "../../ports/events/scan-publisher.ts";
import { createSocialHttp, type SocialHttp } from "../../capabilities/social/social-http.ts";
import { createSocialRuntime } from "../../wiring/social-runtime.ts";
import type { SocialRuntime } from "../../capabilities/social/social-runtime.ts";
import { registerSocialEnrichRoutes } from "./social-enrich.routes.ts";
import { startSocialWorld, type SocialTestWorld } from "../../../test/social-world.ts";

// POST /social/enrich end to end: 202 at once, then a `social_profile` envelope on the bus; a
// failed run (blocked, unreachable) is retried once, a definite "no such handle" is not.

let world: SocialTestWorld;
beforeAll(async () => {
  world = await startSocialWorld([
    { platform: "github", handle: "acme-walled", state: "waf", display_name: "Acme Bank" },
  ]);
});
afterAll(() => world?.stop());

/** The world's platforms through a client that counts profile requests and can drop the first ones. */
function countingRuntime(failFirst = 0): { runtime: SocialRuntime; probes: string[] } {
  const config = world.config();
  const real = createSocialHttp({
    allowPrivateNetwork: true,
    userAgent: config.userAgent,
    timeoutMs: config.timeoutMs,
  });
  const probes: string[] = [];
  let failures = failFirst;
  const http: SocialHttp = {
    async request(url, opts) {
      if (!/avatar/i.test(url)) probes.push(url);
      if (failures > 0) {
        failures--;
        throw Object.assign(new Error("connect ECONNRESET"), { code: "ECONNRESET" });
      }
      return real.request(url, opts);
    },
    get requests() {
      return real.requests;
    },
    close: () => real.close(),
  };
  return { runtime: createSocialRuntime(config, { http }), probes };
}

async function setup(runtime: SocialRuntime = world.runtime()) {
  const bus = createMemoryBus();
  // The tail hands each envelope to whoever waits for it: no polling, no timers.
  const waiting: Array<(m: TEventMessage) => void> = [];
  const early: TEventMessage[] = [];
  await tailEvents(bus, "bw", (msg) => {
    const parsed = ZEventMessage.parse(msg);
    const take = waiting.shift();
    if (take) take(parsed);
    else early.push(parsed);
  });
  const next = () =>
    early.length ? Promise.resolve(early.shift()!) : new Promise<TEventMessage>((r) => waiting.push(r));
  const publisher = createScanPublisher({ sink: busSink(bus, "bw") });
  const app = Fastify();
  installErrorHandler(app);
  let routes!: ReturnType<typeof registerSocialEnrichRoutes>;
  await app.register(
    async (api) => {
      routes = registerSocialEnrichRoutes(api, { runtime, publish: publisher.publish });
    },
    { prefix: "/api/v1" },
  );
  /** Posts one enrichment, waits for it to publish, and returns the published envelope. */
  const enrich = async (platform: string, handle: string) => {
    const res = await app.inject({
      method: "POST",
      url: "/api/v1/social/enrich",
      payload: body(platform, handle),
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: true });
    await routes.drain();
    const msg = await next();
    if (msg?.kind !== "social_profile") throw new Error(`expected social_profile, got ${msg?.kind}`);
    return msg;
  };
  return { app, enrich };
}

const body = (platform: string, handle: string) => ({
  social_handle_id: "1f0c7a52-3b4d-4e5f-8a9b-0c1d2e3f4a5b",
  user_id: "2a1b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
  platform,
  handle,
  generation: 7,
});

describe("POST /api/v1/social/enrich", () => {
  it("answers 202 and publishes the brand's profile with its generation", async () => {
    const { app, enrich } = await setup();
    const msg = await enrich("github", "acmebank");
    expect(msg).toMatchObject({ v: 1, kind: "social_profile", seq: expect.any(Number) });
    expect(msg.data).toMatchObject({
      status: "completed",
      generation: 7,
      social_handle_id: body("", "").social_handle_id,
    });
    expect(msg.data.profile).toMatchObject({
      platform: "github",
      handle: "acmebank",
      display_name: "Acme Bank",
      followers: expect.any(Number),
    });
    expect(msg.data.profile!.avatar_hash).toMatch(/^dh:/);
    expect(msg.data.profile!.links).toContain("https://acmebank.com/");
    await app.close();
  });

  it("retries a run that failed on the network once, and publishes the profile the retry got", async () => {
    const { runtime, probes } = countingRuntime(1);
    const { app, enrich } = await setup(runtime);
    const msg = await enrich("github", "acmebank");
    expect(msg.data).toMatchObject({ status: "completed", generation: 7 });
    expect(msg.data.profile).toMatchObject({ handle: "acmebank", display_name: "Acme Bank" });
    expect(probes).toHaveLength(2);
    await app.close();
    await runtime.close();
  });

  it("gives up after the retry when the platform keeps blocking, and says so", async () => {
    const { runtime, probes } = countingRuntime();
    const { app, enrich } = await setup(runtime);
    const msg = await enrich("github", "acme-walled");
    expect(msg.data).toMatchObject({ status: "failed", profile: null, generation: 7 });
    expect(msg.data.error).toMatch(/^waf: .*\(after 2 attempts\)$/);
    expect(probes).toHaveLength(2);
    await app.close();
    await runtime.close();
  });

  it("publishes failed with the reason for a handle that does not exist, without a retry", async () => {
    const { runtime, probes } = countingRuntime();
    const { app, enrich } = await setup(runtime);
    const msg = await enrich("bluesky", "nobody-here.bsky.social");
    expect(msg.data).toMatchObject({ status: "failed", profile: null, generation: 7 });
    expect(msg.data.error).toContain("missing");
    expect(msg.data.error).not.toContain("attempts");
    expect(probes).toHaveLength(1);
    await app.close();
    await runtime.close();
  });

  it("rejects an invalid body with 422", async () => {
    const { app } = await setup();
    const res = await app.inject({
      method: "POST",
      url: "/api/v1/social/enrich",
      payload: { platform: "myspace" },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe("invalid");
    await app.close();
  });
});
