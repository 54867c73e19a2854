import { generateScenario, type GenerateOptions } from "../src/scenario/generate.ts";
import type { Scenario } from "../src/scenario/schema.ts";
import { startWorld, type StartWorldOptions, type World } from "../src/world.ts";

// Worlds for tests: random ports for DNS/RDAP/WHOIS/services and a random 127.N/16 for the web
// hosts, so test files running at once (and a demo world) never collide on 80/443.

export async function startTestWorld(scenario: Scenario, opts: StartWorldOptions = {}): Promise<World> {
  let lastErr: unknown;
  for (let attempt = 0; attempt < 8; attempt++) {
    const netPrefix = `127.${100 + Math.floor(Math.random() * 150)}`;
    try {
      return await startWorld(scenario, {
        dns: "127.0.10.53:0",
        rdap: "127.0.10.43:0",
        whois: "127.0.10.43:0",
        services: { basePort: 0 },
        netPrefix,
        ...opts,
      });
    } catch (err) {
      lastErr = err;
      if (!/cannot listen|EADDRINUSE/.test(String(err))) throw err;
    }
  }
  throw lastErr;
}

// A small scenario for tests: every site kind, a few dozen lookalikes, fixed dates.
export function smallScenario(overrides: Partial<GenerateOptions> = {}): Scenario {
  return generateScenario({
    brand: "Acme Bank",
    domain: "acmebank.com",
    lookalikes: 40,
    seed: "test",
    now: new Date("2025-06-01T00:00:00.000Z"),
    ...overrides,
  });
}
