/**
 * Name lists about hosting infrastructure used by the DNS and registration signals.
 * Matched by suffix on lower-case hostnames, or by normalised substring for registrars.
 */

/**
 * Name servers of domain-parking services. Source: the parking-provider list discussed in
 * notracking/hosts-blocklists issue #249 (sedoparking, parkingcrew, bodis, parklogic,
 * cashparking, above) plus the aftermarket platforms' own parking NS (dan.com, afternic,
 * uniregistry market).
 */
export const PARKING_NS_SUFFIXES: readonly string[] = [
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

/**
 * Free subdomain hosts and dynamic-DNS providers where a phishing name needs no registration.
 * Most are in the public suffix list's private section (tldts reports them as private); this
 * list names the ones seen most in phishing (URLhaus / OpenPhish host statistics, and the
 * lookalike engine's free-host favourites), including providers that are not PSL suffixes.
 */
export const FREE_HOST_SUFFIXES: readonly string[] = [
  "duckdns.org",
  "ddns.net",
  "hopto.org",
  "zapto.org",
  "sytes.net",
  "serveftp.com",
  "no-ip.org",
  "no-ip.biz",
  "dynu.net",
  "mooo.com",
  "freedns.org",
  "github.io",
  "gitlab.io",
  "blogspot.com",
  "herokuapp.com",
  "netlify.app",
  "vercel.app",
  "pages.dev",
  "workers.dev",
  "web.app",
  "firebaseapp.com",
  "azurewebsites.net",
  "glitch.me",
  "ngrok.io",
  "ngrok-free.app",
  "000webhostapp.com",
  "weebly.com",
  "wixsite.com",
  "square.site",
  "onrender.com",
  "fly.dev",
  "surge.sh",
  "repl.co",
  "webflow.io",
  "godaddysites.com",
  "mybluehost.me",
];

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
