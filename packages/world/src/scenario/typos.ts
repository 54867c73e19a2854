import { domainToASCII } from "node:url";
import type { Fuzzer } from "./schema.ts";

// The world's own small permutation engine (the product's lives in apps/worker and the world may
// not import it). Same families as dnstwist so an outside tool finds the same names.

const MULTI_LABEL_SUFFIXES = new Set([
  "co.uk",
  "org.uk",
  "com.br",
  "com.au",
  "co.jp",
  "co.nz",
  "co.za",
  "com.mx",
  "com.tr",
  "com.cn",
]);
// Registries that accept no IDN labels, so homoglyphs there are ASCII only.
const NO_IDN = new Set(["uk", "co.uk", "org.uk", "us", "nl", "cz", "sk", "co.jp", "edu", "gov"]);

export function splitDomain(domain: string): { label: string; suffix: string } {
  const parts = domain.split(".");
  const last2 = parts.slice(-2).join(".");
  const n = MULTI_LABEL_SUFFIXES.has(last2) && parts.length > 2 ? 2 : 1;
  return { label: parts.slice(0, -n).join("."), suffix: parts.slice(-n).join(".") };
}

// The registrable domain of a name (acme.bank.com -> bank.com).
export function registrableDomain(name: string): string {
  const { label, suffix } = splitDomain(name);
  const parts = label.split(".");
  return `${parts[parts.length - 1]}.${suffix}`;
}

const QWERTY: Record<string, string> = {
  "1": "2q", "2": "3wq1", "3": "4ew2", "4": "5re3", "5": "6tr4", "6": "7yt5", "7": "8uy6", "8": "9iu7", "9": "0oi8",
  "0": "po9", q: "12wa", w: "3esaq2", e: "4rdsw3", r: "5tfde4", t: "6ygfr5", y: "7uhgt6", u: "8ijhy7", i: "9okju8",
  o: "0plki9", p: "lo0", a: "qwsz", s: "edxzaw", d: "rfcxse", f: "tgvcdr", g: "yhbvft", h: "ujnbgy", j: "ikmnhu",
  k: "olmji", l: "kop", z: "asx", x: "zsdc", c: "xdfv", v: "cfgb", b: "vghn", n: "bhjm", m: "njk",
}; // prettier-ignore

const GLYPHS_ASCII: Record<string, string[]> = {
  "0": ["o"], "1": ["l", "i"], "3": ["8"], "6": ["9"], "8": ["3"], "9": ["6"], b: ["d", "lb"], c: ["e"],
  d: ["b", "cl", "dl"], e: ["c"], g: ["q"], h: ["lh"], i: ["1", "l"], k: ["lc"], l: ["1", "i"],
  m: ["n", "nn", "rn"], n: ["m", "r"], o: ["0"], q: ["g"], u: ["v"], v: ["u"], w: ["vv"],
}; // prettier-ignore

const GLYPHS_UNICODE: Record<string, string[]> = {
  a: ["à", "á", "â", "ã", "ä", "å", "ạ"], b: ["ḃ", "ḅ"], c: ["ç", "ć"], d: ["ḋ", "ḍ"], e: ["é", "è", "ê", "ë", "ẹ"],
  g: ["ġ", "ğ"], h: ["ḥ"], i: ["í", "ì", "î", "ï", "ı"], k: ["ḳ"], l: ["ĺ", "ḷ"], m: ["ṃ"], n: ["ń", "ñ"],
  o: ["ò", "ó", "ô", "õ", "ö", "ø", "ọ"], r: ["ŕ", "ṛ"], s: ["ś", "ş", "ṣ"], t: ["ţ", "ṭ"],
  u: ["ù", "ú", "û", "ü", "ụ"], v: ["ṿ"], w: ["ẉ"], y: ["ý", "ÿ"], z: ["ź", "ż", "ž"],
}; // prettier-ignore

