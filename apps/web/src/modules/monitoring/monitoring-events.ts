import { createHash } from "node:crypto";
import type { TAlertRaise } from "@brandwarden/contract/alerts";
import type { TEventOf } from "@brandwarden/contract/events";
import { ZDomainName } from "@brandwarden/contract/common";
import type { Logger } from "@brandwarden/platform/logger/logger";
import type { Db } from "../../db/client.ts";
import type { AlertsService } from "../alerts/alerts.service.ts";
import type { UsersService } from "../users/users.service.ts";
import { detectedPhrase, whyItMatters } from "./alert-builders.ts";
import { domainFacts } from "./lifecycle.ts";
import { maliciousBecause } from "./malicious-evidence.ts";
import { applyLook, domainEvidenceOf } from "./tracking.ts";
import type { TrackingRepository } from "./tracking.repository.ts";
import type { WatchService } from "./watch.service.ts";

const DEFAULT_TITLES: Record<TAlertRaise["type"], (s: string) => string> = {
  "lookalike.registered": (s) => `${s} was just registered`,
  "lookalike.changed": (s) => `${s} changed`,
  "lookalike.discovered": (s) => `New lookalike discovered: ${s}`,
  "lookalike.down": (s) => `${s} is down`,
  "lookalike.reemerged": (s) => `${s} is back`,
  "findings.changed": () => "Findings changed since the last scan",
  "takedown.sent": (s) => `Takedown report sent: ${s}`,
  "takedown.escalated": (s) => `Takedown escalated: ${s}`,
};

/** Discovery sources an `alert` names in `data.source`; CT's follower came first and is the default. */
const DISCOVERY_SOURCES = ["ct", "zone", "nrd"] as const;
type DiscoverySource = (typeof DISCOVERY_SOURCES)[number];

const discoverySourceOf = (data: TAlertRaise["data"]): DiscoverySource =>
  DISCOVERY_SOURCES.find((s) => s === data?.source) ?? "ct";

const dateOf = (v: unknown): Date | null => {
  const d = typeof v === "string" ? new Date(v) : null;
  return d && !Number.isNaN(d.getTime()) ? d : null;
};

/** States of a tracked lookalike whose discovery by another source is no news. */
const ALREADY_KNOWN = new Set(["registered", "live", "malicious", "takedown_requested", "reemerged"]);

/** Handlers of the monitoring events: `watch_update` (a watch round's results) and `alert`. */
export function createMonitoringEventHandlers(deps: {
  db: Db;
  watch: WatchService;
  tracking: TrackingRepository;
  users: Pick<UsersService, "findById">;
  alerts: AlertsService;
  logger: Logger;
  /** The clock alerts say "registered 3 h ago" by (tests set it). */
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  /**
   * The generic entry point for alerts from other sources (the discovery sources' `lookalike.discovered`:
   * `data.source` `ct`, `zone` or `nrd`, CT by default): a domain lookalike with a finding joins the
   * tracked lookalikes, first seen by that source, and the alert links its page and says how long
   * after its registration it was found.
   */
  async function raiseFromSource(input: TAlertRaise) {
    const source = discoverySourceOf(input.data);
    const at = now();
    if (!(await deps.users.findById(input.user_id))) {
      deps.logger.warn({ user_id: input.user_id, type: input.type }, "alert for an unknown user dropped");
      return null;
    }
    const domain = ZDomainName.safeParse(input.finding?.domain ?? input.subject);
    let lookalikeId: string | null = null;
    let registeredAt = dateOf(input.finding?.registration_created);
    let link = "/alerts";
    let known = false;
    if (input.finding && domain.success) {
      const name = domain.data;
      const prev = (await deps.tracking.byNames(input.user_id, "domain", [name])).get(name) ?? null;
      // Already followed and registered (a scan, the watch or another source saw it first): a
      // further source sighting it is on its timeline, not a new discovery to alert on.
      known = input.type === "lookalike.discovered" && prev !== null && ALREADY_KNOWN.has(prev.state);
      const finding = { resolve_status: "registered", ...input.finding };
      const applied = applyLook(prev, {
        userId: input.user_id,
        kind: "domain",
        name,
        source,
        certLoggedAt: source === "ct" ? dateOf(input.data?.logged_at) : null,
        at,
        facts: domainFacts({ ...finding, malicious: maliciousBecause(finding) !== null }),
        evidence: domainEvidenceOf(finding),
        changes: input.changes ?? [],
        note: input.reason.slice(0, 500),
      });
      const saved = await deps.db.transaction(async (tx) => {
        const [row] = await deps.tracking.upsert([applied.row], tx);
        if (applied.observation)
          await deps.tracking.addObservations([{ ...applied.observation, tracked_id: row!.id }], tx);
        return row!;
      });
      lookalikeId = saved.id;
      registeredAt = saved.registered_at ?? registeredAt;
      link = `/lookalikes/${saved.id}`;
    }
    if (known) {
      deps.logger.info(
        { user_id: input.user_id, subject: input.subject, source },
        "discovery of a known lookalike: no alert",
      );
      return null;
    }
    const zone = typeof input.data?.zone === "string" ? input.data.zone : null;
    const detected = detectedPhrase(registeredAt, source, at, zone);
    const why = [
      ...(detected ? [detected] : []),
      ...(input.finding
        ? whyItMatters(input.finding as Record<string, unknown>, at, { registration: !detected })
        : []),
    ];
    const key =
      input.dedupe_key ??
      `${input.type}:${input.subject}:${createHash("sha256").update(input.reason).digest("hex").slice(0, 16)}`;
    return deps.alerts.raise({
      user_id: input.user_id,
      type: input.type,
      subject: input.subject,
      title: input.title ?? DEFAULT_TITLES[input.type](input.subject),
      reason: why.length ? `${input.reason} (${why.join("; ")})` : input.reason,
      severity: input.severity ?? (input.finding?.severity as string | undefined) ?? null,
      link,
      lookalike_id: lookalikeId,
      data: {
        ...(input.data ?? {}),
        ...(input.finding ? { finding: input.finding } : {}),
        ...(input.changes ? { changes: input.changes } : {}),
      },
      dedupe_key: key,
    });
  }

  return {
    raiseFromSource,
    watchUpdate: (message: TEventOf<"watch_update">) => deps.watch.applyUpdate(message.data),
    alert: async (message: TEventOf<"alert">) => {
      await raiseFromSource(message.data);
    },
  };
}
