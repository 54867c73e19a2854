/**
 * Campaign clustering: findings that share an infrastructure key are one campaign (single
 * linkage by union-find), as urlinsane's campaign analyser does: "one squatted lookalike is
 * an incident; forty on one name server is a campaign". Pure: findings in, clusters out.
 */
import { createHash } from "node:crypto";
import type { TCampaignCluster } from "@brandwarden/contract/scoring";
import type { CampaignContext } from "../scoring/evidence.ts";
import {
  campaignStrength,
  infrastructureKeys,
  type BrandInfrastructure,
  type ClusterEvidence,
} from "./keys.ts";

export const REGISTRATION_WINDOW_HOURS = 48;

export interface ClusterOptions {
  /** The brand's own infrastructure, never a linking key. */
  brand?: BrandInfrastructure;
  /** Same registrar and creation within this many hours links two findings (default 48). */
  registrationWindowHours?: number;
}

/** A finding's place in its campaign. */
export interface CampaignMembership {
  campaign_id: string;
  size: number;
  /** This member's keys that it shares with another member. */
  keys: string[];
  /** `campaignStrength(size, keys)`: the campaign_membership signal value. */
  strength: number;
}

export interface ClusterResult {
  /** Campaigns (2+ members), largest first. */
  clusters: TCampaignCluster[];
  /** Domain -> membership, for members of a campaign only. */
  membership: Map<string, CampaignMembership>;
}

class UnionFind {
  private readonly parent: number[];
  constructor(n: number) {
    this.parent = Array.from({ length: n }, (_, i) => i);
  }
  find(i: number): number {
    while (this.parent[i] !== i) {
      this.parent[i] = this.parent[this.parent[i]!]!; // path halving
      i = this.parent[i]!;
    }
    return i;
  }
  union(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent[Math.max(ra, rb)] = Math.min(ra, rb);
  }
}

/** The scorer's campaign context for one finding: its membership, or false when in none. */
export function campaignContextOf(result: ClusterResult, domain: string): CampaignContext | false {
  const m = result.membership.get(domain);
  return m ? { campaign_id: m.campaign_id, size: m.size, keys: m.keys } : false;
}

/** Stable id: the same members give the same id in every scan and process. */
export function campaignIdOf(domains: readonly string[]): string {
  const digest = createHash("sha256")
    .update([...domains].sort().join("\n"))
    .digest("hex");
  return `cmp_${digest.slice(0, 16)}`;
}

const registrarName = (r: string) => r.trim().toLowerCase().replace(/\s+/g, " ");

/**
 * Registrar-window keys: findings at one registrar created within `hours` of the previous one
 * (single linkage over creation time) share `registrar:<name>@<chain start>`.
 */
function registrarKeys(findings: readonly ClusterEvidence[], hours: number): Map<number, string> {
  const byRegistrar = new Map<string, Array<{ i: number; t: number }>>();
  findings.forEach((f, i) => {
    const t = f.registration_created ? Date.parse(f.registration_created) : NaN;
    if (!f.registrar || Number.isNaN(t)) return;
    const name = registrarName(f.registrar);
    const list = byRegistrar.get(name) ?? [];
    list.push({ i, t });
    byRegistrar.set(name, list);
  });
  const out = new Map<number, string>();
  const windowMs = hours * 3_600_000;
  for (const [name, list] of byRegistrar) {
    list.sort((a, b) => a.t - b.t);
    let chain: typeof list = [];
    const flush = () => {
      if (chain.length >= 2) {
        const key = `registrar:${name}@${new Date(chain[0]!.t).toISOString().slice(0, 10)}`;
        for (const m of chain) out.set(m.i, key);
      }
    };
    for (const item of list) {
      if (chain.length && item.t - chain[chain.length - 1]!.t > windowMs) {
        flush();
        chain = [];
      }
      chain.push(item);
    }
    flush();
  }
  return out;
}

export function clusterFindings(
  findings: readonly ClusterEvidence[],
  opts: ClusterOptions = {},
): ClusterResult {
  const hours = opts.registrationWindowHours ?? REGISTRATION_WINDOW_HOURS;
  const keysOf = findings.map((f) => infrastructureKeys(f, opts.brand));
  for (const [i, key] of registrarKeys(findings, hours)) keysOf[i]!.push(key);

  const uf = new UnionFind(findings.length);
  const holders = new Map<string, number[]>();
  keysOf.forEach((keys, i) => {
    for (const k of keys) {
      const list = holders.get(k);
      if (list) {
        uf.union(list[0]!, i);
        list.push(i);
      } else holders.set(k, [i]);
    }
  });

  const groups = new Map<number, number[]>();
  findings.forEach((_, i) => {
    const root = uf.find(i);
    const g = groups.get(root) ?? [];
    g.push(i);
    groups.set(root, g);
  });

  const clusters: TCampaignCluster[] = [];
  const membership = new Map<string, CampaignMembership>();
  for (const members of groups.values()) {
    const domains = [...new Set(members.map((i) => findings[i]!.domain))].sort();
    if (domains.length < 2) continue; // a singleton is not a campaign
    const campaign_id = campaignIdOf(domains);
    const linking = (i: number) => keysOf[i]!.filter((k) => (holders.get(k)?.length ?? 0) >= 2);
    const keys = [...new Set(members.flatMap(linking))].sort();
    const dates = members
      .map((i) => (findings[i]!.registration_created ? Date.parse(findings[i]!.registration_created!) : NaN))
      .filter((t) => !Number.isNaN(t));
    clusters.push({
      campaign_id,
      size: domains.length,
      domains,
      keys,
      earliest_registration: dates.length ? new Date(Math.min(...dates)).toISOString() : null,
      latest_registration: dates.length ? new Date(Math.max(...dates)).toISOString() : null,
    });
    for (const i of members) {
      const own = linking(i);
      membership.set(findings[i]!.domain, {
        campaign_id,
        size: domains.length,
        keys: own,
        strength: campaignStrength(domains.length, own),
      });
    }
  }
  clusters.sort((a, b) => b.size - a.size || a.campaign_id.localeCompare(b.campaign_id));
  return { clusters, membership };
}
