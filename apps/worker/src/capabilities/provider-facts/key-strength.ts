/**
 * The kinds of campaign infrastructure key (`<kind>:<value>`, built by `campaigns/keys.ts`) and
 * what a campaign's keys and size say, as the campaign_membership signal reads it. A leaf fact,
 * so the scorer and the learner need not import the clusterer.
 */

const KEY_KINDS = ["ip", "net24", "ns", "mx", "cert", "favicon", "page", "registrar"] as const;
export type KeyKind = (typeof KEY_KINDS)[number];

/**
 * How much a campaign member's linking key adds to the campaign_membership signal, 0..1: a
 * certificate or page hash is made by the actor; an IP is rented by them; a /24 or
 * registrar-and-day is only a neighbourhood. This is not the linking weight: whether two names
 * link at all is decided by campaigns/weights.ts (BASE_WEIGHT scaled by rarity, hosting kind and history),
 * and only keys that passed it reach a member's `campaign_keys`. Once a key has passed, a page
 * hash or name servers say more about intent than they do about ownership, hence the
 * differences (page 0.9 here, 0.5 to link: a kit is sold to many, but using one is phishing).
 */
const KEY_STRENGTH: Readonly<Record<KeyKind, number>> = {
  cert: 1,
  page: 0.9,
  ip: 0.9,
  favicon: 0.8,
  ns: 0.7,
  mx: 0.7,
  net24: 0.6,
  registrar: 0.5,
};

export const keyKind = (key: string): KeyKind | null => {
  const kind = key.slice(0, key.indexOf(":"));
  return (KEY_KINDS as readonly string[]).includes(kind) ? (kind as KeyKind) : null;
};

/**
 * Campaign strength of a member, 0..1: the linking keys' strengths combined as independent
 * evidence (1 - product of (1 - s) over key kinds), times a size factor rising from 0.4 for a
 * pair to 1 at nine or more members. Below two members: 0.
 */
export function campaignStrength(size: number, keys: readonly string[]): number {
  if (size < 2) return 0;
  const perKind = new Map<KeyKind, number>();
  for (const k of keys) {
    const kind = keyKind(k);
    if (kind) perKind.set(kind, KEY_STRENGTH[kind]);
  }
  if (perKind.size === 0) return 0;
  let miss = 1;
  for (const s of perKind.values()) miss *= 1 - s;
  const sizeFactor = 0.4 + 0.6 * Math.min(1, Math.log2(size - 1) / 3);
  return Math.round((1 - miss) * sizeFactor * 1000) / 1000;
}
