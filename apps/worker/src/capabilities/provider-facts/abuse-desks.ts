/**
 * Abuse desks known by name: CDNs and shared hosts (keyed by origin AS and by CNAME suffix), TLD
 * registry operators (the escalation above a registrar) and social platforms' report desks. A
 * desk is an e-mail address or, for providers that only take reports through a web form, the
 * form's URL. The world's desks accept these same addresses (packages/world reads this list).
 */

export interface KnownDesk {
  organisation: string;
  role: "cdn" | "hosting";
  channel: "email" | "form";
  address: string;
  asns: readonly number[];
  /** Host-name suffixes a site's CNAME (or the site itself) ends with. */
  suffixes: readonly string[];
}

/**
 * Addresses from each provider's published abuse page; Cloudflare's ARIN record says "All
 * Cloudflare abuse reporting can be done via https://www.cloudflare.com/abuse" (AS13335 remark).
 */
export const KNOWN_PROVIDER_DESKS: readonly KnownDesk[] = [
  { organisation: "Cloudflare", role: "cdn", channel: "form", address: "https://abuse.cloudflare.com/", asns: [13335], suffixes: ["cdn.cloudflare.net"] },
  { organisation: "Amazon Web Services", role: "cdn", channel: "email", address: "abuse@amazonaws.com", asns: [16509, 14618], suffixes: ["cloudfront.net", "amazonaws.com"] },
  { organisation: "Fastly", role: "cdn", channel: "email", address: "abuse@fastly.com", asns: [54113], suffixes: ["fastly.net", "fastlylb.net"] },
  { organisation: "Akamai", role: "cdn", channel: "email", address: "abuse@akamai.com", asns: [20940, 16625], suffixes: ["akamaiedge.net", "akamai.net", "edgekey.net", "edgesuite.net"] },
  { organisation: "Google", role: "hosting", channel: "form", address: "https://support.google.com/legal/troubleshooter/1114905", asns: [15169, 396982], suffixes: ["ghs.googlehosted.com", "appspot.com", "web.app", "firebaseapp.com"] },
  { organisation: "Microsoft", role: "hosting", channel: "form", address: "https://msrc.microsoft.com/report/abuse", asns: [8075], suffixes: ["azurewebsites.net", "azureedge.net", "trafficmanager.net"] },
  { organisation: "DigitalOcean", role: "hosting", channel: "email", address: "abuse@digitalocean.com", asns: [14061], suffixes: ["ondigitalocean.app"] },
  { organisation: "Hetzner Online", role: "hosting", channel: "email", address: "abuse@hetzner.com", asns: [24940], suffixes: [] },
  { organisation: "OVHcloud", role: "hosting", channel: "email", address: "abuse@ovh.net", asns: [16276], suffixes: [] },
  { organisation: "GitHub Pages", role: "hosting", channel: "form", address: "https://support.github.com/contact/report-abuse", asns: [], suffixes: ["github.io"] },
  { organisation: "Netlify", role: "hosting", channel: "email", address: "fraud@netlify.com", asns: [], suffixes: ["netlify.app", "netlify.com"] },
  { organisation: "Vercel", role: "hosting", channel: "email", address: "abuse@vercel.com", asns: [], suffixes: ["vercel.app", "vercel-dns.com"] },
]; // prettier-ignore

const endsWith = (host: string, suffix: string) => host === suffix || host.endsWith(`.${suffix}`);

/** The desks a site sits behind: by its origin AS numbers and its host names (the site, its CNAMEs). */
export function knownDesksFor(asns: readonly number[], hosts: readonly string[]): KnownDesk[] {
  const names = hosts.map((h) => h.toLowerCase().replace(/\.$/, ""));
  return KNOWN_PROVIDER_DESKS.filter(
    (d) => d.asns.some((a) => asns.includes(a)) || d.suffixes.some((s) => names.some((n) => endsWith(n, s))),
  );
}

export interface RegistryDesk {
  organisation: string;
  /** `email`, or `form` for an operator that takes reports by web form only (address is its URL). */
  channel: "email" | "form";
  address: string;
  tlds: readonly string[];
}

/**
 * TLD registry operators' abuse desks (ICANN's Registry Agreement, Specification 6 section 4.1,
 * has each gTLD operator publish one; ccTLD operators publish theirs on their own sites): the
 * escalation when a registrar does not act. Each from the operator's abuse page, as published.
 */
