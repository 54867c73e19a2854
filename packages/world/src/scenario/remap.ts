import { ScenarioSchema, type Scenario } from "./schema.ts";

// Moves every hosting address of a scenario from its /16 (127.B.x.y) to `prefix` (127.N), so
// several worlds can run side by side, each binding ports 80/443 on its own addresses.

function scenarioNetPrefix(s: Scenario): string | null {
  const prefixes = new Set(s.networks.map((n) => n.cidr.split(".").slice(0, 2).join(".")));
  if (prefixes.size > 1) throw new Error(`scenario networks span several /16s: ${[...prefixes].join(", ")}`);
  return [...prefixes][0] ?? null;
}

export function remapScenario(s: Scenario, prefix: string): Scenario {
  if (!/^127\.\d{1,3}$/.test(prefix) || Number(prefix.split(".")[1]) > 255)
    throw new Error(`netPrefix must look like 127.N, got ${prefix}`);
  const from = scenarioNetPrefix(s);
  if (!from || from === prefix) return s;
  const [, b] = from.split(".");
  const [, n] = prefix.split(".");
  const text = JSON.stringify(s)
    .replace(new RegExp(`(?<![\\d.])127\\.${b}\\.(\\d+)\\.(\\d+)(?![\\d])`, "g"), `127.${n}.$1.$2`)
    .replace(new RegExp(`127-${b}-`, "g"), `127-${n}-`);
  return ScenarioSchema.parse(JSON.parse(text));
}
