import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Ajv, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import draft06 from "ajv/dist/refs/json-schema-draft-06.json" with { type: "json" };

// The official Adaptive Card 1.5 JSON schema (microsoft/AdaptiveCards, schemas/1.5.0/
// adaptive-card.json, MIT; see packages/world/samples/adaptive-cards/README.md). It is draft-06
// and names itself with `id`, which Ajv 8 reads only as `$id`: renamed in memory, the file stays
// as published.

const SCHEMA_PATH = fileURLToPath(
  new URL("../../samples/adaptive-cards/adaptive-card-1.5.json", import.meta.url),
);

let validate: ValidateFunction | null = null;

function validator(): ValidateFunction {
  if (validate) return validate;
  const { id, ...schema } = JSON.parse(readFileSync(SCHEMA_PATH, "utf8")) as Record<string, unknown>;
  const ajv = new Ajv({ strict: false, allErrors: false });
  ajv.addMetaSchema(draft06);
  addFormats.default(ajv);
  validate = ajv.compile({ ...schema, $id: String(id) });
  return validate;
}

/** Problems of a card under the Adaptive Card 1.5 schema (empty when it is valid). */
export function adaptiveCardProblems(card: unknown): string[] {
  const v = validator();
  if (v(card)) return [];
  return (v.errors ?? []).map(
    (e) => `${e.instancePath || "/"} ${e.message ?? "is invalid"} ${JSON.stringify(e.params)}`,
  );
}
