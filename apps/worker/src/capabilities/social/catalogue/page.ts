import { DomUtils, parseDocument } from "htmlparser2";
import type { ExtractSpec } from "./types.ts";

// One probe answer, read once: JSON bodies are parsed (never matched as text, so any valid
// serialization reads the same), HTML is parsed with htmlparser2 and read through its tree:
// meta tags, JSON-LD blocks, microdata, elements by a small CSS subset and the visible text.

type Doc = ReturnType<typeof parseDocument>;
type El = Parameters<typeof DomUtils.getAttributeValue>[0];

export interface ProbePage {
  body: string;
  /** The parsed JSON body, or the JSON embedded in the page that the entry names; undefined if none. */
  json: unknown;
  /** Parsed HTML, null for JSON bodies. */
  doc: Doc | null;
  /** Every JSON-LD object of the page (`@graph` members flattened). */
  ld: unknown[];
  /** Lower-cased meta name/property → content (first wins). */
  meta: ReadonlyMap<string, string>;
  /** Visible text (scripts and styles left out), whitespace collapsed. */
  text: string;
}

function tryJson(s: string | undefined): unknown {
  if (!s?.trim()) return undefined;
  try {
    return JSON.parse(s) as unknown;
  } catch {
    return undefined;
  }
}

const looksJson = (body: string) => /^\s*[[{]/.test(body);

function scriptText(el: El): string {
  return DomUtils.textContent(el);
}

function flattenLd(v: unknown, out: unknown[]): void {
  if (Array.isArray(v)) v.forEach((x) => flattenLd(x, out));
  else if (v && typeof v === "object") {
    out.push(v);
    const graph = (v as Record<string, unknown>)["@graph"];
    if (graph) flattenLd(graph, out);
  }
}

/**
 * A small CSS subset: compounds of `tag`, `.class`, `#id`, `[attr]`, `[attr=v]`, `[attr*=v]`,
 * `[attr^=v]`, `[attr$=v]`, joined by the descendant combinator (`div.card a[rel~=me]` without `~`).
 */
function compoundTest(selector: string): ((el: El) => boolean) | null {
  const m = /^([a-z0-9-]*)((?:[.#][\w-]+|\[[\w:-]+(?:[*^$]?=(?:"[^"]*"|'[^']*'|[^\]]*))?\])*)$/i.exec(
    selector,
  );
  if (!m || (!m[1] && !m[2])) return null;
  const tag = m[1]!.toLowerCase();
  const parts = [
    ...m[2]!.matchAll(/([.#])([\w-]+)|\[([\w:-]+)(?:([*^$]?=)(?:"([^"]*)"|'([^']*)'|([^\]]*)))?\]/g),
  ];
  return (el) => {
    if (tag && el.name.toLowerCase() !== tag) return false;
    for (const p of parts) {
      if (p[1] === ".") {
        if (!(attr(el, "class") ?? "").split(/\s+/).includes(p[2]!)) return false;
      } else if (p[1] === "#") {
        if (attr(el, "id") !== p[2]) return false;
      } else {
        const v = attr(el, p[3]!.toLowerCase());
        if (v === undefined) return false;
        const want = p[5] ?? p[6] ?? p[7];
        if (want === undefined) continue;
        if (p[4] === "=" && v !== want) return false;
        if (p[4] === "*=" && !v.includes(want)) return false;
        if (p[4] === "^=" && !v.startsWith(want)) return false;
        if (p[4] === "$=" && !v.endsWith(want)) return false;
      }
    }
    return true;
  };
}

export function selectorTest(selector: string): ((el: El) => boolean) | null {
  const compounds = selector.trim().match(/(?:\[[^\]]*\]|[^\s[])+/g) ?? [];
  const tests = compounds.map(compoundTest);
  if (tests.length === 0 || tests.some((t) => t === null)) return null;
  const [last, ...ancestors] = (tests as Array<(el: El) => boolean>).reverse();
  return (el) => {
    if (!last!(el)) return false;
    let node = el.parent;
    let i = 0;
    while (node && i < ancestors.length) {
      if ("name" in node && ancestors[i]!(node as El)) i++;
      node = node.parent;
    }
    return i === ancestors.length;
  };
}

/** Elements of the page matching a selector (document order); [] for JSON pages or a bad selector. */
export function selectAll(page: ProbePage, selector: string): El[] {
  const test = selectorTest(selector);
  if (!page.doc || !test) return [];
  return DomUtils.findAll(test, page.doc.children);
}

/** An element's text with whitespace collapsed (entities already decoded by the parser). */
export function elementText(el: El): string {
  return DomUtils.textContent(el).replace(/\s+/g, " ").trim();
}

export function attr(el: El, name: string): string | undefined {
  return DomUtils.getAttributeValue(el, name);
}

// Not shown to a visitor whose browser runs scripts (a <noscript> notice is not profile text).
const HIDDEN = new Set(["script", "style", "noscript", "template", "head"]);

function visibleText(doc: Doc): string {
  const parts: string[] = [];
  const walk = (nodes: Doc["children"]) => {
    for (const n of nodes) {
      if (n.type === "text") parts.push((n as unknown as { data: string }).data);
      else if ("children" in n && n.type !== "script" && n.type !== "style")
        walk(n.children as Doc["children"]);
    }
  };
  walk(doc.children);
  return parts.join(" ").replace(/\s+/g, " ").trim();
}

/**
 * Reads a body as JSON (when it is JSON) or HTML. `spec.json` names embedded JSON in a page:
 * a `<script>` by selector (e.g. `script#__UNIVERSAL_DATA_FOR_REHYDRATION__`) or a JS assignment
 * (`var ytInitialData = {...};`) found in script text.
 */
export function readPage(body: string, spec: ExtractSpec): ProbePage {
  if (spec.json === "body" || (spec.json === undefined && looksJson(body))) {
    const json = tryJson(body);
    if (json !== undefined || spec.json === "body")
      return { body, json, doc: null, ld: [], meta: new Map(), text: "" };
  }
  const doc = parseDocument(body, { decodeEntities: true, lowerCaseAttributeNames: true });
  const meta = new Map<string, string>();
  for (const el of DomUtils.getElementsByTagName("meta", doc)) {
    const key = (attr(el, "property") ?? attr(el, "name") ?? attr(el, "itemprop"))?.toLowerCase();
    const content = attr(el, "content");
    if (key && content !== undefined && !meta.has(key)) meta.set(key, content);
  }
  const scripts = DomUtils.getElementsByTagName("script", doc);
  const ld: unknown[] = [];
  for (const s of scripts)
    if ((attr(s, "type") ?? "").toLowerCase() === "application/ld+json")
      flattenLd(tryJson(scriptText(s)), ld);
  let json: unknown;
  const from = spec.json;
  if (typeof from === "object") {
    if ("script" in from) {
      const has = from.has?.split("/");
      for (const el of selectAll({ body, json: undefined, doc, ld, meta, text: "" }, from.script)) {
        const v = tryJson(scriptText(el));
        if (v !== undefined && (!has || walk(v, has) !== undefined)) {
          json = v;
          break;
        }
      }
    } else {
      json = assignedJson(scripts.map(scriptText), from.assign);
    }
  }
  return { body, json, doc, ld, meta, text: visibleText(doc) };
}

/** The object literal assigned to `name` in any script (`var name = {...};`), read by bracket matching. */
function assignedJson(scripts: string[], name: string): unknown {
  const re = new RegExp(
    `(?:var|let|const|window\\.|window\\[["'])?\\s*${name.replace(/[.$]/g, "\\$&")}["']?\\]?\\s*=\\s*`,
  );
  for (const s of scripts) {
    const m = re.exec(s);
    if (!m) continue;
    const start = m.index + m[0].length;
    const end = matchingBrace(s, start);
    if (end > start) return tryJson(s.slice(start, end + 1));
  }
  return undefined;
}

function matchingBrace(s: string, start: number): number {
  if (s[start] !== "{") return -1;
  let depth = 0;
  let inStr: string | null = null;
  for (let i = start; i < s.length; i++) {
    const c = s[i];
    if (inStr) {
      if (c === "\\") i++;
      else if (c === inStr) inStr = null;
    } else if (c === '"') inStr = c;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return i;
  }
  return -1;
}

/**
 * A value at a `/`-separated path: `*` maps over an array, a number indexes one, `[key=value]`
 * picks the array element whose `key` equals value (X's `interactionStatistic/[name=Follows]`),
 * `[key]` keeps the elements whose key is set (Mastodon's `fields/[verified_at]/value`).
 */
export function walk(value: unknown, path: readonly string[]): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string, ...string[]];
  if (head === "*") return Array.isArray(value) ? value.map((v) => walk(v, rest)) : undefined;
  const keep = /^\[([^=\]]+)\]$/.exec(head);
  if (keep) {
    // `[key]`: the array elements whose key is set, each walked on.
    if (!Array.isArray(value)) return undefined;
    return value
      .filter((v) => v && typeof v === "object" && (v as Record<string, unknown>)[keep[1]!] != null)
      .map((v) => walk(v, rest));
  }
  const pick = /^\[([^=\]]+)=([^\]]*)\]$/.exec(head);
  if (pick) {
    if (!Array.isArray(value)) return undefined;
    const hit: unknown = value.find(
      (v) => v && typeof v === "object" && String((v as Record<string, unknown>)[pick[1]!]) === pick[2],
    );
    return walk(hit, rest);
  }
  if (value === null || typeof value !== "object") return undefined;
  return walk((value as Record<string, unknown>)[head], rest);
}
