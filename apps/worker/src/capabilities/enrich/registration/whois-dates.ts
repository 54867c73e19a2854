// WHOIS dates by explicit formats, never `new Date(text)` (which reads 03/04/2020 month-first and
// a date without zone in the machine's time). The forms are those the registries print (see
// apps/worker/samples/whois/): ISO 8601 (gTLDs, DENIC, AFNIC, Ru-Center), YYYY.MM.DD and
// YYYY/MM/DD (JPRS, .pl, .hu), YYYY. MM. DD. (KISA), YYYYMMDD (.br, .at), DD.MM.YYYY and
// DD/MM/YYYY and DD-MM-YYYY (CZ.NIC, .ru ccTLDs, .pt, .tr and many others: day first),
// DD-Mon-YYYY (Nominet, .ie) and "31 May 1999". A date without zone is UTC.

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

// Zone abbreviations the samples print, in hours east of UTC.
const ZONES: Record<string, number> = {
  Z: 0, UTC: 0, GMT: 0, UT: 0, JST: 9, KST: 9, HKT: 8, CET: 1, CEST: 2, EET: 2, EEST: 3, MSK: 3,
  WET: 0, WEST: 1, BST: 1, EST: -5, EDT: -4, CST: -6, CDT: -5, MST: -7, MDT: -6, PST: -8, PDT: -7,
  CLT: -4, CLST: -3,
}; // prettier-ignore

const TIME = String.raw`(?:(?:[T\s]+|-T|\s+at\s+)(?<h>\d{1,2}):(?<mi>\d{2})(?::(?<s>\d{2})(?<frac>[.,]\d+)?)?)?`;
const ZONE = String.raw`\s*\(?\s*(?<zone>Z|[A-Z]{2,4}(?:\s*[+-]\s*\d{1,2}(?::?\d{2})?)?|[+-]\d{2}(?::?\d{2})?)?\s*\)?\.?`;
const MON = String.raw`(?<mon>[a-z]{3})[a-z]*\.?`;
const DOW = String.raw`(?:[a-z]{3},?\s+)?`;
const re = (source: string) => new RegExp(`^${source}\\s*$`, "i");

const FORMATS: RegExp[] = [
  // 2020-03-04, 2020.03.04, 2020/03/04, 2020. 03. 04., 20200304
  re(String.raw`(?<y>\d{4})(?:(?<sep>[-./])\s*(?<mo>\d{1,2})\k<sep>\s*(?<d>\d{1,2})\.?|(?<mo2>\d{2})(?<d2>\d{2}))${TIME}${ZONE}`), // prettier-ignore
  // 04.03.2020, 04/03/2020, 04-03-2020: day first (the registries that print these are
  // European, Latin-American, Asian); month first only where the day cannot be first (12/25/2020).
  re(String.raw`(?<d>\d{1,2})(?<sep>[-./])(?<mo>\d{1,2})\k<sep>(?<y>\d{4})${TIME}${ZONE}`),
  // 04-Mar-2020, 04 March 2020, 4-mar-2020 00:00:00, 30th April 2003 at 00:00:00.000 (.gg)
  re(String.raw`${DOW}(?<d>\d{1,2})(?:st|nd|rd|th)?[-\s]${MON}[-\s](?<y>\d{4})${TIME}${ZONE}`),
  // 2001-Aug-23 (.tr)
  re(String.raw`(?<y>\d{4})-${MON}-(?<d>\d{1,2})${TIME}${ZONE}`),
  // Mar 04 2020, Wed Mar 04 2020, Mar-04-2020
  re(String.raw`${DOW}${MON}[-\s]+(?<d>\d{1,2}),?[-\s](?<y>\d{4})${TIME}${ZONE}`),
  // Tue Feb 10 09:42:42 2004 (C asctime, .kg): the year after the time
  re(String.raw`${DOW}${MON}\s+(?<d>\d{1,2})\s+(?<h>\d{1,2}):(?<mi>\d{2}):(?<s>\d{2})${ZONE}\s+(?<y>\d{4})`),
  // Aug-1996 (Nominet's "before Aug-1996"): the first of the month
  re(String.raw`${MON}[-\s](?<y>\d{4})`),
];

function zoneOffsetMinutes(zone: string | undefined): number | null {
  if (!zone) return 0;
  const m = /^([A-Z]*)(?:([+-])(\d{1,2})(?::?(\d{2}))?)?$/.exec(zone.replace(/\s+/g, "").toUpperCase());
  if (!m) return null;
  const base = m[1] ? ZONES[m[1]] : 0;
  if (base === undefined) return null;
  const shift = m[2] ? (m[2] === "-" ? -1 : 1) * (+m[3]! * 60 + +(m[4] ?? 0)) : 0;
  return base * 60 + shift;
}

/** A WHOIS date as ISO 8601 UTC, or null when no known form fits. "before Aug-1996" (Nominet,
 * SWITCH) gives that date: the latest the name can have been registered. */
export function parseWhoisDate(text: string | null | undefined): string | null {
  const value = text
    ?.replace(/\((?:YYYY|DD|MM)[^)]*\)/i, "") // TWNIC's "(YYYY-MM-DD)"
    .replace(/#\d+\s*$/, "") // .br's "19961206 #24302"
    .replace(/^before\s+/i, "")
    .trim();
  if (!value) return null;
  for (const form of FORMATS) {
    const g = form.exec(value)?.groups;
    if (!g) continue;
    const y = +g.y!;
    let mo = g.mon ? MONTHS.indexOf(g.mon.toLowerCase()) + 1 : +(g.mo ?? g.mo2 ?? 0);
    let d = (g.d ?? g.d2) ? +(g.d ?? g.d2)! : 1;
    if (g.sep && !g.mo2 && form === FORMATS[1] && mo > 12 && d <= 12) [mo, d] = [d, mo];
    const [h, mi, s] = [g.h, g.mi, g.s].map((x) => (x === undefined ? 0 : +x)) as [number, number, number];
    const ms = g.frac ? Math.floor(Number(`0.${g.frac.slice(1)}`) * 1000) : 0;
    const offset = zoneOffsetMinutes(g.zone);
    if (offset === null || mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 60) return null;
    if (new Date(Date.UTC(y, mo - 1, d)).getUTCDate() !== d) return null; // 31.02.2020
    return new Date(Date.UTC(y, mo - 1, d, h, mi, s, ms) - offset * 60_000).toISOString();
  }
  return null;
}
