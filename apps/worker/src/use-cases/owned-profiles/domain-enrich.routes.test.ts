import { randomUUID } from "node:crypto";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZEventMessage, type TEventKind, type TEventOf } from "@brandwarden/contract/events";
import { waitFor } from "@brandwarden/platform/testing/wait-for";
import { installErrorHandler } from "@brandwarden/platform/http/error-handler";
import { createSilentLogger } from "@brandwarden/platform/logger/logger";
import { smallScenario, startTestWorld } from "@brandwarden/world/testing/test-world";
import type { World } from "@brandwarden/world/world";
import { createEnricher } from "../../wiring/enricher.ts";
import type { Enricher } from "../../capabilities/enrich/enricher.ts";
import { registerDomainEnrichRoutes, type DomainEnrichRoutes } from "./domain-enrich.routes.ts";
import { worldEnrichConfig } from "../../../test/enrich-world.ts";

const id = {
  od_1: randomUUID(),
  od_2: randomUUID(),
  od_3: randomUUID(),
  od_4: randomUUID(),
  u_1: randomUUID(),
};
let world: World;
let enricher: Enricher;
let app: FastifyInstance;
let routes: DomainEnrichRoutes;
const messages: unknown[] = [];
let profileCalls = 0;

beforeAll(async () => {
  world = await startTestWorld(smallScenario(), { services: false });
  enricher = createEnricher(worldEnrichConfig(world));
  let seq = 0;
  // The route publishes through this function only: the test keeps what it is given.
  const publish = async (kind: TEventKind, data: unknown) =>
    void messages.push({ v: 1, kind, seq: seq++, ts: new Date().toISOString(), data });
  app = Fastify();
  installErrorHandler(app);
  await app.register(
    async (api) => {
      routes = registerDomainEnrichRoutes(api, {
        profileOwnedDomain: (d) => (profileCalls++, enricher.profileOwnedDomain(d)),
        publish,
        logger: createSilentLogger(),
      });
    },
    { prefix: "/api/v1" },
  );
});
afterAll(async () => {
  await app?.close();
  await enricher?.close();
  await world?.stop();
});

const post = (body: unknown) =>
  app.inject({ method: "POST", url: "/api/v1/domain/enrich", payload: body as object });
const eventFor = async (ownedId: string) => {
  await routes.drain();
  await waitFor(
    () => profileEvents().some((e) => e.data.owned_domain_id === ownedId),
    "domain_profile event",
  );
  return profileEvents().find((e) => e.data.owned_domain_id === ownedId)!;
};
const profileEvents = () =>
  messages
    .map((m) => ZEventMessage.parse(m))
    .filter((m): m is TEventOf<"domain_profile"> => m.kind === "domain_profile");

describe("POST /domain/enrich", () => {
  it("answers 202 at once and publishes the profile with the same generation", async () => {
    const res = await post({
      owned_domain_id: id.od_1,
      user_id: id.u_1,
      domain: "acmebank.com",
      generation: 7,
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: true });
    const ev = await eventFor(id.od_1);
    expect(ev).toMatchObject({
      v: 1,
      kind: "domain_profile",
      data: { user_id: id.u_1, generation: 7, status: "completed" },
    });
    const owned = world.scenario.brand.owned_domains[0]!;
    expect(ev.data.profile).toMatchObject({ domain: "acmebank.com", title: owned.site.title });
    expect(ev.data.profile!.html_hash).toMatch(/^tlsh:/);
    expect(ev.data.profile!.ips).toEqual(expect.arrayContaining(owned.dns.a));
  });

  it("follows a secondary domain's redirect to the primary", async () => {
    await post({ owned_domain_id: id.od_2, user_id: id.u_1, domain: "acmebank.net", generation: 1 });
    const ev = await eventFor(id.od_2);
    expect(ev.data.status).toBe("completed");
    expect(ev.data.profile!.title).toBe(world.scenario.brand.owned_domains[0]!.site.title);
  });

  it("publishes failed after one retry when the domain cannot be profiled", async () => {
    const before = profileCalls;
    await post({
      owned_domain_id: id.od_3,
      user_id: id.u_1,
      domain: "no-such-brand-domain.com",
      generation: 2,
    });
    const ev = await eventFor(id.od_3);
    expect(ev.data).toMatchObject({ status: "failed", profile: null, generation: 2 });
    expect(ev.data.error).toMatch(/^no-such-brand-domain\.com: /); // names the domain, then why
    expect(profileCalls - before).toBe(2);
  });

  it("rejects a bad body with 422", async () => {
    const res = await post({ owned_domain_id: id.od_4, domain: "acmebank.com" });
    expect(res.statusCode).toBe(422);
  });
});
