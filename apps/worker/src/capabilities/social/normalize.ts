import { skeleton } from "../lookalike/confusables.ts";

// Folding used wherever a handle or a name is compared with the brand: TR39 skeleton (so
// Cyrillic а, rn/m and 1/l collapse), leet digits, then only letters and digits remain.

const LEET: Record<string, string> = {
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "8": "b",
  "9": "g",
  "@": "a",
  $: "s",
  "!": "i",
};

/** Words impersonators add to a brand name; stripped before comparing a core with the brand. */
const IMPERSONATION_AFFIXES = [
  "official", "support", "help", "helpdesk", "care", "customercare", "customer", "service", "services",
  "team", "real", "the", "hq", "global", "app", "security", "secure", "verify", "verification", "giveaway",
  "rewards", "refund", "refunds", "info", "news", "online", "center", "centre", "desk", "assist", "ask",
  "get", "my", "login", "account", "update", "inc", "corp", "int", "intl",
] as const; // prettier-ignore

/** Affixes that say "this is not the brand" (fans, parodies). */
export const DISCLAIMER_AFFIXES = [
  "fan",
  "fans",
  "fanclub",
  "club",
  "parody",
  "memes",
  "meme",
  "not",
  "unofficial",
];

export function fold(text: string): string {
  const sk = skeleton(text.toLowerCase()).toLowerCase();
  const chars = [...sk];
  let out = "";
  chars.forEach((ch, i) => {
    // A leet digit sits next to a letter and not in a number ("acm3" yes, "_24" no).
    const near = (c: string | undefined) => c !== undefined && /\p{L}/u.test(c);
    const digit = (c: string | undefined) => c !== undefined && /[0-9]/.test(c);
    const leet =
      LEET[ch] && (near(chars[i - 1]) || near(chars[i + 1])) && !digit(chars[i - 1]) && !digit(chars[i + 1]);
    out += leet ? LEET[ch] : ch;
  });
  return out.normalize("NFKD").replace(/[^a-z0-9]/g, "");
}

/** Lower-case words of a name or handle (split on separators, spaces, camelCase kept together). */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Brand slug: letters and digits of the name ("Acme Bank" -> "acmebank"). */
export function slugOf(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/**
 * The folded handle/name with impersonation affixes and digits peeled off both ends, repeatedly:
 * "acmebank_support_24" -> "acmebank". Returns the core and the affixes removed.
 */
export function peelAffixes(
  text: string,
  brandCores: readonly string[],
): { core: string; affixes: string[] } {
  let core = fold(text);
  const affixes: string[] = [];
  const all = [...IMPERSONATION_AFFIXES, ...DISCLAIMER_AFFIXES].map(fold).sort((a, b) => b.length - a.length);
  for (let changed = true; changed;) {
    changed = false;
    if (brandCores.includes(core)) break;
    const digits = /^(\d+)|(\d+)$/.exec(core);
    if (digits && core.length > digits[0].length + 2) {
      core = digits[1] ? core.slice(digits[0].length) : core.slice(0, -digits[0].length);
      affixes.push(digits[0]);
      changed = true;
      continue;
    }
    for (const a of all) {
      if (core.length <= a.length + 2) continue;
      if (core.endsWith(a) && !brandCores.some((b) => b.endsWith(a) && core.endsWith(b))) {
        core = core.slice(0, -a.length);
        affixes.push(a);
        changed = true;
        break;
      }
      if (core.startsWith(a) && !brandCores.some((b) => b.startsWith(a) && core.startsWith(b))) {
        core = core.slice(a.length);
        affixes.push(a);
        changed = true;
        break;
      }
    }
  }
  return { core, affixes };
}
