/** Lookup of a finding in the loaded feeds by domain (and registrable domain), URL and IP. */
import { nameParts } from "../provider-facts/name-parts.ts";
import type { FeedName, FeedRecord } from "./types.ts";

/** The contract's `ZThreatFeedHit`. */
interface FeedHit {
  feed: FeedName;
  matched: "domain" | "url" | "ip";
  /** The feed's listed URL that matched. */
  value: string;
  first_seen: string | null;
}

export interface FeedQuery {
  /** The lookalike, ASCII. */
  domain: string;
  /** URLs seen for it (final URL, redirect chain). */
  urls?: ReadonlyArray<string | null | undefined>;
  /** Its addresses. */
  ips?: readonly string[];
}

export interface FeedIndex {
  readonly size: number;
  match(query: FeedQuery): FeedHit[];
}

/** Scheme and host lower case, no fragment, no trailing slash: the form URLs are compared in. */
export function normaliseUrl(url: string): string | null {
  try {
    const u = new URL(url.trim());
    u.hash = "";
    return u.toString().replace(/\/$/, "");
  } catch {
    return null;
  }
}

const MAX_HITS = 50;

export function createFeedIndex(records: readonly FeedRecord[]): FeedIndex {
  const byHost = new Map<string, FeedRecord[]>();
  const byRegistrable = new Map<string, FeedRecord[]>();
  const byUrl = new Map<string, FeedRecord[]>();
  const byIp = new Map<string, FeedRecord[]>();
  const add = (map: Map<string, FeedRecord[]>, key: string | null, r: FeedRecord) => {
    if (!key) return;
    const list = map.get(key);
    if (list) list.push(r);
    else map.set(key, [r]);
  };
  for (const r of records) {
    add(byHost, r.host, r);
    if (!r.ips.includes(r.host)) add(byRegistrable, nameParts(r.host).registrable, r);
    add(byUrl, normaliseUrl(r.url), r);
    for (const ip of r.ips) add(byIp, ip, r);
  }
  return {
    size: records.length,
    match(q) {
      const hits = new Map<string, FeedHit>();
      const put = (list: FeedRecord[] | undefined, matched: FeedHit["matched"]) => {
        for (const r of list ?? []) {
          const key = `${r.feed}|${r.url}`;
          // One hit per listed URL, keeping the most specific way it matched.
          if (hits.has(key) && matched === "ip") continue;
          if (hits.get(key)?.matched === "url") continue;
          hits.set(key, { feed: r.feed, matched, value: r.url, first_seen: r.first_seen });
        }
      };
      const domain = q.domain.toLowerCase().replace(/\.$/, "");
      for (const ip of q.ips ?? []) put(byIp.get(ip), "ip");
      const registrable = nameParts(domain).registrable;
      if (registrable) put(byRegistrable.get(registrable), "domain");
      put(byHost.get(domain), "domain");
      for (const url of q.urls ?? []) {
        const n = url ? normaliseUrl(url) : null;
        if (n) put(byUrl.get(n), "url");
      }
      const rank = { url: 0, domain: 1, ip: 2 } as const;
      return [...hits.values()].sort((a, b) => rank[a.matched] - rank[b.matched]).slice(0, MAX_HITS);
    },
  };
}

/** What a finding is looked up by: its name, the URLs it was seen at, and its addresses. */
export function feedQueryOf(ev: {
  domain: string;
  final_url?: string | null;
  redirect_chain?: readonly string[] | null;
  dns_a?: readonly string[] | null;
  dns_aaaa?: readonly string[] | null;
}): FeedQuery {
  return {
    domain: ev.domain,
    urls: [`http://${ev.domain}/`, `https://${ev.domain}/`, ev.final_url, ...(ev.redirect_chain ?? [])],
    ips: [...(ev.dns_a ?? []), ...(ev.dns_aaaa ?? [])],
  };
}
