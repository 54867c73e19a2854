/**
 * Shared infrastructure that says nothing about who runs a name: keys built on these would
 * link unrelated squatters into one "campaign".
 */

/**
 * Autonomous systems of large clouds, CDNs and mass hosters. A /24 inside them holds many
 * unrelated customers, so the /24 key is only used for other (small-host) ASNs. Numbers from
 * the operators' own published ASN lists / PeeringDB.
 */
export const LARGE_HOST_ASNS: ReadonlySet<number> = new Set([
  13335, // Cloudflare
  209242, // Cloudflare Spectrum
  16509, // Amazon
  14618, // Amazon
  15169, // Google
  396982, // Google Cloud
  8075, // Microsoft
  20940, // Akamai
  16625, // Akamai
  63949, // Akamai (Linode)
  54113, // Fastly
  19551, // Imperva Incapsula
  16276, // OVH
  24940, // Hetzner
  14061, // DigitalOcean
  20473, // Vultr (Choopa)
  51167, // Contabo
  8560, // IONOS
  26496, // GoDaddy
  22612, // Namecheap
  46606, // Unified Layer (Bluehost, HostGator)
  47583, // Hostinger
  60781, // Leaseweb NL
  30633, // Leaseweb US
  12876, // Scaleway
  36351, // IBM SoftLayer
  32934, // Meta
  47846, // Sedo (parking)
]);

/** Default name servers of registrars and parking: every customer of the registrar shares them. */
export const SHARED_NS_SUFFIXES: readonly string[] = [
  "domaincontrol.com",
  "registrar-servers.com",
  "dnsowl.com",
  "dns-parking.com",
  "name-services.com",
  "hichina.com",
  "cloudns.net",
  "ui-dns.com",
  "ui-dns.de",
  "ui-dns.org",
  "ui-dns.biz",
  "sedoparking.com",
  "parkingcrew.net",
  "bodis.com",
];

/** Mail providers hosting millions of unrelated domains. */
export const SHARED_MX_SUFFIXES: readonly string[] = [
  "google.com",
  "googlemail.com",
  "outlook.com",
  "hotmail.com",
  "zoho.com",
  "zoho.eu",
  "secureserver.net",
  "registrar-servers.com",
  "privateemail.com",
  "yandex.net",
  "mail.ru",
  "icloud.com",
  "messagingengine.com",
  "mailgun.org",
  "mimecast.com",
  "pphosted.com",
  "improvmx.com",
  "forwardemail.net",
];

export const hostMatches = (host: string, suffixes: readonly string[]): boolean => {
  const h = host.toLowerCase().replace(/\.$/, "");
  return suffixes.some((s) => h === s || h.endsWith(`.${s}`));
};
