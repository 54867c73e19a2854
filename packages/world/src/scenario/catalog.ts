// The cast of the generated internet: registrars, hosting networks, parking services, certificate
// issuers. Names, IANA ids and ASNs are the public ones so scores and reports read like real data.

export interface RegistrarInfo {
  key: string;
  name: string;
  iana_id: number;
  url: string;
  abuse_email: string;
  abuse_phone: string;
  ns: [string, string];
  ns_provider: string;
  privacy_org: string;
}

export const REGISTRARS: RegistrarInfo[] = [
  { key: "namecheap", name: "NameCheap, Inc.", iana_id: 1068, url: "http://www.namecheap.com", abuse_email: "abuse@namecheap.com", abuse_phone: "+1.9854014545", ns: ["dns1.registrar-servers.com", "dns2.registrar-servers.com"], ns_provider: "namecheap", privacy_org: "Privacy service provided by Withheld for Privacy ehf" },
  { key: "namesilo", name: "NameSilo, LLC", iana_id: 1479, url: "http://www.namesilo.com", abuse_email: "abuse@namesilo.com", abuse_phone: "+1.4805240066", ns: ["ns1.dnsowl.com", "ns2.dnsowl.com"], ns_provider: "namecheap", privacy_org: "PrivacyGuardian.org llc" },
  { key: "pdr", name: "PDR Ltd. d/b/a PublicDomainRegistry.com", iana_id: 303, url: "http://www.publicdomainregistry.com", abuse_email: "abuse-contact@publicdomainregistry.com", abuse_phone: "+1.2013775952", ns: ["ns1.bh-54.webhostbox.net", "ns2.bh-54.webhostbox.net"], ns_provider: "unifiedlayer", privacy_org: "Privacy Protect, LLC (PrivacyProtect.org)" },
  { key: "gname", name: "Gname.com Pte. Ltd.", iana_id: 1923, url: "http://www.gname.com", abuse_email: "complaint@gname.com", abuse_phone: "+65.31581931", ns: ["ns1.gname-dns.com", "ns2.gname-dns.com"], ns_provider: "aeza", privacy_org: "Whois Privacy Protection Service" },
  { key: "hostinger", name: "Hostinger Operations, UAB", iana_id: 1636, url: "https://www.hostinger.com", abuse_email: "abuse-tracker@hostinger.com", abuse_phone: "+370.64503378", ns: ["ns1.dns-parking.com", "ns2.dns-parking.com"], ns_provider: "hostinger", privacy_org: "Privacy Protect, LLC (PrivacyProtect.org)" },
  { key: "dynadot", name: "Dynadot Inc", iana_id: 472, url: "http://www.dynadot.com", abuse_email: "abuse@dynadot.com", abuse_phone: "+1.6502620100", ns: ["ns1.dyna-ns.net", "ns2.dyna-ns.net"], ns_provider: "digitalocean", privacy_org: "Super Privacy Service LTD c/o Dynadot" },
  { key: "godaddy", name: "GoDaddy.com, LLC", iana_id: 146, url: "http://www.godaddy.com", abuse_email: "abuse@godaddy.com", abuse_phone: "+1.4806242505", ns: ["ns01.domaincontrol.com", "ns02.domaincontrol.com"], ns_provider: "godaddy", privacy_org: "Domains By Proxy, LLC" },
  { key: "tucows", name: "Tucows Domains Inc.", iana_id: 69, url: "http://www.tucows.com", abuse_email: "domainabuse@tucows.com", abuse_phone: "+1.4165350123", ns: ["ns1.hover.com", "ns2.hover.com"], ns_provider: "ovh", privacy_org: "Contact Privacy Inc. Customer 0151234567" },
  { key: "porkbun", name: "Porkbun LLC", iana_id: 1861, url: "http://porkbun.com", abuse_email: "abuse@porkbun.com", abuse_phone: "+1.5038508351", ns: ["curitiba.ns.porkbun.com", "fortaleza.ns.porkbun.com"], ns_provider: "digitalocean", privacy_org: "Private by Design, LLC" },
  { key: "ovh", name: "OVH sas", iana_id: 433, url: "https://www.ovh.com", abuse_email: "abuse@ovh.net", abuse_phone: "+33.972101007", ns: ["dns10.ovh.net", "ns10.ovh.net"], ns_provider: "ovh", privacy_org: "REDACTED FOR PRIVACY" },
  { key: "gandi", name: "Gandi SAS", iana_id: 81, url: "https://www.gandi.net", abuse_email: "abuse@support.gandi.net", abuse_phone: "+33.170377661", ns: ["ns-1.gandi.net", "ns-2.gandi.net"], ns_provider: "ovh", privacy_org: "REDACTED FOR PRIVACY" },
  { key: "netsol", name: "Network Solutions, LLC", iana_id: 2, url: "http://networksolutions.com", abuse_email: "abuse@web.com", abuse_phone: "+1.8003337680", ns: ["ns1.worldnic.com", "ns2.worldnic.com"], ns_provider: "unifiedlayer", privacy_org: "Perfect Privacy, LLC" },
  { key: "markmonitor", name: "MarkMonitor Inc.", iana_id: 292, url: "http://www.markmonitor.com", abuse_email: "abusecomplaints@markmonitor.com", abuse_phone: "+1.2086851750", ns: ["ns1.markmonitor.com", "ns2.markmonitor.com"], ns_provider: "akamai", privacy_org: "REDACTED FOR PRIVACY" },
]; // prettier-ignore

