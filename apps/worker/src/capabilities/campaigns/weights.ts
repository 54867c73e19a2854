/**
 * How much a shared key says about a shared owner, given what it is and how many of the scan's
 * domains hold it. A dedicated IP or a certificate made for a few names is strong, and stays so
 * whatever the number of holders and the pace of their registration, unless the holders are
 * plainly strangers; a shared-hosting IP, custom name servers or mail server, one kit page, or a
 * registration burst at one registrar is medium, capped when more names hold it than one actor
 * plausibly runs; a /24 or a non-brand favicon is weak; a CDN address, a mass-market provider's
 * name servers, a certificate covering dozens of names, a parking template or a default error
 * page is no evidence at all (those keys are never made, or weigh 0 here). Keys seen on many
 * other domains in earlier scans lose weight too.
 */
import { keyKind, type KeyKind } from "../provider-facts/key-strength.ts";
import { hostingOperator } from "./data.ts";
import type { ClusterEvidence } from "./keys.ts";

/** Keys of one family are one piece of evidence: two IPs of one host are not two. */
export type Family = "host" | "cert" | "dns" | "mail" | "content" | "registration";
export const FAMILY: Readonly<Record<KeyKind, Family>> = {
  ip: "host",
  net24: "host",
  cert: "cert",
  ns: "dns",
  mx: "mail",
  page: "content",
  favicon: "content",
  registrar: "registration",
};

/** Weight of a key held by a handful of domains. */
export const BASE_WEIGHT: Readonly<Record<KeyKind, number>> = {
  ip: 1, // a dedicated address (small or bulletproof host)
  cert: 1, // a certificate issued for these few names
  ns: 0.5,
  mx: 0.5,
  page: 0.5, // kits are sold: the same page can be two actors
  registrar: 0.6, // same registrar within the window (pairwise)
  net24: 0.25,
  favicon: 0.25,
};
/**
 * Same registrar, created within ACTOR_SPAN_DAYS but not in one burst: a patient actor's pace,
 * weaker than a burst. Counted only for pairs that also share an address.
 */
export const SLOW_REGISTRATION_WEIGHT = 0.45;
/** An address of a listed cloud or shared hoster (or one found statistically). */
const SHARED_HOST_IP_WEIGHT = 0.45;
/** Two domains are linked when the best key of each family, summed, reaches this. */
export const LINK_THRESHOLD = 0.9;
/** More domains than one actor plausibly puts on one key: the weight falls as capacity/holders. */
const DEDICATED_CAPACITY = 16;
/** A certificate naming more hosts than this is a CDN's or hoster's shared certificate. */
export const MAX_OWN_CERT_NAMES = 10;
/** An unlisted ASN holding this many distinct addresses of the scan is a mass hoster. */
const MASS_HOST_MIN_IPS = 10;
/** Key holders registered far apart at different registrars: shared infrastructure. */
const INCOHERENT_BELOW = 0.2;
const INCOHERENT_FACTOR = 0.3;
/**
 * One actor's names may be registered over weeks: two holders look like one actor's when they
 * were registered at one registrar within this many days of each other.
 */
export const ACTOR_SPAN_DAYS = 120;
/** Share of holder pairs that look like one actor's above which a key is one actor's. */
const ONE_ACTOR_FROM = 0.8;

export interface WeighContext {
  findings: readonly ClusterEvidence[];
  holders: ReadonlyMap<string, readonly number[]>;
  /** Same registrar and creation within ACTOR_SPAN_DAYS: plausibly one actor's names. */
  sameActor(a: number, b: number): boolean | null;
  /**
   * How many distinct domains held each key across earlier scans (this one excluded); a key
   * seen on many is shared infrastructure, however rare it is in this scan.
   */
  history?: ReadonlyMap<string, number>;
}

/** ASNs that behave like mass hosters in this scan although the data file does not list them. */
export function statisticalMassHosts(findings: readonly ClusterEvidence[]): Set<number> {
  const ipsByAsn = new Map<number, Set<string>>();
  for (const f of findings) {
    if (f.asn == null || hostingOperator(f.asn)) continue;
    const set = ipsByAsn.get(f.asn) ?? new Set();
    for (const ip of f.dns_a ?? []) set.add(ip);
    ipsByAsn.set(f.asn, set);
  }
  return new Set([...ipsByAsn].filter(([, ips]) => ips.size >= MASS_HOST_MIN_IPS).map(([asn]) => asn));
}

/**
 * Fraction of holder pairs for which `same` holds, over the pairs where it is known (both
 * dates and registrars); null when fewer than three such pairs. Sampled above 60 holders.
 */
