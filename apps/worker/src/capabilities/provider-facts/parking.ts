/**
 * Name servers of domain-parking services. Source: the parking-provider list discussed in
 * notracking/hosts-blocklists issue #249 (sedoparking, parkingcrew, bodis, parklogic,
 * cashparking, above) plus the aftermarket platforms' own parking NS (dan.com, afternic,
 * uniregistry market).
 */
const PARKING_NS_SUFFIXES: readonly string[] = [
  "sedoparking.com",
  "parkingcrew.net",
  "bodis.com",
  "parklogic.com",
  "cashparking.com",
  "above.com",
  "dan.com",
  "afternic.com",
  "uniregistrymarket.link",
  "parkpage.foundationapi.com",
  "ztomy.com",
  "domainparking.ru",
];

/** True when a name server belongs to a parking service. */
export function isParkingNs(ns: string): boolean {
  const host = ns.toLowerCase().replace(/\.$/, "");
  return PARKING_NS_SUFFIXES.some((s) => host === s || host.endsWith(`.${s}`));
}
