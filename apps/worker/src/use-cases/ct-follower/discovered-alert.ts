import type { TAlertRaise } from "@brandwarden/contract/alerts";
import type { TWatchFinding } from "@brandwarden/contract/watch";
import type { MatchRule } from "../../capabilities/discovery/match/brand-index.ts";
import type { CtLogSource } from "../../capabilities/discovery/ct/log-list.ts";

/**
 * What the follower hands on for every new match: the brand's user, the name as an enriched,
 * scored finding, why it matched, and where in which log the certificate sits. `DiscoverySink` is
 * the one seam between following and alerting; the worker's sink publishes it as an `alert` event
 * (type `lookalike.discovered`) on the durable event stream, which the web app's alert module
 * turns into the feed entry, the webhook and the e-mail.
 */
export interface LookalikeDiscovered {
  user_id: string;
  domain: string;
  rule: MatchRule;
  term: string;
  reason: string;
  finding: TWatchFinding;
  log: Pick<CtLogSource, "url" | "description" | "kind">;
  entry: { index: number; timestamp: number; entry_type: "x509_entry" | "precert_entry" };
}

export type DiscoverySink = (d: LookalikeDiscovered) => Promise<void>;

/** The `alert` event data of a discovery (contract `ZAlertRaise`), deduplicated per user and name. */
export function discoveredAlert(d: LookalikeDiscovered): TAlertRaise {
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

/** Where `alert` events go: the worker's scan publisher (the durable worker-to-web stream) is one. */
export interface AlertPublisher {
  publish(kind: "alert", data: TAlertRaise): Promise<void>;
}

/** The worker's sink: an `alert` event on the durable worker-to-web stream. */
export function alertEventSink(publisher: AlertPublisher): DiscoverySink {
  return (d) => publisher.publish("alert", discoveredAlert(d));
}
