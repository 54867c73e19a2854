import { writeFileSync } from "node:fs";
import { format, resolveConfig } from "prettier";
import { DEMO_OPTIONS, demoScenarioPath } from "../src/scenario/demo.ts";
import { generateScenario } from "../src/scenario/generate.ts";

// Regenerates the checked-in demo scenario from the generator (formatted like the repo's JSON).
const scenario = generateScenario(DEMO_OPTIONS);
const config = await resolveConfig(demoScenarioPath);
writeFileSync(demoScenarioPath, await format(JSON.stringify(scenario), { ...config, parser: "json" }));
console.log(`wrote ${demoScenarioPath}: ${scenario.lookalikes.length} lookalikes`);
