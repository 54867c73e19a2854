import type { FeedEntry, FeedEntryInput, SearchResultInput, SocialProfile } from "./services-schema.ts";
import type { GenerateServicesContext } from "./services-context.ts";

// Search results and threat-feed entries planted from the brand, its lookalike and phishing
// domains and the generated social profiles.

type ProfileLike = Pick<SocialProfile, "platform" | "handle" | "display_name" | "bio" | "kind" | "state">;

export function searchResults(ctx: GenerateServicesContext, profiles: ProfileLike[]): SearchResultInput[] {
  const { brand, domain } = ctx;
  const slug = brand.toLowerCase().replace(/[^a-z0-9]/g, "");
  const match = [brand.toLowerCase(), slug, domain.toLowerCase()];
  const out: SearchResultInput[] = [
    {
      url: `https://${domain}/`,
      title: `${brand} | Official site`,
      content: `Welcome to ${brand}. Sign in, manage your account and get help.`,
      engine: "duckduckgo",
      match,
    },
    {
      url: `https://en.wikipedia.org/wiki/${encodeURIComponent(brand.replace(/\s+/g, "_"))}`,
      title: `${brand} - Wikipedia`,
      content: `${brand} is a company headquartered in ... Its website is ${domain}.`,
      engine: "wikipedia",
      match,
    },
  ];
  for (const p of profiles) {
    if (p.state === "suspended") continue;
    out.push({
      social: { platform: p.platform, handle: p.handle },
      title: `${p.display_name} (@${p.handle}) on ${p.platform}`,
      content: p.bio,
      engine: p.kind === "official" ? "google" : "bing",
      match,
    });
  }
  ctx.lookalikeDomains.slice(0, 6).forEach((d) =>
    out.push({
      url: `https://${d}/`,
      title: `${brand} - Sign in`,
      content: `Access your ${brand} account securely. ${brand} online services.`,
      engine: "bing",
      match,
    }),
  );
  ctx.phishingDomains.slice(0, 4).forEach((d) =>
    out.push({
      url: `https://${d}/login`,
      title: `${brand} Secure Login - Verify your account`,
      content: `Your ${brand} account has been limited. Verify your identity to restore access.`,
      engine: "brave",
      match,
    }),
  );
  // Something unrelated that only shares a word, so discovery must filter.
  out.push({
    url: "https://example.org/recipes/acme-pie",
    title: "The classic pie recipe",
    content: "A recipe blog with no brand in it.",
    engine: "duckduckgo",
    match: ["recipe", "pie"],
  });
  return out;
}

export function feedEntries(ctx: GenerateServicesContext, brand: string): FeedEntryInput[] {
  const { rng } = ctx;
  const paths = ["/login", "/secure/verify.php", "/account/update", "/signin/index.html"];
  const entries: FeedEntryInput[] = ctx.phishingDomains.map((d, i) => {
    // Not every feed lists every site: the first is everywhere, others in one or two.
    const feeds: FeedEntry["feeds"] =
      i === 0
        ? ["urlhaus", "openphish", "phishtank"]
        : i % 3 === 1
          ? ["openphish", "phishtank"]
          : i % 3 === 2
            ? ["urlhaus"]
            : ["phishtank"];
    const day = 1 + Math.floor(rng() * 27);
    return {
      url: `${i % 2 ? "http" : "https"}://${d}${paths[i % paths.length]}`,
      feeds,
      threat: "phishing",
      target: brand,
      tags: ["phishing", brand.toLowerCase().replace(/\s+/g, "")],
      ip_address: `203.0.113.${10 + i}`,
      added_at: new Date(Date.UTC(2025, 5, day, 8 + i, 15)).toISOString(),
      online: i % 4 !== 3,
    };
  });
  // Unrelated background noise every real feed carries.
  entries.push(
    {
      url: "http://198.51.100.23/bins/mozi.m",
      feeds: ["urlhaus"],
      threat: "malware_download",
      target: "Other",
      tags: ["elf", "mozi"],
      ip_address: "198.51.100.23",
      added_at: "2025-06-02T03:04:05.000Z",
    },
    {
      url: "https://secure-paypa1-login.example.net/webscr",
      feeds: ["openphish", "phishtank"],
      target: "PayPal",
      ip_address: "198.51.100.77",
      added_at: "2025-06-03T10:00:00.000Z",
    },
  );
  return entries;
}
