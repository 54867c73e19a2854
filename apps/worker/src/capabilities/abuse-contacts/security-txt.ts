import { getDomain } from "tldts";
import type { DnsClient } from "../../ports/dns/dns.port.ts";
import type { HttpClient } from "../../ports/http/http.port.ts";
import { parseIp } from "../enrich/registration/ip-ranges.ts";

// The host's own published contact (RFC 9116 security.txt): the address's reverse name (PTR), its
// registrable domain, then https://<domain>/.well-known/security.txt (the top-level /security.txt
// for legacy files). `Contact:` lines are mailto:, https: or bare addresses; an OpenPGP cleartext
// signature's armour is skipped; a file past its `Expires` is stale and ignored (section 2.5.5).

const MAX_BYTES = 32 * 1024;

export interface SecurityTxt {
  /** E-mail addresses (from mailto: or bare) and https URLs, in file order. */
  emails: string[];
  urls: string[];
  expires: string | null;
}

/** The file's contacts; null when it has none or has expired at `now` (pure). */
export function parseSecurityTxt(text: string, now: Date): SecurityTxt | null {
  const emails: string[] = [];
  const urls: string[] = [];
  let expires: string | null = null;
  let inSignature = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith("-----BEGIN PGP SIGNATURE")) inSignature = true;
    if (line.startsWith("-----END PGP SIGNATURE")) inSignature = false;
    if (inSignature || line.startsWith("#") || line.startsWith("-----")) continue;
    const m = /^([A-Za-z-]+):\s*(.+)$/.exec(line);
    if (!m) continue;
    const field = m[1]!.toLowerCase();
    const value = m[2]!.trim();
    if (field === "expires") expires = value;
    if (field !== "contact") continue;
    if (/^mailto:/i.test(value)) emails.push(decodeURIComponent(value.slice(7).split("?")[0]!));
    else if (/^https:\/\//i.test(value)) urls.push(value);
    else if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) emails.push(value);
  }
  if (expires) {
    const at = Date.parse(expires.toUpperCase());
    if (Number.isFinite(at) && at < now.getTime()) return null;
  }
  return emails.length || urls.length ? { emails, urls, expires } : null;
}

/** The reverse name of an address (PTR), without the final dot; null without one. */
async function reverseName(dns: DnsClient, ip: string): Promise<string | null> {
  const parsed = parseIp(ip);
  if (!parsed) return null;
  const name =
    parsed.version === 4
      ? `${ip.trim().split(".").reverse().join(".")}.in-addr.arpa`
      : `${parsed.value.toString(16).padStart(32, "0").split("").reverse().join(".")}.ip6.arpa`;
  const res = await dns.query(name, "PTR").catch(() => null);
  const ptr = res?.answers.find((r) => r.type === "PTR")?.data;
  return ptr ? ptr.replace(/\.$/, "").toLowerCase() : null;
}

export interface HostSecurityTxt extends SecurityTxt {
  /** The domain whose file this is (the PTR name's registrable domain). */
  domain: string;
  url: string;
}

/** The security.txt of the organisation an address's reverse name belongs to, or null. */
export async function lookupHostSecurityTxt(
  deps: { dns: DnsClient; http: HttpClient },
  ip: string,
  now: Date,
): Promise<HostSecurityTxt | null> {
  const ptr = await reverseName(deps.dns, ip);
  const domain = ptr ? getDomain(ptr, { allowPrivateDomains: false }) : null;
  if (!domain) return null;
  for (const path of ["/.well-known/security.txt", "/security.txt"]) {
    const url = `https://${domain}${path}`;
    const res = await deps.http.get(url, { maxBodyBytes: MAX_BYTES, headers: { accept: "text/plain" } }).catch(() => null); // prettier-ignore
    if (!res || res.status !== 200 || !/text\/plain/i.test(res.headers["content-type"] ?? "")) continue;
    const parsed = parseSecurityTxt(res.body.toString("utf8"), now);
    if (parsed) return { ...parsed, domain, url };
  }
  return null;
}
