// The registry operators of the TLDs the world's scenarios use, with the abuse address each
// publishes on its abuse page (or, where it takes reports by web form only, the form). The world
// runs a mailbox for every address here; a product carrying its own list of registries can
// check it against `REGISTRY_OPERATORS`. Sources: each operator's abuse page (linked per entry);
// addresses as published there at the time of writing.

export interface RegistryOperator {
  tlds: string[];
  operator: string;
  /** The published abuse mailbox; null where the operator takes reports by form only. */
  abuse_email: string | null;
  /** The operator's abuse page or form. */
  abuse_url: string;
}

const REGISTRY_OPERATORS: RegistryOperator[] = [
  { tlds: ["com", "net", "cc", "name"], operator: "VeriSign, Inc.", abuse_email: null, abuse_url: "https://www.verisign.com/en_US/channel-resources/domain-registry-products/registry-abuse/index.xhtml" },
  { tlds: ["org"], operator: "Public Interest Registry", abuse_email: "abuse@pir.org", abuse_url: "https://pir.org/our-impact/anti-abuse/" },
  { tlds: ["online", "site", "store", "tech", "space", "website", "fun", "host", "press", "pw"], operator: "Radix FZC", abuse_email: "abuse@radix.support", abuse_url: "https://radix.website/dns-abuse" },
  { tlds: ["xyz", "icu"], operator: "XYZ.COM LLC", abuse_email: "xyz_abuse@gen.xyz", abuse_url: "https://gen.xyz/abuse" },
  { tlds: ["top"], operator: "Jiangsu Bangning Science & Technology Co., Ltd.", abuse_email: "abuse@nic.top", abuse_url: "https://www.nic.top/" },
  { tlds: ["info", "services", "support", "live", "ltd", "pro", "io"], operator: "Identity Digital Inc.", abuse_email: "abuse@identity.digital", abuse_url: "https://www.identity.digital/policies/anti-abuse" },
  { tlds: ["biz", "club", "vip", "us", "co"], operator: "GoDaddy Registry", abuse_email: null, abuse_url: "https://domainabuse.registry.godaddy/s/" },
  { tlds: ["app", "dev"], operator: "Charleston Road Registry (Google Registry)", abuse_email: null, abuse_url: "https://registry.google/policies/abuse/" },
  { tlds: ["link"], operator: "Nova Registry Ltd.", abuse_email: "abuse@uniregistry.com", abuse_url: "https://nic.link/" },
  { tlds: ["shop"], operator: "GMO Registry, Inc.", abuse_email: null, abuse_url: "https://get.shop/abuse" },
  { tlds: ["cloud"], operator: "Aruba PEC S.p.A.", abuse_email: "abuse@nic.cloud", abuse_url: "https://nic.cloud/" },
  { tlds: ["me"], operator: "doMEn d.o.o.", abuse_email: "abuse@domain.me", abuse_url: "https://domain.me/" },
  { tlds: ["eu"], operator: "EURid vzw", abuse_email: "abuse@eurid.eu", abuse_url: "https://eurid.eu/en/other-infomation/abuse/" },
  { tlds: ["uk"], operator: "Nominet UK", abuse_email: null, abuse_url: "https://registrars.nominet.uk/abuse-complaints/" },
  { tlds: ["de"], operator: "DENIC eG", abuse_email: null, abuse_url: "https://www.denic.de/en/report-a-concern/" },
  { tlds: ["fr"], operator: "AFNIC", abuse_email: null, abuse_url: "https://www.afnic.fr/en/" },
  { tlds: ["cz"], operator: "CZ.NIC, z.s.p.o.", abuse_email: "abuse@nic.cz", abuse_url: "https://www.nic.cz/" },
]; // prettier-ignore

/** The registry operator of a domain's TLD, or null when the world does not know it. */
export function registryOperatorOf(domain: string): RegistryOperator | null {
  const tld = domain.toLowerCase().split(".").pop() ?? "";
  return REGISTRY_OPERATORS.find((r) => r.tlds.includes(tld)) ?? null;
}

/** The registry abuse mailboxes the world accepts mail at. */
export function registryAbuseAddresses(): string[] {
  return [...new Set(REGISTRY_OPERATORS.flatMap((r) => (r.abuse_email ? [r.abuse_email] : [])))];
}

/** Every registry operator the world knows, in a fixed order. */
export function registryOperators(): readonly RegistryOperator[] {
  return REGISTRY_OPERATORS;
}
