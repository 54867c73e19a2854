import type { TAlertRaise } from "@brandwarden/contract/alerts";
import type { TWatchFinding } from "@brandwarden/contract/watch";
import type { MatchRule } from "../match/brand-index.ts";
import type { CtLogSource } from "../ct/log-list.ts";

/**
 * What a discovery source hands on for every new match: the brand's user, the name as an enriched,
 * scored finding, why it matched, and where it was found: a certificate in a CT log (`source`
 * "ct", or absent), a zone file (`zone`) or a newly-registered-domains list (`nrd`).
 * `DiscoverySink` is the one seam between discovering and alerting; the worker's sink publishes it
 * as an `alert` event (type `lookalike.discovered`, `data.source` naming the source) on the durable
 * event stream, which the web app's alert module turns into the feed entry, the webhook and the
 * e-mail.
 */
interface DiscoveryBase {
  user_id: string;
  domain: string;
  rule: MatchRule;
  term: string;
  reason: string;
  finding: TWatchFinding;
}

interface CtDiscovery extends DiscoveryBase {
  source?: "ct";
  log: Pick<CtLogSource, "url" | "description" | "kind">;
  entry: { index: number; timestamp: number; entry_type: "x509_entry" | "precert_entry" };
}

interface ZoneDiscovery extends DiscoveryBase {
  source: "zone";
  /** The zone's TLD (`com`). */
  zone: string;
  /** The file's name (no directory). */
  file: string;
  /** When the file was published (its modification time), ms since the epoch. */
  published_at: number;
}

interface NrdDiscovery extends DiscoveryBase {
  source: "nrd";
  /** The list's host (or file name): never its full URL, which may carry a download key. */
  list: string;
  /** When the list was fetched, ms since the epoch. */
  fetched_at: number;
}

export type LookalikeDiscovered = CtDiscovery | ZoneDiscovery | NrdDiscovery;

export type DiscoverySink = (d: LookalikeDiscovered) => Promise<void>;

/**
 * The store key that says a (user, name) was handed on, one space for every source: an analyst
 * gets one discovery alert per name, whichever source saw it first.
 */
export function discoverySeenKey(prefix: string, userId: string, name: string): string {
  return `${prefix}:ct:seen:${userId}:${name}`;
}

/** The `alert` event data of a discovery (contract `ZAlertRaise`), deduplicated per user and name. */
export function discoveredAlert(d: LookalikeDiscovered): TAlertRaise {
  if (d.source === "zone" || d.source === "nrd") return feedAlert(d);
  const logged = new Date(d.entry.timestamp).toISOString();
  const cert = d.entry.entry_type === "precert_entry" ? "precertificate" : "certificate";
  return {
    user_id: d.user_id,
    type: "lookalike.discovered",
    subject: d.domain,
    title: `New lookalike in Certificate Transparency: ${d.finding.domain_unicode ?? d.domain}`,
    reason: `${d.reason}. A ${cert} for it was logged by ${d.log.description} at ${logged}.`.slice(0, 4000),
    severity: d.finding.severity ?? null,
    finding: d.finding,
    data: {
      source: "ct",
      rule: d.rule,
      term: d.term,
      log: d.log.description,
      log_url: d.log.url,
      entry_index: d.entry.index,
      entry_type: d.entry.entry_type,
      logged_at: logged,
    },
    dedupe_key: `ct:${d.user_id}:${d.domain}`,
  };
}

/** A discovery from a zone file or a newly-registered-domains list. */
function feedAlert(d: ZoneDiscovery | NrdDiscovery): TAlertRaise {
  const name = d.finding.domain_unicode ?? d.domain;
  const common = {
    user_id: d.user_id,
    type: "lookalike.discovered" as const,
    subject: d.domain,
    severity: d.finding.severity ?? null,
    finding: d.finding,
    // One key for every source but CT's own (kept as it was): the seen keys already make one per name.
    dedupe_key: `discovered:${d.user_id}:${d.domain}`,
  };
  if (d.source === "zone") {
    const published = new Date(d.published_at).toISOString();
    return {
      ...common,
      title: `New lookalike in the .${d.zone} zone file: ${name}`,
      reason: `${d.reason}. It is new in the .${d.zone} zone file published at ${published}.`.slice(0, 4000),
      data: {
        source: "zone",
        rule: d.rule,
        term: d.term,
        zone: d.zone,
        file: d.file,
        published_at: published,
      },
    };
  }
  const fetched = new Date(d.fetched_at).toISOString();
  return {
    ...common,
    title: `New lookalike in the newly registered domains list: ${name}`,
    reason:
      `${d.reason}. It is in the newly registered domains list from ${d.list}, fetched at ${fetched}.`.slice(
        0,
        4000,
      ),
    data: { source: "nrd", rule: d.rule, term: d.term, list: d.list, fetched_at: fetched },
  };
}

/** Where `alert` events go: the worker's scan publisher (the durable worker-to-web stream) is one. */
export interface AlertPublisher {
  publish(kind: "alert", data: TAlertRaise): Promise<void>;
}

/** The worker's sink: an `alert` event on the durable worker-to-web stream. */
export function alertEventSink(publisher: AlertPublisher): DiscoverySink {
  return (d) => publisher.publish("alert", discoveredAlert(d));
}
