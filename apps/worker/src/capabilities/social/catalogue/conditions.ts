import { selectAll, walk, type ProbePage } from "./page.ts";

// The catalogue's presence/absence conditions, tested on a parsed answer (see page.ts):
//   json:<path>[=<value>]   a field of the parsed JSON (body or embedded) is set / equals value
//                           (`json:<path>~<text>`: a string field contains the text)
//   ld:<path>[=<value>]     the same on any JSON-LD object of the page
//   meta:<name>[=<value>]   a <meta> tag (name or property) is present / has that content
//   css:<selector>          an element matches (tag, .class, #id, [attr], [attr=v], [attr*=v])
//   title:<text>            the <title> is the text
//   text:<text>             the visible text contains it (apostrophes folded, case-insensitive)
//   raw:<text>              the raw body contains it (only for scripts that are the whole answer)

export type Condition = string;

const fold = (s: string) => s.replace(/[’‘`]/g, "'").toLowerCase();

function present(v: unknown): boolean {
  if (Array.isArray(v)) return v.some(present);
  return v !== undefined && v !== null && v !== "" && v !== false;
}

function equals(v: unknown, want: string): boolean {
  if (Array.isArray(v)) return v.some((x) => equals(x, want));
  return v !== undefined && v !== null && typeof v !== "object" && String(v) === want;
}

function contains(v: unknown, want: string): boolean {
  if (Array.isArray(v)) return v.some((x) => contains(x, want));
  return typeof v === "string" && v.includes(want);
}

/** `path=value`: the `=` after the path's last segment (`[key=value]` segments hold their own). */
function splitEq(s: string): [string, string | undefined] {
  const i = s.indexOf("=", s.lastIndexOf("]") + 1);
  return i < 0 ? [s, undefined] : [s.slice(0, i), s.slice(i + 1)];
}

function fieldTest(value: unknown, spec: string): boolean {
  const tilde = spec.indexOf("~", spec.lastIndexOf("]") + 1);
  if (tilde > 0) return contains(walk(value, spec.slice(0, tilde).split("/")), spec.slice(tilde + 1));
  const [path, want] = splitEq(spec);
  const v = walk(value, path.split("/"));
  return want === undefined ? present(v) : equals(v, want);
}

export function holds(page: ProbePage, cond: Condition): boolean {
  const colon = cond.indexOf(":");
  const kind = cond.slice(0, colon);
  const arg = cond.slice(colon + 1);
  switch (kind) {
    case "json":
      return page.json !== undefined && fieldTest(page.json, arg);
    case "ld":
      return page.ld.some((o) => fieldTest(o, arg));
    case "meta": {
      // meta names contain ":" (og:type) but never "="
      const [name, want] = splitEq(arg);
      const v = page.meta.get(name.toLowerCase());
      return want === undefined ? v !== undefined : v === want;
    }
    case "css":
      return selectAll(page, arg).length > 0;
    case "title": {
      const t = selectAll(page, "title")[0];
      return t !== undefined && fold(textOf(t).trim()) === fold(arg);
    }
    case "text":
      return fold(page.text).includes(fold(arg));
    case "raw":
      return page.body.includes(arg);
    default:
      throw new Error(`catalogue condition without a known kind: ${cond}`);
  }
}

function textOf(el: ReturnType<typeof selectAll>[number]): string {
  return el.children.map((c) => ("data" in c ? String(c.data) : "")).join("");
}

/** The first condition that holds, or null. */
export function firstHolding(page: ProbePage, conds: readonly Condition[] | undefined): Condition | null {
  for (const c of conds ?? []) if (holds(page, c)) return c;
  return null;
}
