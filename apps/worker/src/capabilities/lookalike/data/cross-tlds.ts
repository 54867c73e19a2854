/**
 * Suffixes that typo-tld and combo-tld put typo'd and combosquatted labels under: a typo of the brand
 * registered under another TLD (acm-ebank.live, acmbank.info, secure-acmebank.xyz) is the common shape
 * of a phishing registration, so these lists pick the suffixes where such names actually get registered.
 *
 * Chosen from public knowledge, not copied from a test world:
 *  - abuse rates: the TLDs that lead the yearly phishing and abuse reports (Interisle Consulting's
 *    "Phishing Landscape" 2022-2024, Spamhaus' "most abused TLDs" tables, APWG trend reports):
 *    top, xyz, shop, online, site, live, club, icu, vip, buzz, sbs, cfd, bond, cyou, store, info, cc,
 *    link, click, support, rest, lol, fun, space, website, pw, and, by volume, com/net/org;
 *  - popularity: the largest zones (com, net, org, de, uk, cn, nl, ru, br, au, eu, fr, it, info, xyz,
 *    top, online, shop, site, store, co, io, me, app) and the ccTLDs and ccSLDs a bank's or shop's
 *    customers recognise as "local" (us, ca, uk/co.uk, de, eu, fr, es, it, nl, ch, com.au, in,
 *    com.br, com.mx);
 *  - brand-flavoured new gTLDs that read like a service of the brand (app, cloud, services, digital,
 *    tech, pro, online, support).
 * Freenom's former free TLDs (tk, ml, ga, cf, gq) are left out: no new registrations since 2023.
 *
 * Cost (see fuzzers/cross-tld.ts): the likeliest single edits of the label (about 270 labels with
 * homoglyphs for an 8-letter label) cross CROSS_TLDS; keyboard insertions and bit flips (about 170
 * more, the largest and least likely families) and combosquats (about 600 labels) cross only
 * SHORT_CROSS_TLDS. For acmebank.com: about 18k typo-tld and 11k combo-tld names.
 */

function words(...groups: string[]): string[] {
  return groups.join(" ").split(" ").filter(Boolean);
}

/** Every suffix typo-tld crosses its likeliest single edits with (59). */
export const CROSS_TLDS: readonly string[] = words(
  /* legacy gTLDs, and ccTLDs sold as generic names */ "com net org info biz co io me cc pw",
  /* the most abused new gTLDs */ "top xyz shop online site store live club icu vip buzz sbs cfd bond",
  "cyou click link support fun space website rest lol",
  /* service-sounding gTLDs popular with brands (and their impostors) */ "app cloud services digital",
  "tech pro life world",
  /* ccTLDs and generic ccSLDs customers read as local */ "us ca uk co.uk de eu fr es it nl ch com.au",
  "in co.in com.br com.mx ru cn",
);

/**
 * The short list (27) for the families that multiply fastest: keyboard insertions, bit flips and
 * combosquats. The suffixes with the highest phishing counts, the big generic ones and the largest
 * local markets.
 */
export const SHORT_CROSS_TLDS: readonly string[] = words(
  "com net org info biz co io me cc",
  "top xyz shop online site store live club icu vip link support app",
  "us co.uk de eu com.br",
);
