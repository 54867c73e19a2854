/**
 * What each registry accepts in a label beyond ASCII, so that unregistrable look-alikes are not
 * produced. Latin repertoires follow dnstwist's per-TLD glyph tables (20250130); `scripts` lists the
 * other scripts a whole label may be written in. Suffixes not listed accept any single script.
 */
export interface IdnPolicy {
  /** Non-ASCII Latin characters allowed (keys are the ASCII letters they resemble). */
  readonly latin: Readonly<Record<string, string>>;
  /** Other scripts a label may use (never mixed with each other or with Latin letters). */
  readonly scripts: readonly string[];
}

const NONE: IdnPolicy = { latin: {}, scripts: [] };

const BR: IdnPolicy = {
  latin: { a: "àáâã", c: "ç", e: "éê", i: "í", o: "óôõ", u: "úü", y: "ýÿ" },
  scripts: [],
};

const EU_DE_PL_LATIN = {
  a: "áàăâåäãąā",
  c: "ćĉčċç",
  d: "ďđ",
  e: "éèĕêěëėęē",
  g: "ğĝġģ",
  h: "ĥħ",
  i: "íìĭîïĩįī",
  j: "ĵ",
  k: "ķĸ",
  l: "ĺľļł",
  n: "ńňñņ",
  o: "óòŏôöőõøō",
  r: "ŕřŗ",
  s: "śŝšş",
  t: "ťţŧ",
  u: "úùŭûůüűũųū",
  w: "ŵ",
  y: "ýŷÿ",
  z: "źžż",
  ae: "æ",
  oe: "œ",
};

const FR_FAMILY: IdnPolicy = {
  latin: {
    a: "àáâãäå",
    c: "ç",
    e: "èéêë",
    i: "ìíîï",
    n: "ñ",
    o: "òóôõö",
    u: "ùúûü",
    y: "ýÿ",
    ae: "æ",
    oe: "œ",
  },
  scripts: [],
};

const POLICIES: Record<string, IdnPolicy> = {
  info: {
    latin: {
      a: "áäåą",
      c: "ćč",
      e: "éėę",
      i: "íį",
      l: "ł",
      n: "ñń",
      o: "óöøő",
      s: "śš",
      u: "úüūűų",
      z: "źżž",
      ae: "æ",
    },
    scripts: [],
  },
  br: BR,
  "com.br": BR,
  dk: { latin: { a: "äå", e: "é", o: "öø", u: "ü", ae: "æ" }, scripts: [] },
  eu: { latin: EU_DE_PL_LATIN, scripts: ["Cyrillic", "Greek"] },
  de: { latin: EU_DE_PL_LATIN, scripts: [] },
  pl: { latin: EU_DE_PL_LATIN, scripts: [] },
  fi: {
    latin: { "3": "ʒ", a: "áäåâ", c: "č", d: "đ", g: "ǧǥ", k: "ǩ", n: "ŋ", o: "õö", s: "š", t: "ŧ", z: "ž" },
    scripts: [],
  },
  no: {
    latin: { a: "áàäå", c: "čç", e: "éèê", i: "ï", n: "ŋńñ", o: "óòôöø", s: "š", t: "ŧ", u: "ü", z: "ž", ae: "æ" },
    scripts: [],
  },
  ca: {
    latin: { a: "àâ", c: "ç", e: "èéêë", i: "îï", o: "ô", u: "ùûü", y: "ÿ", ae: "æ", oe: "œ" },
    scripts: [],
  },
  jp: { latin: {}, scripts: ["Japanese"] },
  "co.jp": { latin: {}, scripts: ["Japanese"] },
  "ad.jp": { latin: {}, scripts: ["Japanese"] },
  "ne.jp": { latin: {}, scripts: ["Japanese"] },
  cn: { latin: {}, scripts: ["Han"] },
  "com.cn": { latin: {}, scripts: ["Han"] },
  tw: { latin: {}, scripts: ["Han"] },
  "com.tw": { latin: {}, scripts: ["Han"] },
  "net.tw": { latin: {}, scripts: ["Han"] },
};
for (const tld of ["ad", "cz", "sk", "uk", "co.uk", "nl", "edu", "us"]) POLICIES[tld] = NONE;
for (const tld of ["be", "fr", "re", "yt", "pm", "wf", "tf", "ch", "li"]) POLICIES[tld] = FR_FAMILY;

/**
 * The registry policy for a public suffix: the suffix itself, else its last label (`com.de` follows
 * `de`), else undefined (no restriction beyond IDNA 2008 and one script per label).
 */
export function idnPolicy(suffix: string): IdnPolicy | undefined {
  const direct = POLICIES[suffix];
  if (direct) return direct;
  const dot = suffix.lastIndexOf(".");
  return dot >= 0 ? POLICIES[suffix.slice(dot + 1)] : undefined;
}
