/**
 * Campaign clustering: lookalikes one actor runs, found by the infrastructure they share, with
 * each shared key weighed by how rare and how telling it is (weights.ts). Two findings are
 * linked only on strong evidence or on several independent medium keys (a registration burst,
 * or one registrar over weeks for names on an address only they hold, counts as one), and a
 * cluster grows only while at least half of its cross pairs are linked (average linkage), so a
 * chain of weak links never glues unrelated names into a blob. The brand's own registrations
 * are grouped apart (defensive.ts). Pure: findings in, clusters out.
 */
import { createHash } from "node:crypto";
import { DEFENSIVE_ID_PREFIX, describeCampaign } from "@brandwarden/contract/campaign-describe";
import type { TCampaignCluster } from "@brandwarden/contract/scoring";
import { campaignStrength, keyKind } from "../provider-facts/key-strength.ts";
import type { CampaignContext } from "../scoring/evidence.ts";
import { defensiveReasons } from "./defensive.ts";
import { infrastructureKeys, type BrandInfrastructure, type ClusterEvidence } from "./keys.ts";
import { averageLinkage, type Link } from "./linkage.ts";
import {
  ACTOR_SPAN_DAYS,
  BASE_WEIGHT,
  FAMILY,
  LINK_THRESHOLD,
  SLOW_REGISTRATION_WEIGHT,
  keyWeights,
  statisticalMassHosts,
  type KeyWeights,
  type Family,
} from "./weights.ts";

const REGISTRATION_WINDOW_HOURS = 48;
/** Keys lighter than this are not shown as a campaign's evidence. */
const MIN_SHOWN_WEIGHT = 0.1;
/** Keys lighter than this link nothing, even summed with others. */
const MIN_LINK_WEIGHT = 0.05;

export interface ClusterOptions {
  /** The brand's own infrastructure: never a linking key; sharing it marks a defensive name. */
  brand?: BrandInfrastructure;
  /** Same registrar and creation within this many hours is a registration burst (default 48). */
  registrationWindowHours?: number;
  /**
   * Key -> how many distinct domains outside this scan held it in earlier scans. A key seen on
   * many is shared infrastructure and loses weight (weights.ts HISTORY_CAPACITY).
   */
  keyHistory?: ReadonlyMap<string, number>;
}

/** A finding's place in its campaign. */
interface CampaignMembership {
  campaign_id: string;
  size: number;
  kind: "attack" | "defensive";
  /** This member's keys that it shares with another member. */
  keys: string[];
  /** `campaignStrength(size, keys)`: the campaign_membership signal value (0 if defensive). */
  strength: number;
}

export interface ClusterResult {
  /** Campaigns (2+ members) largest first, then the defensive group if any. */
  clusters: TCampaignCluster[];
  /** Domain -> membership, for members of a campaign or of the defensive group only. */
  membership: Map<string, CampaignMembership>;
}

/** The scorer's campaign context for one finding: its membership, or false when in none. */
export function campaignContextOf(result: ClusterResult, domain: string): CampaignContext | false {
  const m = result.membership.get(domain);
  return m ? { campaign_id: m.campaign_id, size: m.size, keys: m.keys, kind: m.kind } : false;
}

/** Stable id: the same members give the same id in every scan and process. */
export function campaignIdOf(domains: readonly string[], prefix = "cmp_"): string {
  const digest = createHash("sha256")
    .update([...domains].sort().join("\n"))
    .digest("hex");
  return `${prefix}${digest.slice(0, 16)}`;
}

const registrarName = (r: string) => r.trim().toLowerCase().replace(/\s+/g, " ");
const createdAt = (f: ClusterEvidence) =>
  f.registration_created ? Date.parse(f.registration_created) : Number.NaN;

/** Pairwise registration burst: both known, same registrar, created within the window. */
function burstTest(findings: readonly ClusterEvidence[], windowMs: number) {
  const reg = findings.map((f) => (f.registrar ? registrarName(f.registrar) : null));
  const t = findings.map(createdAt);
  return (a: number, b: number): boolean | null => {
    if (!reg[a] || !reg[b] || Number.isNaN(t[a]!) || Number.isNaN(t[b]!)) return null;
    return reg[a] === reg[b] && Math.abs(t[a]! - t[b]!) <= windowMs;
  };
}

/** Plausibly one actor's: same registrar, created within ACTOR_SPAN_DAYS; null when unknown. */
function actorTest(findings: readonly ClusterEvidence[]) {
  return burstTest(findings, ACTOR_SPAN_DAYS * 86_400_000);
}

