/** DNS and mail signals: what the name's zone is prepared to do. */
import { isParkingNs } from "../../provider-facts/parking.ts";
import type { DomainEvidence } from "../evidence.ts";

const known = <T>(x: T | null | undefined): x is T => x !== null && x !== undefined;

/**
 * resolves: 1 when the name has an A or AAAA address, 0 when both lookups came back empty or
 * the name is unregistered; null otherwise.
 */
export function resolves(ev: DomainEvidence): number | null {
  if ((ev.dns_a?.length ?? 0) > 0 || (ev.dns_aaaa?.length ?? 0) > 0) return 1;
  if (ev.resolve_status === "unregistered") return 0;
  if (known(ev.dns_a) && known(ev.dns_aaaa)) return 0;
  return null;
}

/** MX hosts other than the RFC 7505 null MX (`0 .`), which says the name takes no mail. */
function realMx(mx: readonly string[]): string[] {
  return mx.map((m) => m.trim().split(/\s+/).pop() ?? "").filter((h) => h !== "" && h !== ".");
}

/** mx_present: the name has mail exchangers (1), has none or only a null MX (0). */
export function mxPresent(ev: DomainEvidence): number | null {
  if (!known(ev.dns_mx)) return ev.resolve_status === "unregistered" ? 0 : null;
  return realMx(ev.dns_mx).length > 0 ? 1 : 0;
}

/** An SPF record that allows sending: present and not just `-all`. */
function spfAllowsSending(spf: string): boolean {
  const terms = spf.trim().toLowerCase().split(/\s+/);
  return terms[0] === "v=spf1" && !(terms.length === 2 && terms[1] === "-all");
}

/**
 * spf_dmarc: 0.5 for an SPF record that lets the name send mail, 0.5 for a DMARC record;
 * built for sending, not just receiving. `spf`/`dmarc` "" mean looked up and absent; the SPF
 * record is also read from `dns_txt`. Null when neither record is known.
 */
export function spfDmarc(ev: DomainEvidence): number | null {
  const spfRecord = ev.spf ?? ev.dns_txt?.find((t) => t.toLowerCase().startsWith("v=spf1")) ?? null;
  const spfKnown = known(ev.spf) || known(ev.dns_txt);
  const dmarcKnown = known(ev.dmarc);
  if (!spfKnown && !dmarcKnown) return null;
  const spf = spfRecord !== null && spfAllowsSending(spfRecord) ? 0.5 : 0;
  const dmarc = ev.dmarc && ev.dmarc.trim().toLowerCase().startsWith("v=dmarc1") ? 0.5 : 0;
  return spf + dmarc;
}

/**
 * mx_accepts_brand_mail: the MX accepted RCPT TO for a brand-like recipient (dnstwist's
 * mxcheck): mistyped mail to the brand lands with the squatter. 0 when it refused, or when
 * the name has no MX at all.
 */
export function mxAcceptsBrandMail(ev: DomainEvidence): number | null {
  if (known(ev.mx_accepts_mail)) return ev.mx_accepts_mail ? 1 : 0;
  return mxPresent(ev) === 0 ? 0 : null;
}

/**
 * parked (discount): the page is a parking/for-sale page, or the zone is delegated to a
 * parking service -> 1; a page was seen and is not parked -> 0. A parked name is lower risk
 * now, though it can be armed later (the re-scan catches that).
 */
export function parked(ev: DomainEvidence): number | null {
  if (ev.parked === true) return 1;
  if (ev.dns_ns?.some(isParkingNs)) return 1;
  return ev.parked === false ? 0 : null;
}

/**
 * wildcard (discount): the parent zone answers every name, so this one "resolving" says
 * nothing about anyone having set it up -> 1; not a wildcard -> 0.
 */
export function wildcard(ev: DomainEvidence): number | null {
  return known(ev.wildcard) ? (ev.wildcard ? 1 : 0) : null;
}
