import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZEventMessage, type TEventMessage } from "@brandwarden/contract/events";
import { createMemoryBus } from "@brandwarden/platform/bus/memory-bus";
import { installErrorHandler } from "@brandwarden/platform/http/error-handler";
import { busSink, createScanPublisher } from "../pipeline/scan-publisher.ts";
import { registerSocialEnrichRoutes } from "./social-enrich.routes.ts";
import { startSocialWorld, type SocialTestWorld } from "./test-world.ts";

// POST /social/enrich end to end: 202 at once, then a `social_profile` envelope on the bus.

let world: SocialTestWorld;
beforeAll(async () => {
  world = await startSocialWorld();
});
afterAll(() => world?.stop());

async function setup() {
  const bus = createMemoryBus();
  const got: TEventMessage[] = [];
  await bus.psubscribe("bw:*", (_ch, msg) => {
    got.push(ZEventMessage.parse(msg));
  });
  const publisher = createScanPublisher({ sink: busSink(bus), prefix: "bw" });
  const app = Fastify();
  installErrorHandler(app);
  await app.register(
    async (api) => registerSocialEnrichRoutes(api, { runtime: world.runtime(), publish: publisher.publish }),
    {
      prefix: "/api/v1",
    },
  );
  const waitFor = async () => {
    for (let i = 0; i < 100 && got.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    return got[0]!;
  };
  return { app, waitFor, bus };
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
    const { app, waitFor } = await setup();
    const res = await app.inject({
      method: "POST",
      url: "/api/v1/social/enrich",
      payload: body("github", "acmebank"),
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: true });
    const msg = await waitFor();
    expect(msg).toMatchObject({ v: 1, kind: "social_profile", seq: 1 });
    if (msg.kind !== "social_profile") throw new Error("wrong kind");
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

  it("publishes failed with the reason for a handle that does not exist", async () => {
    const { app, waitFor } = await setup();
    await app.inject({
      method: "POST",
      url: "/api/v1/social/enrich",
      payload: body("bluesky", "nobody-here.bsky.social"),
    });
    const msg = await waitFor();
    if (msg.kind !== "social_profile") throw new Error("wrong kind");
    expect(msg.data).toMatchObject({ status: "failed", profile: null, generation: 7 });
    expect(msg.data.error).toContain("missing");
    await app.close();
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
