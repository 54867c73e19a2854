import { damerauLevenshtein } from "../scoring/text/text.ts";
import { hashSimilarity } from "@brandwarden/platform/images/perceptual-hash";
import { cosine } from "./embeddings.ts";
import { fold, peelAffixes, DISCLAIMER_AFFIXES } from "./normalize.ts";
import type { SocialSignalValues } from "./social-signals.ts";

// Identity matching: compares one found profile with the brand and yields the social signal
// values (each in [0, 1] or null when unknown) plus the raw similarities the finding carries.

export interface BrandReference {
  /** Folded brand cores: name slug, own handles' first label, owned domains' first label. */
  cores: string[];
  /** The same seeds unfolded (lower-case letters and digits): "acmebank". */
  slugs: string[];
  ownedDomains: string[];
  lookalikeDomains: ReadonlySet<string>;
  /** Embeddings of the brand's own texts (official bios, site titles); empty when none. */
  bioVectors: number[][];
  /** Perceptual hashes of the logo and the official avatars. */
  avatarHashes: string[];
  /** Earliest creation date of the brand's own accounts, per platform and overall. */
  officialCreated: { byPlatform: Record<string, string>; earliest: string | null };
  /** Largest audience of the brand's own accounts. */
  officialFollowers: number | null;
}

export interface CandidateProfile {
  platform: string;
  handle: string;
  display_name: string | null;
  bio: string | null;
  followers: number | null;
  verified: boolean | null;
  account_created: string | null;
  links: string[];
  avatar_hash: string | null;
  bio_vector: number[] | null;
}

export interface MatchResult {
  values: SocialSignalValues;
  name_similarity: number | null;
  bio_similarity: number | null;
  avatar_similarity: number | null;
  disclaimer: boolean | null;
}

const clamp01 = (x: number) => Math.max(0, Math.min(1, x));
const round = (x: number) => Math.round(x * 1000) / 1000;

/** Similarity of a folded core to the nearest brand core: 1 equal, 0.85 contains, else edit ratio. */
function coreSimilarity(core: string, cores: readonly string[]): number {
  let best = 0;
  for (const b of cores) {
    if (!b || !core) continue;
    if (core === b) return 1;
    const ratio = 1 - damerauLevenshtein(core, b) / Math.max(core.length, b.length);
    best = Math.max(best, ratio, core.includes(b) && b.length >= 4 ? 0.85 : 0);
  }
  return best;
}

/** Edit ratios under 0.6 say nothing (namesakes sharing a word); 0.6..1 maps to 0..1. */
const sharpen = (sim: number) => (sim >= 0.85 ? sim : clamp01((sim - 0.6) / 0.4) * 0.85);

/** The name part of a handle: Bluesky's hosted suffix and any domain tail dropped. */
function handleName(platform: string, handle: string): string {
  return platform === "bluesky" ? (handle.replace(/\.bsky\.social$/, "").split(".")[0] ?? handle) : handle;
}

const LURES: readonly RegExp[] = [
  /\bdm\s+(us|me)\b/i, /\bsend\s+(us\s+)?a\s+dm\b/i, /\bwhats\s?app\b/i, /\btelegram\b/i,
  /\bverify\s+(your\s+)?(account|identity|wallet)\b/i, /\baccount\s+(is\s+)?(locked|suspended|limited)\b/i,
  /\bgiveaway\b/i, /\bclaim\s+(your\s+)?(reward|prize|bonus)\b/i, /\brefunds?\b/i, /\b24\/7\b/,
  /\bairdrop\b/i, /\bcrypto\b/i, /\bwallet\b/i, /\bcustomer\s+(care|support)\b/i, /\bhelp\s*desk\b/i,
  /\baccount\s+number\b/i, /\bbefore\s+it\s+expires\b/i,
]; // prettier-ignore

const DISCLAIMERS: readonly RegExp[] = [
  /\bfan\s+(account|page|club|community)\b/i, /\bparody\b/i, /\bnot\s+(officially\s+)?affiliated\b/i,
  /\bunofficial\b/i, /\bnot\s+the\s+official\b/i, /\bno\s+affiliation\b/i, /\bcommentary\b/i, /\bsatire\b/i,
]; // prettier-ignore

