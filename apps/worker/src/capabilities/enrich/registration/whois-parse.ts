import { isPrivacyText, type NetworkInfo, type RegistrationInfo } from "./rdap-parse.ts";

// Port-43 WHOIS text to the same fields as RDAP (pure). Registries differ in labels; the common
// gTLD (Verisign/ICANN) and ARIN layouts are covered, with a few ccTLD spellings.

function fields(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const raw of text.split(/\r?\n/)) {
    const m = /^\s*([A-Za-z][A-Za-z0-9 /()._-]*?)\s*:\s*(.*?)\s*$/.exec(raw);
    if (!m || !m[2]) continue;
    const key = m[1]!.toLowerCase();
    out.set(key, [...(out.get(key) ?? []), m[2]]);
  }
  return out;
}

function first(f: Map<string, string[]>, ...keys: string[]): string | null {
  for (const k of keys) {
    const v = f.get(k)?.[0];
    if (v) return v;
  }
  return null;
}

function isoDate(v: string | null): string | null {
  if (!v) return null;
  const t = new Date(v.replace(/^(\d{4})\.(\d{2})\.(\d{2})/, "$1-$2-$3"));
  return Number.isNaN(t.getTime()) ? null : t.toISOString();
}

function isWhoisNoMatch(text: string): boolean {
  return /^\s*(no match|not found|no entries found|no data found|domain not found|status:\s*free)/im.test(
    text,
  );
}

export function parseWhoisDomain(text: string): RegistrationInfo | null {
  if (isWhoisNoMatch(text)) return null;
  const f = fields(text);
  const registrant = first(f, "registrant organization", "registrant name", "registrant", "org");
  const status = (f.get("domain status") ?? f.get("status") ?? []).map((s) => s.split(/\s+/)[0]!);
  return {
    registrar: first(f, "registrar", "sponsoring registrar", "registrar name"),
    registrar_abuse_email: first(f, "registrar abuse contact email", "abuse contact email"),
    registrar_abuse_phone: first(f, "registrar abuse contact phone", "abuse contact phone"),
    registration_created: isoDate(first(f, "creation date", "created", "registered on", "registration time")),
    registration_updated: isoDate(first(f, "updated date", "last updated", "last modified", "changed")),
    registration_expires: isoDate(
      first(
        f,
        "registry expiry date",
        "registrar registration expiration date",
        "expiry date",
        "expires",
        "expiration date",
      ),
    ),
    registration_status: status.length ? status : null,
    privacy_protected: registrant === null || registrant === "" ? true : isPrivacyText(registrant),
    name_servers: (f.get("name server") ?? f.get("nserver") ?? []).map((n) =>
      n.split(/\s+/)[0]!.toLowerCase(),
    ),
  };
}

export function parseWhoisIp(text: string): NetworkInfo | null {
  if (isWhoisNoMatch(text)) return null;
  const f = fields(text);
  const origin = first(f, "originas", "origin");
  const asn = origin ? Number(/(\d+)/.exec(origin)?.[1]) : NaN;
  return {
    asn: Number.isFinite(asn) ? asn : null,
    asn_org: null,
    network_name: first(f, "netname"),
    owner: first(f, "orgname", "org-name", "owner", "descr"),
    ip_country: first(f, "country"),
    hosting_abuse_email: first(f, "orgabuseemail", "abuse-mailbox", "orgtechemail"),
    hosting_abuse_phone: first(f, "orgabusephone"),
    cidr: first(f, "cidr", "inetnum"),
  };
}
