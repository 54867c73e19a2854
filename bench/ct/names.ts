// What the public CT logs carry, roughly: most certificates are for ordinary sites (apex + www),
// many are cPanel/Plesk certificates with eight or nine service names, some are for generated
// cloud host names or wildcards. Deterministic, and every entry's names are distinct, so no
// benchmark gets help from repeated labels that real traffic would not give it.

const WORDS = (
  "alpine bakery studio garden tractor harbor pixel maple copper velvet summit orchard lantern meadow cobalt " +
  "granite willow falcon ember prairie quartz juniper saffron tundra canyon marble cedar nimbus river stone " +
  "delta north south bright clever urban rural cloud craft forge smith wood field lake hill ridge bay cove"
).split(" ");
const TLDS = [
  "com",
  "net",
  "org",
  "io",
  "de",
  "co.uk",
  "shop",
  "app",
  "dev",
  "fr",
  "com.br",
  "xyz",
  "online",
];
const CPANEL = ["www", "mail", "cpanel", "webmail", "webdisk", "autodiscover", "cpcalendars", "cpcontacts"];
const CLOUDS = ["cloudfront.net", "azurewebsites.net", "herokuapp.com", "vercel.app", "pages.dev"];

/** The names of certificate `i`: 1 to 9 host names, ~3 on average. */
export function namesOf(i: number, r: () => number): string[] {
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)]!;
  const domain = `${pick(WORDS)}${r() < 0.5 ? "-" : ""}${pick(WORDS)}${i}.${pick(TLDS)}`;
  const kind = r();
  if (kind < 0.5) return [domain, `www.${domain}`];
  if (kind < 0.7) return [domain, ...CPANEL.map((p) => `${p}.${domain}`)];
  if (kind < 0.85) {
    const hex = Math.floor(r() * 2 ** 48)
      .toString(16)
      .padStart(12, "0");
    return [`${hex}${i}.${pick(CLOUDS)}`];
  }
  if (kind < 0.95) return [domain, `*.${domain}`];
  return [`api.${domain}`, `eu-west.api.${domain}`, `static.${domain}`];
}

/** Made-up brand names: two or three syllables, so they are neither words nor each other. */
export function brandNames(count: number, r: () => number): string[] {
  const syl = "zor vex kal into mar dun bre lio pax tur nel qua fio ren sav dor mek lu ty gro".split(" ");
  const out = new Set<string>();
  while (out.size < count) {
    const n = 2 + Math.floor(r() * 2);
    let s = "";
    for (let k = 0; k < n; k++) s += syl[Math.floor(r() * syl.length)];
    if (s.length >= 6) out.add(s);
  }
  return [...out];
}