// Latin letters with a Cyrillic twin; a label is emitted only when every letter has one.
const CYRILLIC: Record<string, string> = {
  a: "а", b: "ь", c: "с", d: "ԁ", e: "е", g: "ԍ", h: "һ", i: "і", j: "ј", k: "к", l: "ӏ", m: "м", o: "о",
  p: "р", q: "ԛ", s: "ѕ", t: "т", v: "ѵ", w: "ԝ", x: "х", y: "у",
}; // prettier-ignore

// dnstwist's english.dict style words, and words seen in real combosquats.
const DICTIONARY_WORDS = [
  "login", "secure", "account", "verify", "support", "update", "auth", "signin", "online", "portal",
  "help", "service", "billing", "access", "alert", "security", "customer", "client", "confirm", "web",
]; // prettier-ignore
const COMBO_WORDS = [
  "my", "app", "mobile", "pay", "wallet", "id", "group", "direct", "online-banking", "card", "cards",
  "rewards", "invest", "loans", "mortgage", "business", "private", "global", "24", "365", "us", "uk", "hr",
  "careers", "jobs", "promo", "gift", "refund", "claim", "check", "net", "digital", "connect",
]; // prettier-ignore

const VOWELS = "aeiou";
const LABEL_RE = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/;

function uniq(xs: Iterable<string>): string[] {
  return [...new Set(xs)];
}

function addition(l: string): string[] {
  return [..."abcdefghijklmnopqrstuvwxyz0123456789"].map((c) => l + c);
}

function bitsquatting(l: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < l.length; i++) {
    for (const mask of [1, 2, 4, 8, 16, 32, 64, 128]) {
      const c = String.fromCharCode(l.charCodeAt(i) ^ mask);
      if (/^[a-z0-9-]$/.test(c)) out.push(l.slice(0, i) + c + l.slice(i + 1));
    }
  }
  return out;
}

function homoglyph(l: string, idn: boolean): string[] {
  const out: string[] = [];
  for (let i = 0; i < l.length; i++) {
    const c = l[i] as string;
    const glyphs = [...(GLYPHS_ASCII[c] ?? []), ...(idn ? (GLYPHS_UNICODE[c] ?? []) : [])];
    for (const g of glyphs) out.push(l.slice(0, i) + g + l.slice(i + 1));
  }
  // The reverse bigrams: rn -> m, cl -> d, vv -> w.
  for (const [from, to] of [
    ["rn", "m"],
    ["cl", "d"],
    ["vv", "w"],
  ] as const) {
    for (let i = l.indexOf(from); i >= 0; i = l.indexOf(from, i + 1))
      out.push(l.slice(0, i) + to + l.slice(i + 2));
  }
  return out;
}

function cyrillic(l: string): string[] {
  const chars = [...l];
  if (!chars.every((c) => CYRILLIC[c])) return [];
  return [chars.map((c) => CYRILLIC[c]).join("")];
}

function between(l: string, insert: string): string[] {
  const out: string[] = [];
  for (let i = 1; i < l.length; i++) {
    if (l[i - 1] === "-" || l[i] === "-" || l[i - 1] === "." || l[i] === ".") continue;
    out.push(l.slice(0, i) + insert + l.slice(i));
  }
  return out;
}

function insertion(l: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < l.length; i++) {
    for (const k of QWERTY[l[i] as string] ?? "") {
      out.push(l.slice(0, i) + k + l.slice(i), l.slice(0, i + 1) + k + l.slice(i + 1));
    }
  }
  return out;
}

function omission(l: string): string[] {
  return [...l].map((_, i) => l.slice(0, i) + l.slice(i + 1));
}

function plural(l: string): string[] {
  const out: string[] = [];
  for (let i = 2; i < l.length - 2; i++) {
    const c = l[i] as string;
    out.push(l.slice(0, i + 1) + ("sxz".includes(c) ? "es" : "s") + l.slice(i + 1));
  }
  return out;
}

function repetition(l: string): string[] {
  return [...l].map((c, i) => l.slice(0, i) + c + l.slice(i));
}

function replacement(l: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < l.length; i++) {
    for (const k of QWERTY[l[i] as string] ?? "") out.push(l.slice(0, i) + k + l.slice(i + 1));
  }
  return out;
}