/** Burst keys inside one cluster: `registrar:<name>@<chain start day>` for chains of 2+. */
function burstKeys(members: readonly number[], findings: readonly ClusterEvidence[], windowMs: number) {
  const out = new Map<number, string>();
  const byReg = new Map<string, number[]>();
  for (const i of members) {
    const f = findings[i]!;
    if (!f.registrar || Number.isNaN(createdAt(f))) continue;
    const name = registrarName(f.registrar);
    byReg.set(name, [...(byReg.get(name) ?? []), i]);
  }
  for (const [name, list] of byReg) {
    list.sort((a, b) => createdAt(findings[a]!) - createdAt(findings[b]!));
    let chain: number[] = [];
    const flush = () => {
      if (chain.length < 2) return;
      const day = new Date(createdAt(findings[chain[0]!]!)).toISOString().slice(0, 10);
      for (const i of chain) out.set(i, `registrar:${name}@${day}`);
    };
    for (const i of list) {
      const prev = chain[chain.length - 1];
      if (prev !== undefined && createdAt(findings[i]!) - createdAt(findings[prev]!) > windowMs) {
        flush();
        chain = [];
      }
      chain.push(i);
    }
    flush();
  }
  return out;
}

export function clusterFindings(
  findings: readonly ClusterEvidence[],
  opts: ClusterOptions = {},
): ClusterResult {
  const windowMs = (opts.registrationWindowHours ?? REGISTRATION_WINDOW_HOURS) * 3_600_000;
  const massHosts = statisticalMassHosts(findings);
  const reasons = findings.map((f) => defensiveReasons(f, opts.brand, massHosts));
  const keysOf = findings.map((f, i) => (reasons[i]!.length ? [] : infrastructureKeys(f, opts.brand)));
  const holders = new Map<string, number[]>();
  keysOf.forEach((keys, i) => {
    for (const k of keys) holders.set(k, [...(holders.get(k) ?? []), i]);
  });
  const sameBurst = burstTest(findings, windowMs);
  const sameActor = actorTest(findings);
  const weight = new Map<string, KeyWeights>();
  const wctx = { findings, holders, sameActor, history: opts.keyHistory };
  for (const k of holders.keys()) weight.set(k, keyWeights(k, wctx, massHosts));

  // Two names on different addresses, one of them tied to other names by its address, run on
  // different hosting: a crowded key they share is not lifted by a burst (two actors who bought
  // one kit and registered the same week).
  const ipsOf = findings.map((f) => new Set([...(f.dns_a ?? []), ...(f.dns_aaaa ?? [])]));
  const linked = keysOf.map((keys) =>
    keys.some((k) => keyKind(k) === "ip" && weight.get(k)!.weight >= MIN_LINK_WEIGHT),
  );
  const hostConflict = (a: number, b: number) =>
    (linked[a]! || linked[b]!) &&
    ipsOf[a]!.size > 0 &&
    ipsOf[b]!.size > 0 &&
    ![...ipsOf[a]!].some((ip) => ipsOf[b]!.has(ip));

  // Pair evidence: the best key of each family, summed over families.
  const pairs = new Map<number, Map<Family, number>>();
  // Pairs on one address that only names looking like one actor's hold (not a /24, not a crowd).
  const onOneAddress = new Set<number>();
  const n = findings.length;
  for (const [k, list] of holders) {
    const { weight: any, inBurst, oneActor } = weight.get(k)!;
    if (Math.max(any, inBurst) < MIN_LINK_WEIGHT) continue; // too common to link anything, even summed
    const kind = keyKind(k)!;
    const family = FAMILY[kind];
    for (let x = 0; x < list.length; x++) {
      for (let y = x + 1; y < list.length; y++) {
        const [a, b] = [list[x]!, list[y]!];
        const w = inBurst !== any && sameBurst(a, b) && !hostConflict(a, b) ? inBurst : any;
        if (w < MIN_LINK_WEIGHT) continue;
        const id = Math.min(a, b) * n + Math.max(a, b);
        const fam = pairs.get(id) ?? new Map<Family, number>();
        fam.set(family, Math.max(fam.get(family) ?? 0, w));
        if (kind === "ip" && oneActor) onOneAddress.add(id);
        pairs.set(id, fam);
      }
    }
  }
  // A name whose DNS could not be looked up has no hosting to compare: nothing contradicts its
  // registration burst, which then links it alone.
  const unknownHosting = (f: ClusterEvidence) =>
    f.dns_a == null &&
    f.dns_ns == null &&
    f.dns_mx == null &&
    f.tls_fingerprint == null &&
    f.html_hash == null &&
    f.favicon_hash == null;
  const burstOnly = new Set<number>();
  findings.forEach((f, a) => {
    if (!unknownHosting(f) || reasons[a]!.length) return;
    findings.forEach((_, b) => {
      if (b === a || reasons[b]!.length || !sameBurst(a, b)) return;
      const id = Math.min(a, b) * n + Math.max(a, b);
      if (!pairs.has(id)) pairs.set(id, new Map());
      burstOnly.add(id);
    });
  });
  const edges: Link[] = [];
  const anchored = new Set<number>(); // linked to someone by infrastructure, not a date alone
  for (const [id, fam] of pairs) {
    const a = Math.floor(id / n);
    const b = id % n;
    if (sameBurst(a, b)) fam.set("registration", burstOnly.has(id) ? LINK_THRESHOLD : BASE_WEIGHT.registrar);
    // A patient actor: an address only their names hold (co-tenancy is individual, unlike a kit
    // or a registrar, which whole populations share) and one registrar over weeks.
    else if (onOneAddress.has(id) && sameActor(a, b)) fam.set("registration", SLOW_REGISTRATION_WEIGHT);
    let sum = 0;
    for (const w of fam.values()) sum += w;
    if (sum >= LINK_THRESHOLD - 1e-9) {
      edges.push([a, b, sum]);
      if (fam.size > 1 || !burstOnly.has(id)) anchored.add(a).add(b);
    }
  }

  const clusters: TCampaignCluster[] = [];
  const membership = new Map<string, CampaignMembership>();
  const facts = (i: number, keys: string[]) => ({
    domain: findings[i]!.domain,
    campaign_keys: keys,
    registrar: findings[i]!.registrar ?? null,
    registration_created: findings[i]!.registration_created ?? null,
    asn_org: findings[i]!.asn_org ?? null,
  });
  const emit = (
    members: number[],
    id: string,
    kind: "attack" | "defensive",
    keysFor: (i: number) => string[],
  ) => {
    const domains = [...new Set(members.map((i) => findings[i]!.domain))].sort();
    const own = new Map(members.map((i) => [i, keysFor(i)]));
    const d = describeCampaign(
      id,
      members.map((i) => facts(i, own.get(i)!)),
      { registrationWindowHours: windowMs / 3_600_000 },
    );
    clusters.push({
      campaign_id: id,
      size: domains.length,
      domains,
      keys: [...new Set(members.flatMap((i) => own.get(i)!))].sort(),
      ...d,
    });
    for (const i of members) {
      const keys = own.get(i)!;
      membership.set(findings[i]!.domain, {
        campaign_id: id,
        size: domains.length,
        kind,
        keys,
        strength: kind === "defensive" ? 0 : campaignStrength(domains.length, keys),
      });
    }
  };

  for (const members of averageLinkage(n, edges)) {
    // A singleton is not a campaign; nor are names held together by registration dates alone.
    if (members.length < 2 || !members.some((i) => anchored.has(i))) continue;
    const inCluster = new Set(members);
    const bursts = burstKeys(members, findings, windowMs);
    const shared = (k: string) =>
      Math.max(weight.get(k)?.weight ?? 0, weight.get(k)?.inBurst ?? 0) >= MIN_SHOWN_WEIGHT &&
      holders.get(k)!.filter((j) => inCluster.has(j)).length >= 2;
    const keysFor = (i: number) =>
      [...keysOf[i]!.filter(shared), ...(bursts.has(i) ? [bursts.get(i)!] : [])].sort();
    const domains = members.map((i) => findings[i]!.domain);
    emit(members, campaignIdOf(domains), "attack", keysFor);
  }
  clusters.sort((a, b) => b.size - a.size || a.campaign_id.localeCompare(b.campaign_id));

  const defensive = findings.flatMap((_, i) => (reasons[i]!.length ? [i] : []));
  if (defensive.length) {
    const id = campaignIdOf(
      defensive.map((i) => findings[i]!.domain),
      DEFENSIVE_ID_PREFIX,
    );
    emit(defensive, id, "defensive", (i) => reasons[i]!);
  }
  return { clusters, membership };
}
