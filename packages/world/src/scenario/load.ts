import { readFile } from "node:fs/promises";
import { z } from "zod";
import { ScenarioSchema, type Scenario } from "./schema.ts";

// Validates a scenario document; the error names every bad field by its JSON path.
export function parseScenario(input: unknown): Scenario {
  const result = ScenarioSchema.safeParse(input);
  if (result.success) return result.data;
  throw new Error(`invalid scenario:\n${z.prettifyError(result.error)}`);
}

export async function loadScenario(file: string): Promise<Scenario> {
  const text = await readFile(file, "utf8");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new Error(`scenario ${file} is not JSON: ${(err as Error).message}`);
  }
  return parseScenario(json);
}
