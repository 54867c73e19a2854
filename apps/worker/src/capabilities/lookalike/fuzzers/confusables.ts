/**
 * Unicode TR39 confusables beyond dnstwist's table. Registries refuse mixed-script labels, so this
 * emits (1) one character replaced by a confusable of the label's own script, (2) the whole label
 * rewritten in another script when every letter has a confusable there (Cyrillic, Greek, ...).
 */
import { confusablesOf } from "../confusables.ts";
import { scriptOf } from "../scripts.ts";
import type { FuzzerFn } from "../types.ts";
import { splice } from "./typo.ts";

export const confusables: FuzzerFn = function* (ctx) {
  const chars = [...ctx.label];
  const labelScripts = new Set(chars.map(scriptOf).filter((s) => s !== "Common"));
  const own = labelScripts.size === 1 ? [...labelScripts][0] : undefined;
  if (own) {
    for (let i = 0; i < chars.length; i++) {
      for (const c of confusablesOf(chars[i]!, own)) yield ctx.withLabel(splice(chars, i, 1, c));
    }
  }
  const perScript = new Map<string, string[]>();
  const letters = chars.filter((c) => scriptOf(c) !== "Common");
  if (letters.length === 0) return;
  for (const c of new Set(letters)) {
    for (const alt of confusablesOf(c)) {
      const s = scriptOf(alt);
      if (s === "Common" || s === own) continue;
      const seen = perScript.get(s) ?? [];
      if (!seen.includes(c)) seen.push(c);
      perScript.set(s, seen);
    }
  }
  const distinct = new Set(letters).size;
  for (const [script, covered] of perScript) {
    if (covered.length !== distinct) continue;
    let out = "";
    for (const c of chars) out += scriptOf(c) === "Common" ? c : (confusablesOf(c, script)[0] ?? c);
    yield ctx.withLabel(out);
  }
};