type NetKind = "brand" | "shared" | "vps" | "parking" | "bulletproof" | "cdn";

export interface ProviderInfo {
  key: string;
  owner: string;
  as_name: string;
  asn: number;
  country: string;
  abuse_email: string;
  abuse_phone: string;
  kind: NetKind;
}

export const PROVIDERS: ProviderInfo[] = [
  { key: "akamai", owner: "Akamai International B.V.", as_name: "AKAMAI-AS", asn: 20940, country: "NL", abuse_email: "abuse@akamai.com", abuse_phone: "+1-617-444-2535", kind: "brand" },
  { key: "hostinger", owner: "Hostinger International Limited", as_name: "HOSTINGER-AS", asn: 47583, country: "CY", abuse_email: "abuse@hostinger.com", abuse_phone: "+370-645-03378", kind: "shared" },
  { key: "godaddy", owner: "GoDaddy.com, LLC", as_name: "AS-26496-GO-DADDY-COM-LLC", asn: 26496, country: "US", abuse_email: "abuse@godaddy.com", abuse_phone: "+1-480-624-2505", kind: "shared" },
  { key: "ovh", owner: "OVH SAS", as_name: "OVH", asn: 16276, country: "FR", abuse_email: "abuse@ovh.net", abuse_phone: "+33-9-72-10-10-07", kind: "shared" },
  { key: "hetzner", owner: "Hetzner Online GmbH", as_name: "HETZNER-AS", asn: 24940, country: "DE", abuse_email: "abuse@hetzner.com", abuse_phone: "+49-9831-505-0", kind: "shared" },
  { key: "unifiedlayer", owner: "Unified Layer", as_name: "UNIFIEDLAYER-AS-1", asn: 46606, country: "US", abuse_email: "abuse@bluehost.com", abuse_phone: "+1-801-765-9400", kind: "shared" },
  { key: "digitalocean", owner: "DigitalOcean, LLC", as_name: "DIGITALOCEAN-ASN", asn: 14061, country: "US", abuse_email: "abuse@digitalocean.com", abuse_phone: "+1-646-827-4366", kind: "vps" },
  { key: "namecheap", owner: "Namecheap, Inc.", as_name: "NAMECHEAP-NET", asn: 22612, country: "US", abuse_email: "abuse@namecheap.com", abuse_phone: "+1-661-310-2107", kind: "vps" },
  { key: "vultr", owner: "The Constant Company, LLC", as_name: "AS-CHOOPA", asn: 20473, country: "US", abuse_email: "abuse@vultr.com", abuse_phone: "+1-973-849-0500", kind: "vps" },
  { key: "amazon", owner: "Amazon.com, Inc.", as_name: "AMAZON-02", asn: 16509, country: "US", abuse_email: "abuse@amazonaws.com", abuse_phone: "+1-206-555-0000", kind: "vps" },
  { key: "frantech", owner: "FranTech Solutions", as_name: "PONYNET", asn: 53667, country: "US", abuse_email: "abuse@buyvm.net", abuse_phone: "+1-778-977-8246", kind: "bulletproof" },
  { key: "aeza", owner: "Aeza International Ltd", as_name: "AEZA-AS", asn: 210644, country: "GB", abuse_email: "abuse@aeza.net", abuse_phone: "+44-20-3289-0000", kind: "bulletproof" },
  { key: "stark", owner: "Stark Industries Solutions Ltd", as_name: "STARK-INDUSTRIES", asn: 44477, country: "GB", abuse_email: "abuse@stark-industries.solutions", abuse_phone: "+44-20-3318-0000", kind: "bulletproof" },
  { key: "sedo", owner: "Sedo GmbH", as_name: "SEDO-AS", asn: 47846, country: "DE", abuse_email: "abuse@sedo.com", abuse_phone: "+49-221-340-300", kind: "parking" },
  { key: "bodis", owner: "Bodis, LLC", as_name: "BODIS-AS", asn: 398101, country: "US", abuse_email: "abuse@bodis.com", abuse_phone: "+1-877-263-4744", kind: "parking" },
  { key: "teaminternet", owner: "Team Internet AG", as_name: "TEAMINTERNET-AS", asn: 61969, country: "DE", abuse_email: "abuse@teaminternet.com", abuse_phone: "+49-89-416-146-010", kind: "parking" },
  { key: "trellian", owner: "Trellian Pty. Limited", as_name: "TRELLIAN-AS-AP", asn: 133618, country: "AU", abuse_email: "abuse@above.com", abuse_phone: "+61-3-8456-2000", kind: "parking" },
  { key: "google", owner: "Google LLC", as_name: "GOOGLE", asn: 15169, country: "US", abuse_email: "network-abuse@google.com", abuse_phone: "+1-650-253-0000", kind: "cdn" },
  { key: "microsoft", owner: "Microsoft Corporation", as_name: "MICROSOFT-CORP-MSN-AS-BLOCK", asn: 8075, country: "US", abuse_email: "abuse@microsoft.com", abuse_phone: "+1-425-882-8080", kind: "cdn" },
  { key: "zoho", owner: "Zoho Corporation", as_name: "ZOHO-AS", asn: 2639, country: "US", abuse_email: "abuse@zohocorp.com", abuse_phone: "+1-925-924-9500", kind: "cdn" },
  { key: "cloudflare", owner: "Cloudflare, Inc.", as_name: "CLOUDFLARENET", asn: 13335, country: "US", abuse_email: "abuse@cloudflare.com", abuse_phone: "+1-650-319-8930", kind: "cdn" },
]; // prettier-ignore