export const KNOWN_REGISTRY_DESKS: readonly RegistryDesk[] = [
  { organisation: "VeriSign", channel: "form", address: "https://www.verisign.com/en_US/channel-resources/domain-registry-products/registry-abuse/index.xhtml", tlds: ["com", "net", "cc", "name"] },
  { organisation: "Public Interest Registry", channel: "email", address: "abuse@pir.org", tlds: ["org"] },
  { organisation: "Radix", channel: "email", address: "abuse@radix.support", tlds: ["online", "site", "store", "tech", "space", "website", "fun", "host", "press", "pw"] },
  { organisation: "XYZ.COM", channel: "email", address: "xyz_abuse@gen.xyz", tlds: ["xyz", "icu"] },
  { organisation: "Jiangsu Bangning Science & Technology (.top)", channel: "email", address: "abuse@nic.top", tlds: ["top"] },
  { organisation: "Identity Digital", channel: "email", address: "abuse@identity.digital", tlds: ["info", "services", "support", "live", "ltd", "pro", "io"] },
  { organisation: "GoDaddy Registry", channel: "form", address: "https://domainabuse.registry.godaddy/s/", tlds: ["biz", "club", "vip", "us", "co"] },
  { organisation: "Google Registry", channel: "form", address: "https://registry.google/policies/abuse/", tlds: ["app", "dev"] },
  { organisation: "Nova Registry (.link)", channel: "email", address: "abuse@uniregistry.com", tlds: ["link"] },
  { organisation: "GMO Registry", channel: "form", address: "https://get.shop/abuse", tlds: ["shop"] },
  { organisation: "Aruba PEC (.cloud)", channel: "email", address: "abuse@nic.cloud", tlds: ["cloud"] },
  { organisation: "doMEn (.me)", channel: "email", address: "abuse@domain.me", tlds: ["me"] },
  { organisation: "EURid", channel: "email", address: "abuse@eurid.eu", tlds: ["eu"] },
  { organisation: "Nominet", channel: "form", address: "https://registrars.nominet.uk/abuse-complaints/", tlds: ["uk"] },
  { organisation: "DENIC", channel: "form", address: "https://www.denic.de/en/report-a-concern/", tlds: ["de"] },
  { organisation: "CZ.NIC", channel: "email", address: "abuse@nic.cz", tlds: ["cz"] },
]; // prettier-ignore

/** The registry desk of a domain's TLD, or null when the list has none. */
export function registryDeskFor(domain: string): RegistryDesk | null {
  const tld = domain.toLowerCase().replace(/\.$/, "").split(".").pop() ?? "";
  return KNOWN_REGISTRY_DESKS.find((r) => r.tlds.includes(tld)) ?? null;
}

export interface PlatformDesk {
  organisation: string;
  channel: "email" | "form";
  address: string;
}

/**
 * Social platforms' impersonation report desks (each platform's help centre). Mastodon has none:
 * each instance publishes its own contact (`/api/v2/instance` `contact.email`).
 */
export const PLATFORM_DESKS: Readonly<Record<string, PlatformDesk>> = {
  x: { organisation: "X", channel: "form", address: "https://help.x.com/forms/impersonation" },
  instagram: { organisation: "Instagram", channel: "form", address: "https://help.instagram.com/contact/636276399721841" }, // prettier-ignore
  threads: { organisation: "Threads (Instagram)", channel: "form", address: "https://help.instagram.com/contact/636276399721841" }, // prettier-ignore
  facebook: { organisation: "Facebook", channel: "form", address: "https://www.facebook.com/help/contact/169486816475808" }, // prettier-ignore
  github: {
    organisation: "GitHub",
    channel: "form",
    address: "https://support.github.com/contact/report-abuse",
  },
  linkedin: { organisation: "LinkedIn", channel: "form", address: "https://www.linkedin.com/help/linkedin/ask/TS-NFPI" }, // prettier-ignore
  youtube: { organisation: "YouTube", channel: "form", address: "https://support.google.com/youtube/answer/2801947" }, // prettier-ignore
  tiktok: {
    organisation: "TikTok",
    channel: "form",
    address: "https://www.tiktok.com/legal/report/feedback",
  },
  reddit: { organisation: "Reddit", channel: "form", address: "https://www.reddit.com/report" },
  telegram: { organisation: "Telegram", channel: "email", address: "abuse@telegram.org" },
  bluesky: { organisation: "Bluesky", channel: "email", address: "moderation@blueskyweb.xyz" },
};
