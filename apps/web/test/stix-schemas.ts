import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

// The OASIS STIX 2.1 JSON schemas (samples/stix2-json-schemas, draft 2020-12), loaded under their
// own `$id`s so their relative `$ref`s resolve locally.

const ROOT = fileURLToPath(new URL("./samples/stix2-json-schemas/schemas/", import.meta.url));

function schemaFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? schemaFiles(path.join(dir, e.name))
      : e.name.endsWith(".json")
        ? [path.join(dir, e.name)]
        : [],
  );
}

const SCHEMA_OF: Record<string, string> = {
  "marking-definition": "common/marking-definition.json",
  bundle: "common/bundle.json",
  relationship: "sros/relationship.json",
};

/** Validates a STIX object (or bundle) against its OASIS schema; the errors, empty when valid. */
export function createStixValidator() {
  // unicodeRegExp off: the OASIS patterns escape `-` outside a class, which the `u` flag rejects.
  const ajv = new (Ajv2020 as unknown as typeof Ajv2020.default)({
    strict: false,
    allErrors: true,
    unicodeRegExp: false,
  });
  (addFormats as unknown as typeof addFormats.default)(ajv);
  // ajv-formats has no idn-hostname: dot-separated labels of letters, digits and inner hyphens.
  ajv.addFormat("idn-hostname", /^(?!-)[\p{L}\p{N}-]{1,63}(?<!-)(\.(?!-)[\p{L}\p{N}-]{1,63}(?<!-))*$/u);
  const ids = new Map<string, string>();
  for (const file of schemaFiles(ROOT)) {
    const schema = JSON.parse(readFileSync(file, "utf8")) as { $id: string };
    ajv.addSchema(schema);
    ids.set(path.relative(ROOT, file), schema.$id);
  }
  return (o: { type: string }): string[] => {
    const rel =
      SCHEMA_OF[o.type] ??
      [`sdos/${o.type}.json`, `observables/${o.type}.json`].find((p) => ids.has(p)) ??
      null;
    if (!rel) return [`no OASIS schema for type ${o.type}`];
    const validate = ajv.getSchema(ids.get(rel)!)!;
    return validate(o) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
  };
}

/** Every property the OASIS schema of a type declares (its own, and those of the schemas it `$ref`s). */
function declaredProperties(type: string): Set<string> {
  const out = new Set<string>();
  const seen = new Set<string>();
  const walk = (node: unknown, file: string) => {
    if (!node || typeof node !== "object") return;
    if (Array.isArray(node)) return node.forEach((n) => walk(n, file));
    const o = node as Record<string, unknown>;
    if (o.properties && typeof o.properties === "object")
      Object.keys(o.properties).forEach((k) => out.add(k));
    if (typeof o.$ref === "string" && !o.$ref.startsWith("#")) {
      const target = path.normalize(path.join(path.dirname(file), o.$ref));
      if (!seen.has(target) && /(core|cyber-observable-core)\.json$/.test(target)) {
        seen.add(target);
        walk(JSON.parse(readFileSync(path.join(ROOT, target), "utf8")), target);
      }
    }
    for (const k of ["allOf", "oneOf", "anyOf"]) if (o[k]) walk(o[k], file);
  };
  const rel =
    SCHEMA_OF[type] ??
    [`sdos/${type}.json`, `observables/${type}.json`].find((p) => {
      try {
        readFileSync(path.join(ROOT, p));
        return true;
      } catch {
        return false;
      }
    });
  if (rel) walk(JSON.parse(readFileSync(path.join(ROOT, rel), "utf8")), rel);
  return out;
}

/**
 * The STIX validator's "should"s this feed keeps: indicators carry a name and a description; no
 * property outside the spec (custom ones only inside a declared extension); external references
 * carry `hashes` unless they point at a live dashboard page (whose content changes).
 */
export function stixShouldProblems(
  o: Record<string, unknown> & { type: string; id: string },
  /** Where the live (changing) dashboard pages are: their URLs cannot carry a content hash. */
  dashboard = "https://brandwarden.test/",
): string[] {
  const problems: string[] = [];
  for (const ref of (o.external_references as Array<Record<string, unknown>> | undefined) ?? [])
    if (typeof ref.url === "string" && !ref.hashes && !ref.url.startsWith(dashboard))
      problems.push(`${o.id}: external reference ${ref.url} to fixed content should carry hashes`);
  if (o.type === "indicator" && (typeof o.name !== "string" || typeof o.description !== "string"))
    problems.push(`${o.id}: an indicator should carry a name and a description`);
  const declared = declaredProperties(o.type);
  for (const k of Object.keys(o)) if (!declared.has(k)) problems.push(`${o.id}: custom property ${k}`);
  for (const ext of Object.keys((o.extensions as object | undefined) ?? {}))
    if (!ext.startsWith("extension-definition--")) problems.push(`${o.id}: undeclared extension ${ext}`);
  return problems;
}
