/** Word lists for the word-based fuzzers (curated; phishing words from dnstwist, twistrs and URLCrazy). */

/** Space-separated words. */
function words(text: string): string[] {
  return text.split(" ").filter(Boolean);
}

/** `|`-separated groups of space-separated words. */
function groups(text: string): string[][] {
  return text.split("|").map(words);
}

function pairs(text: string): (readonly [string, string])[] {
  return groups(text).map(([a, b]) => [a ?? "", b ?? ""] as const);
}

/** Built-in phishing words for combosquatting and subdomain glue. */
export const PHISHING_WORDS: readonly string[] = words(
  "login signin sign-in logon secure security verify verification support account accounts " +
  "wallet auth sso update confirm billing payment pay help service services online portal web " +
  "www mail webmail mobile app access admin my id password reset recovery unlock alert notice " +
  "customer client member user invoice refund claim bonus gift promo shop store official team " +
  "corp group bank banking card cloud connect center desk safe ssl https http cdn download " +
  "install register signup review check info live office 365 pro plus " +
  // words seen around bank and shop brands in combosquats: product lines, regions, careers scams
  "global rewards digital direct business private invest loan loans mortgage credit finance cards " +
  "careers jobs hr 24 online-banking ebanking netbanking us uk usa eu intl net get",
);

/** The most-abused phishing words, used where every word multiplies (subdomain glue). */
export const TOP_PHISHING_WORDS: readonly string[] = words(
  "login secure verify support account wallet auth update billing payment signin service help " +
  "online portal mail",
);

/** Region and shop keywords glued to the label by keyword-tld (twistrs' defaults plus a few). */
export const KEYWORD_TLD_WORDS: readonly string[] = words(
  "us usa eu uk au ca de fr es it in australia espana store shop outlet sale support eustore " +
  "hiring hr online official app",
);

/** TLD-like suffixes for keyword-tld, besides the input's own suffix. */
export const KEYWORD_TLD_SUFFIXES: readonly string[] = words(
  "com us.com sa.com ph co",
);

/** Suffix tokens written into labels by faux-tld, and the suffixes they are placed under. */
export const FAUX_TLD_TOKENS: readonly string[] = words(
  "com net org co co-uk uk us de eu info biz io app online site",
);
export const FAUX_TLD_TARGETS: readonly string[] = words(
  "com net org info co",
);

/** Glue targets for brand.com-secure.net style names. */
export const GLUE_TARGETS: readonly string[] = words(
  "com net org",
);

/** Numbers 0-20 as words and ordinals; index = value. */
export const NUMBER_WORDS: readonly (readonly [string, string])[] = pairs(
  "zero zeroth|one first|two second|three third|four fourth|five fifth|six sixth|" +
  "seven seventh|eight eighth|nine ninth|ten tenth|eleven eleventh|twelve twelfth|" +
  "thirteen thirteenth|fourteen fourteenth|fifteen fifteenth|sixteen sixteenth|" +
  "seventeen seventeenth|eighteen eighteenth|nineteen nineteenth|twenty twentieth",
);

/** Sound-alike spellings used as numbers in names ("4u", "2go", "gr8"). */
export const NUMBER_SOUNDS: readonly (readonly [string, string])[] = pairs(
  "for 4|fore 4|to 2|too 2|ate 8|won 1",
);

/** Sets of words that sound alike (English), for the homophone fuzzer. */
export const HOMOPHONES: readonly (readonly string[])[] = groups(
  "right write rite wright|mail male|sale sail|buy by bye|cell sell|cent scent sent|" +
  "site sight cite|sea see|sun son|new knew gnu|no know|one won|two too to|four for fore|" +
  "eight ate|blue blew|red read|road rode rowed|rain reign rein|pay pey|bank banc|cash cache|" +
  "check cheque czech|key quay|flour flower|hour our|meet meat|peace piece|plain plane|" +
  "principal principle|steal steel|tail tale|wait weight|week weak|whole hole|wood would|" +
  "air heir|board bored|brake break|die dye|fair fare|find fined|flu flew|great grate|" +
  "hair hare|here hear|higher hire|idle idol|links lynx|loan lone|made maid|mind mined|" +
  "night knight|not knot|pair pear pare|pole poll|pray prey|rap wrap|ring wring|role roll|" +
  "root route|sew so sow|shoe shoo|some sum|stair stare|suite sweet|their there|through thru|" +
  "tow toe|vein vane vain|way weigh whey|wear where|which witch|yew you u|your ur|are r|see c|" +
  "why y|why y|be b|tube toob|light lite|night nite|easy ezy|quick kwik|cool kool|" +
  "express xpress|club klub|photo foto|phone fone|thanks thanx|box boks|secure sekure|" +
  "pal pall|pass pas|mart marte|you yu|tech tek|soft sofft|micro mikro|care kare|" +
  "center centre|color colour|pay paye|cloud clowd|book buk|face fase",
);

/** Spelling changes that keep the sound (applied once per occurrence): "ph" -> "f", "ck" -> "k", ... */
export const PHONETIC_RULES: readonly (readonly [string, string])[] = pairs(
  "ph f|f ph|ck k|ck c|k c|c k|x ks|ks x|qu kw|ee ea|ea ee|oo u|ie y|y ie|s z|z s|wh w|ou ow|" +
  "ow ou|ai ay|ay ai|er a|tion shun|gh g",
);
