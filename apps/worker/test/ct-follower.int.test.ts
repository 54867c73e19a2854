/**
 * The CT follower end to end, in a running worker (`startWorker`, memory bus and kv) against the
 * world: a stand-in for the web app's internal API gives every user's brand. A certificate for an
 * impersonating name is logged while the worker runs; the follower must hand it on as an `alert`
 * event (`lookalike.discovered`) on the durable worker-to-web stream, resolved, enriched and
 * scored, for the user whose brand it imitates and no other.
 */
import { randomUUID } from "node:crypto";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZAlertRaise, type TAlertRaise } from "@brandwarden/contract/alerts";
import { DEFAULT_DOMAIN_WEIGHTS } from "@brandwarden/contract/signals";
import { createMemoryBus } from "@brandwarden/platform/bus/memory-bus";
import { createMemoryKv } from "@brandwarden/platform/kv/memory-kv";
import { createLogger } from "@brandwarden/platform/logger/logger";
import { tailEvents } from "@brandwarden/platform/messaging/event-streams";
import { smallScenario, startTestWorld } from "@brandwarden/world/testing/test-world";
import type { World } from "@brandwarden/world/world";
import { loadWorkerConfig } from "../src/config.ts";
import { ctLogKey } from "../src/use-cases/ct-follower/ct-follower.ts";
import { startWorker, type RunningWorker } from "../src/server.ts";

const TOKEN = "ct-follower-test-token-0123456789";

describe("the worker's CT follower against the world", () => {
  let world: World;
  let web: FastifyInstance;
  let worker: RunningWorker;
  const bus = createMemoryBus();
  const kv = createMemoryKv();
  const prefix = `ctf-${randomUUID().slice(0, 8)}`;
  const alerts: TAlertRaise[] = [];
  const brandUser = randomUUID();
  const otherUser = randomUUID();
  const weightsAskedFor: Array<string | null> = [];
  let stopTail: () => Promise<void>;

  beforeAll(async () => {
    world = await startTestWorld(smallScenario());
    web = Fastify();
    web.get("/v1/brands/monitored", async (req, reply) => {
      if (req.headers.authorization !== `Bearer ${TOKEN}`)
        return reply.code(401).send({ error: "unauthorized" });
      return {
        brands: [
          {
            user_id: brandUser,
            brand_name: world.scenario.brand.name,
            brand_names: [world.scenario.brand.name],
            keywords: [],
            owned_domains: [world.scenario.brand.primary_domain],
            domain_profiles: [],
          },
          {
            user_id: otherUser,
            brand_name: "Fabrikam",
            brand_names: ["Fabrikam"],
            keywords: [],
            owned_domains: ["fabrikam.net"],
            domain_profiles: [],
          },
        ],
      };
    });
    // The brand owner has a learned set of their own (resolves: 7); the platform's is the defaults.
    web.get("/v1/scoring/weights", async (req) => {
      const userId = (req.query as { user_id?: string }).user_id;
      weightsAskedFor.push(userId ?? null);
      const own = userId === brandUser;
      return {
        version: 1,
        weights: own ? { ...DEFAULT_DOMAIN_WEIGHTS, resolves: 7 } : DEFAULT_DOMAIN_WEIGHTS,
        sample_size: own ? 12 : 0,
        source: own ? "learned" : "manual",
        user_id: own ? brandUser : null,
      };
    });
    const webUrl = await web.listen({ host: "127.0.0.1", port: 0 });
    stopTail = await tailEvents(bus, prefix, (m) => {
      const e = m as { kind: string; data: unknown };
      if (e.kind === "alert") alerts.push(ZAlertRaise.parse(e.data));
    });
    const config = loadWorkerConfig({
      ...world.env,
      WEB_URL: webUrl,
      INTERNAL_API_TOKEN: TOKEN,
      EVENT_CHANNEL_PREFIX: prefix,
      SCREENSHOTS: "false",
      LOG_LEVEL: "warn",
      DNS_TIMEOUT_MS: "5000",
      CT_FOLLOW: "true",
      CT_POLL_INTERVAL: "200ms",
    });
    worker = await startWorker(
      { ...config, port: 0 },
      {
        bus,
        kv,
        logger: createLogger({ level: "warn", pretty: false, name: "ct-follower-test" }),
        close: async () => undefined,
      },
    );
  }, 120_000);

  afterAll(async () => {
    await worker?.stop();
    await stopTail?.();
    await web?.close();
    await world?.stop();
  });

  it("alerts on a certificate logged while it runs, enriched and scored, for the brand it imitates", async () => {
    const label = world.scenario.brand.primary_domain.split(".")[0]!;
    const name = `${label}-refund-center.xyz`; // a live phishing site in the world, not a permutation
    // Wait until the follower has started at the head (it reads nothing logged before it started).
    await until(async () => hasCheckpoint());
    world.ctLog!.append([{ names: [name, `www.${name}`], precert: true }]);
    await until(async () => alerts.some((a) => a.subject === name));

    const alert = alerts.find((a) => a.subject === name)!;
    expect(alert).toMatchObject({
      user_id: brandUser,
      type: "lookalike.discovered",
      subject: name,
      dedupe_key: `ct:${brandUser}:${name}`,
      data: { source: "ct", rule: "brand", term: label, entry_type: "precert_entry" },
    });
    expect(alert.reason).toContain(`contains the brand "${label}"`);
    expect(alert.finding).toMatchObject({
      domain: name,
      discovered_by: ["ct"],
      fuzzer: null,
      original_domain: world.scenario.brand.primary_domain,
      resolve_status: "registered",
    });
    expect(alert.finding!.page_title).not.toBeNull();
    expect(alert.finding!.score).toBeGreaterThan(0);
    expect(alert.severity).toBe(alert.finding!.severity);
    expect(alerts.filter((a) => a.user_id === otherUser)).toEqual([]);
    // Scored with the weights of the brand's owner, not a set shared by every tenant.
    expect(weightsAskedFor).toContain(brandUser);
    expect(alert.finding!.signals!.resolves).toMatchObject({ weight: 7 });
  }, 120_000);

  /** The follower saved where it starts (the tree head): what is logged from now on, it reads. */
  async function hasCheckpoint(): Promise<boolean> {
    return (await kv.get(`${prefix}:ct:follow:${ctLogKey(world.ctLog!.baseUrl)}:next`)) !== null;
  }
});

/** Polls a condition (no fixed waits): resolves once it holds, fails the test after 90 s. */
async function until(cond: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (!(await cond())) {
    if (Date.now() > deadline) throw new Error("condition not met in 90 s");
    await new Promise((r) => setTimeout(r, 50));
  }
}