export interface ParkingInfo {
  provider: string;
  ns: [string, string];
  brand: string; // what the parked page calls itself
}

export const PARKING: ParkingInfo[] = [
  { provider: "sedo", ns: ["ns1.sedoparking.com", "ns2.sedoparking.com"], brand: "Sedo" },
  { provider: "bodis", ns: ["ns1.bodis.com", "ns2.bodis.com"], brand: "Bodis" },
  { provider: "teaminternet", ns: ["ns1.parkingcrew.net", "ns2.parkingcrew.net"], brand: "ParkingCrew" },
  { provider: "trellian", ns: ["ns1.above.com", "ns2.above.com"], brand: "Above.com" },
];

export interface IssuerInfo {
  cn: string;
  org: string;
  days: number;
}

export const ISSUERS = {
  le_r10: { cn: "R10", org: "Let's Encrypt", days: 90 },
  le_r11: { cn: "R11", org: "Let's Encrypt", days: 90 },
  zerossl: { cn: "ZeroSSL RSA Domain Secure Site CA", org: "ZeroSSL", days: 90 },
  sectigo: { cn: "Sectigo RSA Domain Validation Secure Server CA", org: "Sectigo Limited", days: 365 },
  godaddy: { cn: "Go Daddy Secure Certificate Authority - G2", org: "GoDaddy.com, Inc.", days: 365 },
  cpanel: { cn: "cPanel, Inc. Certification Authority", org: "cPanel, Inc.", days: 90 },
  digicert: { cn: "DigiCert Global G2 TLS RSA SHA256 2020 CA1", org: "DigiCert Inc", days: 365 },
  gts: { cn: "WR3", org: "Google Trust Services", days: 90 },
} satisfies Record<string, IssuerInfo>;

// Mail exchangers by provider; `{label}` is replaced by the domain with dots turned to dashes.
export const MAIL_PROVIDERS = [
  {
    provider: "google",
    mx: ["aspmx.l.google.com", "alt1.aspmx.l.google.com"],
    spf: "include:_spf.google.com",
  },
  {
    provider: "microsoft",
    mx: ["{label}.mail.protection.outlook.com"],
    spf: "include:spf.protection.outlook.com",
  },
  {
    provider: "namecheap",
    mx: ["mx1.privateemail.com", "mx2.privateemail.com"],
    spf: "include:spf.privateemail.com",
  },
  { provider: "zoho", mx: ["mx.zoho.com", "mx2.zoho.com"], spf: "include:zoho.com" },
];

const ADJECTIVES = [
  "Golden",
  "Blue",
  "Quiet",
  "Northern",
  "Bright",
  "Old",
  "Green",
  "Silver",
  "Little",
  "Red",
];
const NOUNS = ["Oak", "River", "Harbor", "Maple", "Stone", "Meadow", "Fox", "Lantern", "Pine", "Summit"];
const TRADES = ["Bakery", "Dental Care", "Law Office", "Garden Supply", "Fitness Studio", "Bike Repair", "Consulting", "Photography", "Plumbing", "Book Shop"]; // prettier-ignore

export function businessName(n: number): string {
  return `${ADJECTIVES[n % 10]} ${NOUNS[Math.floor(n / 10) % 10]} ${TRADES[Math.floor(n / 100) % 10]}`;
}

// Suffixes lookalikes move to: common gTLDs, abused cheap ones and a few ccTLDs with 2-level forms.
export const ALT_SUFFIXES = [
  "net", "org", "co", "io", "info", "biz", "xyz", "online", "site", "top", "shop", "app", "co.uk", "com.br",
  "de", "eu", "us", "cc", "live", "club", "icu", "vip", "support", "services", "link", "me", "store", "cloud",
]; // prettier-ignore
