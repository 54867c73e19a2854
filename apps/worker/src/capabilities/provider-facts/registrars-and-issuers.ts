/**
 * Name lists used by the registration and web signals: registrars matched by normalised
 * substring, certificate issuers by pattern. Provider facts, beside the parking name servers and
 * free hosts (parking.ts, free-hosts.ts) that the campaign clusterer reads too.
 */

/**
 * Registrars named repeatedly in Spamhaus's registrar reputation reports and Interisle's
 * "Phishing Landscape" studies (most phishing domains per registrar, 2022-2024). Being on the
 * list is weak evidence (big registrars also serve legitimate customers): default weight 3.
 * Matched as a normalised substring of the RDAP/WHOIS registrar name.
 */
export const ABUSE_REGISTRARS: readonly string[] = [
  "namesilo",
  "namecheap",
  "gname",
  "nicenic",
  "dominet",
  "webnic",
  "web commerce communications",
  "alibaba",
  "hichina",
  "pdr ltd",
  "publicdomainregistry",
  "hostinger",
  "sav.com",
  "registrar of domain names reg.ru",
  "r01",
  "eranet",
  "west263",
  "chengdu west dimension",
];

/** Certificate authorities that issue domain-validated certificates by ACME or cheaply. */
export const DV_ISSUER_PATTERNS: readonly RegExp[] = [
  /let'?s ?encrypt/i,
  /\bR3\b|\bR1[0-4]\b|\bE[1-9]\b/, // Let's Encrypt intermediates by common name
  /zerossl/i,
  /buypass/i,
  /google trust services|\bWR[1-9]\b|\bWE[1-9]\b|\bGTS\b/i,
  /cpanel/i,
  /ssl\.com/i,
  /domain validat/i,
  /\bDV\b/,
  /encryption everywhere/i,
  /cloudflare/i,
];