function transposition(l: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < l.length - 1; i++) {
    if (l[i] !== l[i + 1]) out.push(l.slice(0, i) + l[i + 1] + l[i] + l.slice(i + 2));
  }
  return out;
}

function vowelSwap(l: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < l.length; i++) {
    if (!VOWELS.includes(l[i] as string)) continue;
    for (const v of VOWELS) if (v !== l[i]) out.push(l.slice(0, i) + v + l.slice(i + 1));
  }
  return out;
}

function withWords(l: string, words: readonly string[]): string[] {
  return words.flatMap((w) => [`${l}-${w}`, `${l}${w}`, `${w}-${l}`, `${w}${l}`]);
}

// Labels per family for one registrable label (Unicode for IDN families; encoded later).
function labelPermutations(label: string, suffix: string): Map<Fuzzer, string[]> {
  const idn = !NO_IDN.has(suffix);
  const fams: [Fuzzer, string[]][] = [
    ["addition", addition(label)],
    ["bitsquatting", bitsquatting(label)],
    ["cyrillic", idn ? cyrillic(label) : []],
    ["homoglyph", homoglyph(label, idn)],
    ["hyphenation", between(label, "-")],
    ["insertion", insertion(label)],
    ["omission", omission(label)],
    ["plural", plural(label)],
    ["repetition", repetition(label)],
    ["replacement", replacement(label)],
    ["subdomain", between(label, ".")],
    ["transposition", transposition(label)],
    ["vowel-swap", vowelSwap(label)],
    ["dictionary", withWords(label, DICTIONARY_WORDS)],
    ["combosquat", withWords(label, COMBO_WORDS)],
  ];
  return new Map(fams.map(([f, ls]) => [f, uniq(ls).filter((x) => x !== label)]));
}

// Encodes label+suffix to an ASCII (punycode) name, or null when it is not a valid host name.
function toAsciiDomain(label: string, suffix: string): string | null {
  const ascii = domainToASCII(`${label}.${suffix}`);
  if (!ascii) return null;
  const labels = ascii.split(".");
  if (!labels.every((x) => x.length <= 63 && LABEL_RE.test(x))) return null;
  if (ascii.length > 253) return null;
  // "ab--" at positions 3-4 is reserved for encodings other than xn--.
  if (labels.some((x) => x.slice(2, 4) === "--" && !x.startsWith("xn--"))) return null;
  return ascii;
}

export interface Permutation {
  domain: string;
  fuzzer: Fuzzer;
}

// Every permutation of `domain` per family: first under its own suffix, then under `altSuffixes`
// (a typo under another TLD keeps its family; the bare label under another TLD is `tld-swap`).
export function permutationPool(domain: string, altSuffixes: readonly string[]): Map<Fuzzer, Permutation[]> {
  const { label, suffix } = splitDomain(domain);
  const seen = new Set<string>([domain]);
  const pool = new Map<Fuzzer, Permutation[]>();
  const add = (fuzzer: Fuzzer, l: string, sfx: string) => {
    const d = toAsciiDomain(l, sfx);
    if (!d || seen.has(d)) return;
    seen.add(d);
    const list = pool.get(fuzzer) ?? [];
    list.push({ domain: d, fuzzer });
    pool.set(fuzzer, list);
  };
  const base = labelPermutations(label, suffix);
  for (const [fuzzer, labels] of base) for (const l of labels) add(fuzzer, l, suffix);
  // dnstwist's `various`: the suffix glued to the label.
  add(
    "various",
    `${label}${suffix.replace(/\./g, "")}`,
    suffix.includes(".") ? suffix.split(".").pop()! : suffix,
  );
  if (suffix !== "com") add("various", `${label}-${suffix.replace(/\./g, "-")}`, "com");
  for (const sfx of altSuffixes) if (sfx !== suffix) add("tld-swap", label, sfx);
  for (const sfx of altSuffixes) {
    if (sfx === suffix) continue;
    const alt = labelPermutations(label, sfx);
    for (const [fuzzer, labels] of alt) for (const l of labels) add(fuzzer, l, sfx);
  }
  return pool;
}
