// RDAP (RFC 9083) responses to the fields a finding carries (pure; no I/O).

type Json = Record<string, unknown>;

export interface RegistrationInfo {
  registrar: string | null;
  registrar_abuse_email: string | null;
  registrar_abuse_phone: string | null;
  registration_created: string | null;
  registration_updated: string | null;
  registration_expires: string | null;
  registration_status: string[] | null;
  privacy_protected: boolean | null;
  name_servers: string[];
}

export interface NetworkInfo {
  asn: number | null;
  asn_org: string | null;
  network_name: string | null;
  owner: string | null;
  ip_country: string | null;
  hosting_abuse_email: string | null;
  hosting_abuse_phone: string | null;
  cidr: string | null;
}

const PRIVACY =
  /redacted|privacy|private|proxy|withheld|whoisguard|domains by proxy|perfect privacy|contact privacy|data protected|not disclosed|gdpr|identity protect/i;

export function isPrivacyText(text: string | null | undefined): boolean {
  return !!text && PRIVACY.test(text);
}

type VcardProp = [string, Record<string, unknown>, string, unknown];

function vcardProps(entity: Json): VcardProp[] {
  const v = entity.vcardArray as [string, VcardProp[]] | undefined;
  return Array.isArray(v?.[1]) ? v[1] : [];
}

function vcard(entity: Json, name: string): string | null {
  const p = vcardProps(entity).find((x) => x[0] === name);
  if (!p) return null;
  const value = Array.isArray(p[3]) ? p[3].filter(Boolean).join(" ") : String(p[3] ?? "");
  return value.trim() || null;
}

function entities(obj: Json): Json[] {
  return Array.isArray(obj.entities) ? (obj.entities as Json[]) : [];
}

function withRole(obj: Json, role: string): Json | undefined {
  return entities(obj).find((e) => Array.isArray(e.roles) && (e.roles as string[]).includes(role));
}

function event(obj: Json, action: string): string | null {
  const events = Array.isArray(obj.events) ? (obj.events as Json[]) : [];
  const d = events.find((e) => e.eventAction === action)?.eventDate;
  if (typeof d !== "string") return null;
  const t = new Date(d);
  return Number.isNaN(t.getTime()) ? null : t.toISOString();
}

function phone(entity: Json | undefined): string | null {
  const p = entity ? vcard(entity, "tel") : null;
  return p ? p.replace(/^tel:/i, "") : null;
}

/** RDAP status ("client transfer prohibited") back to EPP form ("clientTransferProhibited"). */
export function eppStatus(s: string): string {
  return s.trim().replace(/\s+(\w)/g, (_, c: string) => c.toUpperCase());
}

export function parseRdapDomain(json: Json): RegistrationInfo {
  const registrar = withRole(json, "registrar");
  const abuse = registrar ? withRole(registrar, "abuse") : withRole(json, "abuse");
  const registrant = withRole(json, "registrant");
  const regText = registrant
    ? [vcard(registrant, "fn"), vcard(registrant, "org"), JSON.stringify(registrant.remarks ?? "")].join(" ")
    : null;
  const status = Array.isArray(json.status) ? (json.status as string[]).map(eppStatus) : null;
  const ns = Array.isArray(json.nameservers) ? (json.nameservers as Json[]) : [];
  return {
    registrar: registrar ? vcard(registrar, "fn") : null,
    registrar_abuse_email: abuse ? vcard(abuse, "email") : null,
    registrar_abuse_phone: phone(abuse),
    registration_created: event(json, "registration"),
    registration_updated: event(json, "last changed"),
    registration_expires: event(json, "expiration"),
    registration_status: status,
    // No registrant at all (thin registries, GDPR) is itself redaction.
    privacy_protected: registrant ? isPrivacyText(regText) : true,
    name_servers: ns.map((n) => String(n.ldhName ?? "").toLowerCase()).filter(Boolean),
  };
}

export function parseRdapIp(json: Json): NetworkInfo {
  const registrant = withRole(json, "registrant");
  const abuse = withRole(json, "abuse") ?? (registrant ? withRole(registrant, "abuse") : undefined);
  const origin = json.arin_originas0_originautnums;
  const remarkAs = JSON.stringify(json.remarks ?? "").match(/AS(\d+)\s+([^"\]]+)/);
  const cidr = Array.isArray(json.cidr0_cidrs) ? (json.cidr0_cidrs as Json[])[0] : undefined;
  return {
    asn:
      Array.isArray(origin) && typeof origin[0] === "number"
        ? origin[0]
        : remarkAs
          ? Number(remarkAs[1])
          : null,
    asn_org: remarkAs?.[2]?.trim() ?? null,
    network_name: typeof json.name === "string" ? json.name : null,
    owner: registrant ? vcard(registrant, "fn") : null,
    ip_country: typeof json.country === "string" ? json.country : null,
    hosting_abuse_email: abuse ? vcard(abuse, "email") : null,
    hosting_abuse_phone: phone(abuse),
    cidr: cidr ? `${String(cidr.v4prefix ?? cidr.v6prefix)}/${String(cidr.length)}` : null,
  };
}
