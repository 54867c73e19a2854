/**
 * The report of a social impersonation case (issue 29), written from the finding and the brand
 * profile alone, deterministically (as the worker's takedown-draft.ts writes a domain's): who is
 * impersonated, the account and its profile URL, the brand's official accounts and sites, what
 * the scan saw, and the action asked of the platform.
 */
import type { TBrandContext } from "@brandwarden/contract/brand";

/** What the report says about the impersonating account (the social finding's fields). */
export interface SocialDraftFinding {
  id: string;
  platform: string;
  handle: string;
  profile_url: string | null;
  display_name: string | null;
  bio: string | null;
  followers: number | null;
  account_created: Date | null;
  links: string[] | null;
  name_similarity: number | null;
  avatar_similarity: number | null;
  score: number | null;
  severity: string | null;
  adjusted_score: number | null;
  adjusted_severity: string | null;
  owned_evidence: string | null;
}

type Brand = Pick<TBrandContext, "brand_name" | "social_handles" | "owned_domains">;

const PLATFORM_NAMES: Record<string, string> = {
  x: "X",
  instagram: "Instagram",
  facebook: "Facebook",
  tiktok: "TikTok",
  linkedin: "LinkedIn",
  youtube: "YouTube",
  github: "GitHub",
  reddit: "Reddit",
  telegram: "Telegram",
  threads: "Threads",
  mastodon: "Mastodon",
  bluesky: "Bluesky",
};

const MAX_SUBJECT = 200;
const MAX_QUOTE = 300;

/** The platform's own name ("X", "GitHub"), or the id as given for one the list lacks. */
const platformName = (platform: string) => PLATFORM_NAMES[platform] ?? platform;

/** A handle as the platform writes it: `u/name` on Reddit, bare on GitHub, LinkedIn and Facebook, else `@name`. */
function accountName(platform: string, handle: string): string {
  const bare = handle.replace(/^@/, "");
  if (platform === "reddit") return `u/${bare}`;
  if (platform === "github" || platform === "linkedin" || platform === "facebook") return bare;
  return `@${bare}`;
}

const percent = (x: number) => `${Math.round(x * 100)}%`;
const quote = (s: string) => `"${s.length > MAX_QUOTE ? `${s.slice(0, MAX_QUOTE - 1)}…` : s}"`;
const listWords = (xs: string[]) =>
  xs.length < 2 ? (xs[0] ?? "") : `${xs.slice(0, -1).join(", ")} and ${xs[xs.length - 1]}`;

/** The brand's official accounts, those on the reported platform first. */
function officialAccounts(f: SocialDraftFinding, brand: Brand): string[] {
  const same = brand.social_handles.filter((h) => h.platform === f.platform);
  const other = brand.social_handles.filter((h) => h.platform !== f.platform);
  return [...same, ...other].map(
    (h) => `${accountName(h.platform, h.handle)} on ${platformName(h.platform)}`,
  );
}

/** What makes the account pass for the brand, from the scan's matching. */
function resemblance(f: SocialDraftFinding, brand: Brand): string[] {
  const out: string[] = [];
  if (f.display_name) out.push(`it calls itself ${quote(f.display_name)}`);
  if (f.name_similarity !== null && f.name_similarity >= 0.5)
    out.push(`its name is ${percent(f.name_similarity)} similar to ${brand.brand_name}'s`);
  if (f.avatar_similarity !== null && f.avatar_similarity >= 0.5)
    out.push(
      `its profile picture matches ${brand.brand_name}'s logo (${percent(f.avatar_similarity)} similar)`,
    );
  return out;
}

export function buildSocialDraft(
  f: SocialDraftFinding,
  brand: Brand,
): { subject: string; body: string; warning?: string } {
  const platform = platformName(f.platform);
  const account = accountName(f.platform, f.handle);
  const where = f.profile_url ? ` (${f.profile_url})` : "";
  const subject =
    `Impersonation of ${brand.brand_name} on ${platform}: ${account}, request for removal`.slice(
      0,
      MAX_SUBJECT,
    );
  const official = officialAccounts(f, brand);
  const sites = brand.owned_domains.map((d) => d.domain);
  const line = (label: string, value: string | null | undefined) => (value ? [`- ${label}: ${value}`] : []);
  const score = f.adjusted_score ?? f.score;
  const severity = f.adjusted_severity ?? f.severity;
  const looks = resemblance(f, brand);
  const body = [
    `Dear ${platform} trust and safety team,`,
    "",
    `We report the ${platform} account ${account}${where}, which impersonates ${brand.brand_name}` +
      (looks.length ? `: ${listWords(looks)}.` : "."),
    "",
    `${brand.brand_name}'s official accounts are ${official.length ? listWords(official) : "not listed here"}` +
      (sites.length
        ? `; its official website${sites.length > 1 ? "s are" : " is"} ${listWords(sites)}`
        : "") +
      `. The account ${account} is not operated, licensed or authorised by ${brand.brand_name}.`,
    "",
    "Evidence:",
    ...line("Platform", platform),
    ...line("Account", account),
    ...line("Profile URL", f.profile_url ?? "not known"),
    ...line("Display name", f.display_name && quote(f.display_name)),
    ...line("Bio", f.bio && quote(f.bio)),
    ...line("Links in the profile", f.links?.length ? f.links.join(", ") : null),
    ...line("Followers", f.followers !== null ? String(f.followers) : null),
    ...line("Account created", f.account_created?.toISOString().slice(0, 10)),
    ...line("Risk assessment", score !== null ? `${severity ?? "unrated"} (${Math.round(score)}/100) by Brandwarden's scoring` : null), // prettier-ignore
    `- Evidence pack: a WARC capture of the profile page and its profile picture (finding ${f.id})`,
    "",
    "Requested action:",
    `- Please remove or suspend the account ${account} under ${platform}'s impersonation policy.`,
    `- Please preserve the records of this account, as they may be requested in legal proceedings, and confirm the action taken to ${brand.brand_name}.`, // prettier-ignore
    "",
    "We are happy to provide further evidence on request. Thank you for your prompt help.",
    "",
    "Kind regards,",
    `${brand.brand_name} brand protection (via Brandwarden)`,
  ].join("\n");
  // An account proven to be the brand's own must not be reported.
  const warning = f.owned_evidence
    ? `${account} is probably ${brand.brand_name}'s own account (${f.owned_evidence}). Check before sending: a report would have the platform remove the brand's own account.` // prettier-ignore
    : null;
  return { subject, body, ...(warning ? { warning } : {}) };
}
