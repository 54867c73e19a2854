import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryBus } from "@brandwarden/platform/bus/memory-bus";
import { createMemoryKv } from "@brandwarden/platform/kv/memory-kv";
import { createSilentLogger } from "@brandwarden/platform/logger/logger";
import { smallScenario, startTestWorld } from "@brandwarden/world/testing/test-world";
import type { World } from "@brandwarden/world/world";
import { loadWorkerConfig } from "../src/config.ts";
import { createWorkerContainer, type WorkerContainer } from "../src/container.ts";
import { scanStartPayload } from "./scan-payload.ts";

// A scan against registries that rate-limit as real ones do: one RDAP server per registry, each
// allowing RATE requests a second per client and answering 429 with Retry-After beyond. The scan
// must slow to each registry's pace and still give every registered lookalike its registrar,
// without hammering the registries into a storm of 429s.

const RATE = 3;

interface Envelope {
  kind: string;
  data: {
    findings?: Array<{ domain: string; resolve_status?: string; registrar?: string | null; provenance?: Record<string, { status: string; error?: string }> }>; // prettier-ignore
    stage_states?: Record<string, { status: string; waiting_on?: string }>;
    level?: string;
    message?: string;
  };
}

describe("a scan against rate-limited registries", () => {
  let world: World;
  let container: WorkerContainer;
  const events: Envelope[] = [];

  beforeAll(async () => {
    world = await startTestWorld(smallScenario({ lookalikes: 60, seed: "rate-limited" }), {
      registries: { rdapPerSecond: RATE },
      ct: false,
    });
    const config = loadWorkerConfig({
      ...world.env,
      SCREENSHOTS: "false",
      LOG_LEVEL: "silent",
      HTTP_TIMEOUT_MS: "3000",
    });
    container = createWorkerContainer(
      config,
      { bus: createMemoryBus(), kv: createMemoryKv(), logger: createSilentLogger(), close: async () => undefined }, // prettier-ignore
      { withWeb: false, sink: async (e) => void events.push(e as Envelope) },
    );
    await container.runner.submit(scanStartPayload({ keywords: ["bank"] }));
  }, 180_000);

  afterAll(async () => {
    await container?.close();
    await world?.stop();
  });

  it("completes with every registered lookalike's registrar, paced to each registry's limit", () => {
    const last = events.filter((e) => e.kind === "scan_update").at(-1)!;
    expect(last.data.stage_states?.enrich?.status).toBe("completed");

    const registered = new Set(
      events
        .filter((e) => e.kind === "findings_initial")
        .flatMap((e) => e.data.findings!)
        .filter((f) => f.resolve_status === "registered")
        .map((f) => f.domain),
    );
    // Every registered lookalike the scan found got its registration data, none given up.
    expect(registered.size).toBeGreaterThanOrEqual(50);
    const registration = new Map<string, { status: string; error?: string }>();
    for (const e of events.filter((x) => x.kind === "findings_delta"))
      for (const f of e.data.findings!)
        if (f.provenance?.registration) registration.set(f.domain, f.provenance.registration);
    const missing = [...registered].filter((d) => registration.get(d)?.status !== "ok");
    expect(missing.map((d) => `${d}: ${registration.get(d)?.error}`)).toEqual([]);

    // The registries were asked at their pace: few 429s, and none of them lost a lookalike.
    const stats = world.registries!.stats().filter((s) => s.kind === "rdap");
    const requests = stats.reduce((a, s) => a + s.requests, 0);
    const limited = stats.reduce((a, s) => a + s.limited, 0);
    expect(requests).toBeGreaterThanOrEqual(registered.size);
    // A registry whose limit is not known yet may refuse the first overshoot (one or two each);
    // unpaced, every request past each registry's first second would have been refused.
    expect(limited).toBeLessThanOrEqual(Math.max(10, requests * 0.15));
    // The busiest registry had more to answer than its burst: the scan had to slow to its limit.
    const busiest = stats.sort((a, b) => b.requests - a.requests)[0]!;
    expect(busiest.requests - busiest.limited).toBeGreaterThan(2 * RATE);
  });

  it("says which registry it waits on while it does, with its pace and queue", () => {
    const waiting = events
      .filter((e) => e.kind === "scan_update")
      .map((e) => e.data.stage_states?.enrich?.waiting_on)
      .filter((w): w is string => Boolean(w));
    // Which registry is named at a given moment depends on how far resolution got (a queue
    // just filled outranks a longer one draining at its pace), so any of the scan's RDAP
    // registries may be; each named one must be real and serve the TLDs it is named with.
    const rdap = new Map(
      world
        .registries!.stats()
        .filter((s) => s.kind === "rdap")
        .map((s) => [new URL(s.baseUrl).host, s]),
    );
    const paced = waiting.flatMap((w) => {
      const m = /^RDAP (\S+) \(([^)]*)\): ([\d.]+) req\/s, ([\d,]+) queued, ~/.exec(w);
      return m ? [{ host: m[1]!, tlds: m[2]!.split(", "), rate: Number(m[3]) }] : [];
    });
    expect(paced.length).toBeGreaterThan(0);
    for (const p of paced) {
      const registry = rdap.get(p.host);
      expect(registry, p.host).toBeDefined();
      for (const tld of p.tlds) expect(registry!.tlds).toContain(tld.replace(/^\./, ""));
      expect(p.rate).toBeGreaterThan(0);
    }
  });
});
