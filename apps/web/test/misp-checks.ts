import { execFileSync, spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

// Checks of a MISP event against MISP's own published material (copies in test/samples and the
// vendored PyMISP, see their READMEs): the object templates of MISP/misp-objects, the attribute
// types and categories of MISP's describeTypes.json, the relationship types of object
// references, the taxonomies of the tags; and PyMISP's `MISPEvent.load` over the event.

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, "utf8")) as T;

interface TemplateAttribute {
  "misp-attribute": string;
  categories?: string[];
  multiple?: boolean;
  values_list?: string[];
  sane_default?: string[];
  to_ids?: boolean;
  disable_correlation?: boolean;
}
interface Template {
  name: string;
  uuid: string;
  version: number;
  "meta-category": string;
  required?: string[];
  requiredOneOf?: string[];
  attributes: Record<string, TemplateAttribute>;
}
interface DescribeTypes {
  result: {
    types: string[];
    categories: string[];
    category_type_mappings: Record<string, string[]>;
  };
}
interface Taxonomy {
  namespace: string;
  predicates: Array<{ value: string }>;
  values?: Array<{ predicate: string; entry: Array<{ value: string }> }>;
}

const OBJECTS_DIR = here("./samples/misp-objects/objects/");
export const TEMPLATES: Record<string, Template> = Object.fromEntries(
  readdirSync(OBJECTS_DIR).map((name) => [name, readJson<Template>(`${OBJECTS_DIR}${name}/definition.json`)]),
);
const DESCRIBE = readJson<DescribeTypes>(here("./third_party/pymisp/data/describeTypes.json")).result;
const RELATIONSHIPS = new Set(
  readJson<{ values: Array<{ name: string }> }>(
    here("./samples/misp-objects/relationships/definition.json"),
  ).values.map((v) => v.name),
);
const TAXONOMIES_DIR = here("./samples/misp-taxonomies/");
const TAXONOMIES = new Map(
  readdirSync(TAXONOMIES_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => readJson<Taxonomy>(`${TAXONOMIES_DIR}${d.name}/machinetag.json`))
    .map((t) => [t.namespace, t]),
);

