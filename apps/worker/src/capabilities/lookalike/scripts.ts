/**
 * Unicode script of a character and the UTS #39 "highly restrictive" single-script rule used to
 * reject labels no registry would accept (Latin mixed with Cyrillic, ...).
 */
const SCRIPTS = [
  "Latin",
  "Cyrillic",
  "Greek",
  "Armenian",
  "Georgian",
  "Hebrew",
  "Arabic",
  "Han",
  "Hiragana",
  "Katakana",
  "Hangul",
  "Bopomofo",
  "Thai",
  "Devanagari",
  "Cherokee",
] as const;
const SCRIPT_RES = SCRIPTS.map((name) => [name, new RegExp(`^\\p{Script=${name}}$`, "u")] as const);
const NEUTRAL = /^[\p{Script=Common}\p{Script=Inherited}]$/u;

const cache = new Map<string, string>();

/** Script name of one code point; "Common" for digits, hyphen, marks; "Other" for the rest. */
export function scriptOf(ch: string): string {
  const cached = cache.get(ch);
  if (cached !== undefined) return cached;
  let script = "Other";
  if ((ch >= "a" && ch <= "z") || (ch >= "A" && ch <= "Z")) script = "Latin";
  else if (NEUTRAL.test(ch)) script = "Common";
  else {
    for (const [name, re] of SCRIPT_RES) {
      if (re.test(ch)) {
        script = name;
        break;
      }
    }
  }
  cache.set(ch, script);
  return script;
}

const ALLOWED_MIXES: readonly (readonly string[])[] = [
  ["Latin", "Han", "Hiragana", "Katakana"],
  ["Latin", "Han", "Bopomofo"],
  ["Latin", "Han", "Hangul"],
];

/** Scripts used by a label (Common/Inherited excluded). */
export function scriptsOf(label: string): Set<string> {
  const out = new Set<string>();
  for (const ch of label) {
    const s = scriptOf(ch);
    if (s !== "Common") out.add(s);
  }
  return out;
}

/** True when the label is single-script, or one of the CJK mixes UTS #39 allows. */
export function isSingleScript(scripts: ReadonlySet<string>): boolean {
  if (scripts.size <= 1) return true;
  return ALLOWED_MIXES.some((mix) => [...scripts].every((s) => mix.includes(s)));
}

/** Japanese policy name groups Han, Hiragana and Katakana. */
export function scriptFamily(script: string): string {
  return script === "Hiragana" || script === "Katakana" ? "Japanese" : script;
}