function coherence(list: readonly number[], same: (a: number, b: number) => boolean | null): number | null {
  const sample = list.length > 60 ? list.filter((_, i) => i % Math.ceil(list.length / 60) === 0) : list;
  let known = 0;
  let agree = 0;
  for (let i = 0; i < sample.length; i++) {
    for (let j = i + 1; j < sample.length; j++) {
      const b = same(sample[i]!, sample[j]!);
      if (b === null) continue;
      known++;
      if (b) agree++;
    }
  }
  return known >= 3 ? agree / known : null;
}

const coversDomain = (sans: readonly string[], domain: string) =>
  sans.some((n) => {
    const s = n.toLowerCase();
    return s === domain || s === `www.${domain}` || (s.startsWith("*.") && domain.endsWith(s.slice(1)));
  });

/**
 * Whether a key is one an actor holds alone: an address on a small host (not a listed or
 * statistically found mass hoster) or a certificate issued for a few names it covers.
 * These are strong evidence; 0 for keys that are no evidence at all.
 */
function ownKey(
  kind: KeyKind,
  list: readonly number[],
  ctx: WeighContext,
  massHosts: ReadonlySet<number>,
): "own" | "shared" | "none" {
  if (kind === "ip") {
    const asn = ctx.findings[list[0]!]!.asn ?? null;
    const op = hostingOperator(asn);
    if (op?.kind === "cdn" || op?.kind === "parking") return "none";
    return op || (asn != null && massHosts.has(asn)) ? "shared" : "own";
  }
  if (kind === "cert") {
    // A CDN's or hoster's certificate names dozens of customers; the host's default one none.
    const bad = list.some((i) => {
      const f = ctx.findings[i]!;
      return (
        f.tls_sans != null && (f.tls_sans.length > MAX_OWN_CERT_NAMES || !coversDomain(f.tls_sans, f.domain))
      );
    });
    // A certificate served from a CDN's edge is the CDN's, shared by its customers.
    const onCdn = list.some((i) => hostingOperator(ctx.findings[i]!.asn)?.kind === "cdn");
    return bad || onCdn ? "none" : "own";
  }
  return "shared";
}

/** Keys seen on more distinct domains than this in earlier scans lose weight as HISTORY_CAPACITY/seen. */
const HISTORY_CAPACITY = 50;

export interface KeyWeights {
  /** For any pair of its holders. */
  weight: number;
  /** For a pair of its holders registered in one burst. */
  inBurst: number;
  /** Its holders (three or more, with known registrations) nearly all look like one actor's. */
  oneActor: boolean;
}

/**
 * The weight of one key in this scan, 0..1: `weight` for any pair of its holders, `inBurst` for
 * a pair that was also registered in one burst. A crowded key (a kit page many actors bought)
 * is capped by how many names one actor plausibly puts on it; but a pair inside one burst is
 * one actor's corner of that crowd, and for it the cap does not apply.
 */
export function keyWeights(key: string, ctx: WeighContext, massHosts: ReadonlySet<number>): KeyWeights {
  const kind = keyKind(key);
  const list = ctx.holders.get(key) ?? [];
  const none = { weight: 0, inBurst: 0, oneActor: false };
  if (!kind || list.length < 2) return none;
  const owner = ownKey(kind, list, ctx, massHosts);
  if (owner === "none") return none;
  let w = kind === "ip" && owner === "shared" ? SHARED_HOST_IP_WEIGHT : BASE_WEIGHT[kind];
  // Holders plainly strangers (registered far apart at different registrars) are customers of
  // one service: the key is discounted, and capped by how many names one actor plausibly puts
  // on it. A key of the actor's own (a dedicated address, their certificate) otherwise stays
  // strong however many names they put on it and however slowly they registered them; any
  // other key is capped unless (nearly) all its holders look like one actor's names.
  const c = list.length >= 3 ? coherence(list, ctx.sameActor) : null;
  const strangers = c !== null && c < INCOHERENT_BELOW;
  const oneActor = c !== null && c >= ONE_ACTOR_FROM;
  if (strangers) w *= INCOHERENT_FACTOR;
  // Seen on many other domains in earlier scans: shared infrastructure this scan alone cannot
  // tell (a hoster's address that only a few of this brand's lookalikes happen to use).
  const seen = ctx.history?.get(key) ?? 0;
  if (seen > HISTORY_CAPACITY) w *= HISTORY_CAPACITY / seen;
  const capped =
    (strangers || (owner !== "own" && !oneActor)) && list.length > DEDICATED_CAPACITY
      ? (w * DEDICATED_CAPACITY) / list.length
      : w;
  const round = (x: number) => Math.round(x * 1000) / 1000;
  return { weight: round(capped), inBurst: round(strangers ? capped : w), oneActor };
}