type Json = Record<string, unknown>;
interface Attr {
  uuid: string;
  type: string;
  category: string;
  value: string;
  to_ids: boolean;
  disable_correlation?: boolean;
  object_relation?: string;
  data?: string;
  Tag?: Array<{ name: string }>;
}
interface Obj {
  uuid: string;
  name: string;
  "meta-category": string;
  template_uuid: string;
  template_version: string;
  ObjectReference?: Array<{ uuid: string; referenced_uuid: string; relationship_type: string }>;
  Attribute: Attr[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A tag's problem against its taxonomy (when its namespace is one of the copies), else null. */
function tagProblem(name: string): string | null {
  const m = /^([^:]+):([^=]+?)(?:="(.*)")?$/.exec(name);
  const taxonomy = m ? TAXONOMIES.get(m[1]!) : undefined;
  if (!m || !taxonomy) return null;
  const [, ns, predicate, value] = m;
  if (!taxonomy.predicates.some((p) => p.value === predicate)) return `tag ${name}: no predicate ${predicate} in ${ns}`; // prettier-ignore
  const values = taxonomy.values?.find((v) => v.predicate === predicate)?.entry.map((e) => e.value);
  if (values && value === undefined) return `tag ${name}: ${ns}:${predicate} takes a value`;
  if (values && !values.includes(value!)) return `tag ${name}: ${value} is not a value of ${ns}:${predicate}`;
  if (!values && value !== undefined) return `tag ${name}: ${ns}:${predicate} takes no value`;
  return null;
}

/** Every way the event departs from MISP's templates, types, relationships and taxonomies. */
export function mispProblems(doc: unknown): string[] {
  const problems: string[] = [];
  const say = (s: string) => problems.push(s);
  const ev = (doc as { Event?: Json }).Event;
  if (!ev) return ["no Event"];
  for (const key of ["uuid", "info", "date", "timestamp", "threat_level_id", "analysis", "distribution"])
    if (typeof ev[key] !== "string" || ev[key] === "") say(`Event.${key} missing`);
  if (ev.published !== false) say("Event.published is not false");
  if (!/^\d{4}-\d{2}-\d{2}$/.test(String(ev.date))) say(`Event.date ${String(ev.date)}`);
  if (!["1", "2", "3", "4"].includes(String(ev.threat_level_id))) say("Event.threat_level_id");
  if (!["0", "1", "2"].includes(String(ev.analysis))) say("Event.analysis");
  if (!["0", "1", "2", "3"].includes(String(ev.distribution))) say("Event.distribution");
  const uuids = new Set<string>();
  const uuid = (u: string, what: string) => {
    if (!UUID.test(u)) say(`${what}: uuid ${u} is not an RFC 4122 UUID`);
    if (uuids.has(u)) say(`${what}: uuid ${u} used twice`);
    uuids.add(u);
  };
  uuid(String(ev.uuid), "Event");
  for (const t of (ev.Tag as Array<{ name: string }>) ?? []) {
    const p = tagProblem(t.name);
    if (p) say(p);
  }

  const checkType = (a: Attr, what: string) => {
    if (!DESCRIBE.types.includes(a.type)) say(`${what}: unknown type ${a.type}`);
    if (!DESCRIBE.categories.includes(a.category)) say(`${what}: unknown category ${a.category}`);
    else if (!DESCRIBE.category_type_mappings[a.category]!.includes(a.type))
      say(`${what}: type ${a.type} is not allowed in category ${a.category}`);
    if (typeof a.value !== "string" || a.value === "") say(`${what}: empty value`);
    if (typeof a.to_ids !== "boolean") say(`${what}: to_ids is not a boolean`);
    for (const t of a.Tag ?? []) {
      const p = tagProblem(t.name);
      if (p) say(`${what}: ${p}`);
    }
    uuid(a.uuid, what);
  };
  for (const a of (ev.Attribute as Attr[]) ?? []) checkType(a, `Event attribute ${a.type}`);

  const objects = (ev.Object as Obj[]) ?? [];
  const objectUuids = new Set(objects.map((o) => o.uuid));
  for (const o of objects) {
    const where = `${o.name} ${o.uuid}`;
    uuid(o.uuid, where);
    const t = TEMPLATES[o.name];
    if (!t) {
      say(`${where}: no template named ${o.name}`);
      continue;
    }
    if (o.template_uuid !== t.uuid) say(`${where}: template_uuid ${o.template_uuid} is not ${t.uuid}`);
    if (o.template_version !== String(t.version)) say(`${where}: template_version ${o.template_version} is not ${t.version}`); // prettier-ignore
    if (o["meta-category"] !== t["meta-category"]) say(`${where}: meta-category ${o["meta-category"]}`);
    const count = new Map<string, number>();
    for (const a of o.Attribute) {
      const rel = a.object_relation ?? "";
      const what = `${where} ${rel}`;
      checkType(a, what);
      const spec = t.attributes[rel];
      if (!spec) {
        say(`${what}: no relation ${rel} in template ${o.name}`);
        continue;
      }
      count.set(rel, (count.get(rel) ?? 0) + 1);
      if (a.type !== spec["misp-attribute"]) say(`${what}: type ${a.type} where the template says ${spec["misp-attribute"]}`); // prettier-ignore
      if (spec.categories && !spec.categories.includes(a.category))
        say(`${what}: category ${a.category} not among the template's ${spec.categories.join(", ")}`);
      if (spec.values_list && !spec.values_list.includes(a.value))
        say(`${what}: ${a.value} not in values_list`);
      if (spec.sane_default && !spec.sane_default.includes(a.value))
        say(`${what}: ${a.value} not in sane_default`);
      if (spec.to_ids !== undefined && a.to_ids !== spec.to_ids) say(`${what}: to_ids ${a.to_ids} where the template says ${spec.to_ids}`); // prettier-ignore
      if (spec.disable_correlation === true && a.disable_correlation !== true)
        say(`${what}: correlation not disabled as the template says`);
      if (a.type === "attachment") {
        if (!a.data) say(`${what}: attachment without data`);
        else if (Buffer.from(a.data, "base64").toString("base64") !== a.data)
          say(`${what}: data is not base64`);
      }
    }
    for (const [rel, n] of count)
      if (n > 1 && !t.attributes[rel]!.multiple) say(`${where}: ${rel} appears ${n} times (not multiple)`);
    for (const rel of t.required ?? []) if (!count.has(rel)) say(`${where}: required ${rel} missing`);
    if (t.requiredOneOf && !t.requiredOneOf.some((r) => count.has(r)))
      say(`${where}: none of ${t.requiredOneOf.join(", ")}`);
    for (const r of o.ObjectReference ?? []) {
      uuid(r.uuid, `${where} reference`);
      if (!RELATIONSHIPS.has(r.relationship_type))
        say(`${where}: unknown relationship ${r.relationship_type}`);
      if (!objectUuids.has(r.referenced_uuid)) say(`${where}: reference to ${r.referenced_uuid} not in the event`); // prettier-ignore
    }
  }
  return problems;
}

/** What PyMISP made of the event (apps/web/test/third_party/load-misp-event.py). */
export interface PyMispView {
  uuid: string;
  info: string;
  date: string;
  timestamp: number;
  threat_level_id: number;
  analysis: number;
  distribution: number;
  published: boolean;
  tags: string[];
  attributes: Array<{ type: string; category: string; value: string }>;
  objects: Array<{
    name: string;
    uuid: string;
    known_template: boolean;
    valid: boolean;
    references: Array<{ referenced_uuid: string; relationship_type: string }>;
    attributes: Array<{
      relation: string;
      type: string;
      category: string;
      value: string;
      to_ids: boolean;
      data: boolean;
      tags: string[];
    }>;
  }>;
  warnings: string[];
}

/** A Python 3 that has PyMISP's dependencies (Debian's python3-requests, -dateutil, -deprecated). */
function python(): string {
  for (const candidate of [process.env.PYTHON, "/usr/bin/python3", "python3"].filter(Boolean) as string[]) {
    const probe = spawnSync(candidate, ["-c", "import requests, dateutil, deprecated"], { stdio: "ignore" });
    if (probe.status === 0) return candidate;
  }
  throw new Error(
    "No Python 3 with PyMISP's dependencies: apt-get install -y python3-requests python3-dateutil python3-deprecated",
  );
}

/** Loads the event with the vendored PyMISP's `MISPEvent().load(...)`; throws what PyMISP raised. */
export function loadWithPyMisp(doc: unknown): PyMispView {
  const out = execFileSync(python(), ["-B", here("./third_party/load-misp-event.py")], {
    input: JSON.stringify(doc),
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(out.toString("utf8")) as PyMispView;
}
