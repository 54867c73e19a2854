/** Registration signals: from RDAP/WHOIS and the name's place in the public suffix list. */
import { freeHostScore } from "../../provider-facts/free-hosts.ts";
import { ABUSE_REGISTRARS } from "../../provider-facts/registrars-and-issuers.ts";
import { ageDays, type DomainEvidence, type SignalContext } from "../evidence.ts";

/**
 * registration_recent: 1 up to 30 days old (or dated in the future), falling to 0.5 at 90
 * days and to 0 at 365; null when the creation date is unknown. Phishing names are used within
 * days of registration and abandoned within weeks.
 */
export function registrationRecent(ev: DomainEvidence, ctx: SignalContext): number | null {
  const age = ageDays(ev.registration_created, ctx.now);
  if (age === null) return null;
  if (age <= 30) return 1;
  if (age <= 90) return 1 - (0.5 * (age - 30)) / 60;
  if (age <= 365) return 0.5 - (0.5 * (age - 90)) / 275;
  return 0;
}

/** privacy_protected: the registrant is hidden by a privacy/proxy service (1) or named (0). */
export function privacyProtected(ev: DomainEvidence): number | null {
  return ev.privacy_protected == null ? null : ev.privacy_protected ? 1 : 0;
}

const normalise = (s: string) => s.toLowerCase().replace(/[,"]/g, " ").replace(/\s+/g, " ").trim();

/** registrar_abuse_record: the registrar is one often named in abuse reports (1) or not (0). */
export function registrarAbuseRecord(ev: DomainEvidence): number | null {
  if (!ev.registrar) return null;
  const name = normalise(ev.registrar);
  return ABUSE_REGISTRARS.some((r) => name.includes(r)) ? 1 : 0;
}

/**
 * free_subdomain_host: the name lives under a free hosting or dynamic-DNS provider, so it needed
 * no registration and no RDAP record exists: 1 for the providers most used in phishing, 0.7 for
 * any other private-section suffix of the public suffix list, else 0.
 */
export function freeSubdomainHost(ev: DomainEvidence): number | null {
  return freeHostScore(ev.domain);
}
