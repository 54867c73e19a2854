import type { TSocialFindingItem } from "@brandwarden/contract/findings";
import type { ScoreResult } from "../scoring/score.ts";
import type { CandidateProfile, MatchResult } from "./match.ts";
import type { ProbeResult } from "./prober.ts";

// Probe results and scores as the contract's social finding items, trimmed to its limits.

const cut = (s: string | null | undefined, max: number) => (s ? s.slice(0, max) : null);

export function baseItem(r: ProbeResult, discovered_by: string): TSocialFindingItem {
  const p = r.profile;
  const unknown = r.verdict.status === "unknown";
  return {
    platform: r.platform,
    handle: r.handle.slice(0, 200),
    status: r.verdict.status,
    unknown_reason: unknown ? cut(`${r.verdict.reason}: ${r.verdict.detail}`, 200) : null,
    profile_url: cut(r.profile_url, 2000),
    display_name: cut(p?.display_name, 500),
    bio: cut(p?.bio, 4000),
    followers: p?.followers ?? null,
    verified: p?.verified ?? null,
    account_created: p?.account_created ?? null,
    links: p ? p.links.slice(0, 50).map((l) => l.slice(0, 500)) : null,
    discovered_by: discovered_by.slice(0, 50),
  };
}

export function scoredItem(
  r: ProbeResult,
  discovered_by: string,
  c: CandidateProfile,
  m: MatchResult,
  s: ScoreResult,
  similarity_method: string,
  avatar_png: Buffer | null,
): TSocialFindingItem {
  return {
    ...baseItem(r, discovered_by),
    avatar_hash: c.avatar_hash,
    avatar_similarity: m.avatar_similarity,
    name_similarity: m.name_similarity,
    bio_similarity: m.bio_similarity,
    similarity_method: m.bio_similarity === null ? null : similarity_method.slice(0, 50),
    disclaimer: m.disclaimer,
    score: s.score,
    severity: s.severity,
    signals: s.signals,
    ...(avatar_png ? { avatar_png: avatar_png.toString("base64") } : {}),
  };
}

/** The brand's own account: shown as owned with the proof, never scored. */
export function ownedItem(item: TSocialFindingItem, evidence: string | null): TSocialFindingItem {
  if (!evidence) return item;
  return { ...item, owned_evidence: evidence.slice(0, 500), score: null, severity: null, signals: null };
}
