import { fileURLToPath } from "node:url";
import type { GenerateOptions } from "./generate.ts";
import { loadScenario } from "./load.ts";
import type { Scenario } from "./schema.ts";

// The bundled demo scenario (`npm run demo`, `brandwarden world` without arguments). It is
// generated, then checked in: regenerate with `npx tsx packages/world/scripts/write-demo-scenario.ts`.

export const DEMO_OPTIONS: GenerateOptions = {
  brand: "Acme Bank",
  domain: "acmebank.com",
  lookalikes: 60,
  seed: 1,
  now: new Date("2025-01-01T00:00:00.000Z"),
  takedowns: {},
};

export const demoScenarioPath = fileURLToPath(new URL("./demo-scenario.json", import.meta.url));

export function loadDemoScenario(): Promise<Scenario> {
  return loadScenario(demoScenarioPath);
}