const URL_RE = /\bhttps?:\/\/[^\s<>"')]+/gi;

function hostOf(u: string): string | null {
  try {
    return new URL(u).hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return null;
  }
}

const underDomain = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

function linkSignals(p: CandidateProfile, ref: BrandReference) {
  const urls = [...new Set([...p.links, ...(p.bio?.match(URL_RE) ?? [])])];
  const hosts = urls.map(hostOf).filter((h): h is string => h !== null);
  if (hosts.length === 0) return { lookalike: null, brand: null };
  const own = hosts.filter((h) => ref.ownedDomains.some((d) => underDomain(h, d)));
  const others = hosts.filter((h) => !own.includes(h));
  let lookalike = 0;
  for (const h of others) {
    if ([...ref.lookalikeDomains].some((d) => underDomain(h, d))) lookalike = 1;
    else if (ref.cores.some((c) => c.length >= 4 && fold(h).includes(c)))
      lookalike = Math.max(lookalike, 0.7);
  }
  return { lookalike, brand: own.length > 0 && lookalike === 0 ? 1 : 0 };
}

function ageSignals(p: CandidateProfile, ref: BrandReference, now: Date) {
  if (!p.account_created) return { recent: null, predates: null };
  const t = Date.parse(p.account_created);
  const days = (now.getTime() - t) / 86_400_000;
  const recent = days < 365 ? 1 : days < 730 ? 0.5 : 0;
  const official = ref.officialCreated.byPlatform[p.platform] ?? ref.officialCreated.earliest;
  const predates = official ? (t < Date.parse(official) ? 1 : 0) : null;
  return { recent, predates };
}

export function matchProfile(p: CandidateProfile, ref: BrandReference, now = new Date()): MatchResult {
  const handleRaw = handleName(p.platform, p.handle);
  const peeled = peelAffixes(handleRaw, ref.cores);
  const handleSim = coreSimilarity(peeled.core, ref.cores);
  const impersonationAffix = peeled.affixes.some((a) => !DISCLAIMER_AFFIXES.includes(a));
  const literal = handleRaw.toLowerCase().replace(/[^a-z0-9]/g, "");
  // Equal only once folded: the handle spells the brand with look-alike characters.
  const homoglyph = handleSim === 1 && !ref.slugs.some((s) => s.length > 0 && literal.includes(s));

  let nameSim: number | null = null;
  if (p.display_name) nameSim = coreSimilarity(peelAffixes(p.display_name, ref.cores).core, ref.cores);

  const text = `${p.display_name ?? ""}\n${p.bio ?? ""}`;
  const disclaimer =
    p.bio === null && p.display_name === null
      ? null
      : DISCLAIMERS.some((r) => r.test(text)) || peeled.affixes.some((a) => DISCLAIMER_AFFIXES.includes(a));
  const lureHits = p.bio === null ? null : LURES.filter((r) => r.test(p.bio!)).length;

  const avatarSim = ref.avatarHashes.reduce<number | null>((best, h) => {
    const s = hashSimilarity(p.avatar_hash, h);
    return s === null ? best : Math.max(best ?? 0, s);
  }, null);
  const bioSim =
    p.bio_vector && ref.bioVectors.length
      ? Math.max(...ref.bioVectors.map((v) => cosine(p.bio_vector!, v)))
      : null;

  const links = linkSignals(p, ref);
  const age = ageSignals(p, ref, now);
  const followers = p.followers;
  const official = ref.officialFollowers;
  const values: SocialSignalValues = {
    handle_similarity: round(sharpen(handleSim)),
    display_name_similarity: nameSim === null ? null : round(sharpen(nameSim)),
    // Character-trigram cosines of unrelated English sit near 0.2; a shared voice is 0.5+.
    bio_similarity: bioSim === null ? null : round(clamp01((bioSim - 0.2) / 0.45)),
    // Unrelated pictures hash about 0.5 apart; a copied logo with noise stays above 0.9.
    avatar_similarity: avatarSim === null ? null : round(clamp01((avatarSim - 0.7) / 0.22)),
    handle_affix: impersonationAffix && handleSim >= 0.85 ? 1 : 0,
    handle_homoglyph: homoglyph ? 1 : 0,
    scam_lure: lureHits === null ? null : Math.min(1, lureHits / 2),
    links_to_lookalike: links.lookalike,
    verified_badge: p.verified === null ? null : p.verified ? 1 : 0,
    account_recent: age.recent,
    low_followers: followers === null ? null : followers < 1000 ? 1 : followers < 10_000 ? 0.5 : 0,
    disclaimer: disclaimer === null ? null : disclaimer ? 1 : 0,
    links_to_brand: links.brand,
    account_predates_brand: age.predates,
    established_audience:
      followers === null
        ? null
        : followers >= 50_000 || (official !== null && followers >= official * 0.1)
          ? 1
          : 0,
  };
  return {
    values,
    name_similarity: nameSim === null ? null : round(nameSim),
    bio_similarity: bioSim === null ? null : round(bioSim),
    avatar_similarity: avatarSim,
    disclaimer,
  };
}
