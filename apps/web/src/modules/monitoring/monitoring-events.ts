import { createHash } from "node:crypto";
import type { TAlertRaise } from "@brandwarden/contract/alerts";
import type { TEventOf } from "@brandwarden/contract/events";
import { ZDomainName } from "@brandwarden/contract/common";
import type { Logger } from "@brandwarden/platform/logger/logger";
import type { Db } from "../../db/client.ts";
import type { AlertsService } from "../alerts/alerts.service.ts";
import type { UsersService } from "../users/users.service.ts";
import { whyItMatters } from "./alert-builders.ts";
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
};

/** Handlers of the monitoring events: `watch_update` (a watch round's results) and `alert`. */
export function createMonitoringEventHandlers(deps: {
  db: Db;
  watch: WatchService;
  tracking: TrackingRepository;
  users: Pick<UsersService, "findById">;
  alerts: AlertsService;
  logger: Logger;
}) {
  /**
   * The generic entry point for alerts from other sources (the CT follower's `lookalike.discovered`):
   * a domain lookalike with a finding joins the tracked lookalikes and the alert links its page.
   */
  async function raiseFromSource(input: TAlertRaise, source: "ct" | "watch" = "ct") {
    if (!(await deps.users.findById(input.user_id))) {
      deps.logger.warn({ user_id: input.user_id, type: input.type }, "alert for an unknown user dropped");
      return null;
    }
    const domain = ZDomainName.safeParse(input.finding?.domain ?? input.subject);
    let lookalikeId: string | null = null;
    let link = "/alerts";
    if (input.finding && domain.success) {
      const name = domain.data;
      const prev = (await deps.tracking.byNames(input.user_id, "domain", [name])).get(name) ?? null;
      const finding = { resolve_status: "registered", ...input.finding };
      const applied = applyLook(prev, {
        userId: input.user_id,
        kind: "domain",
        name,
        source,
        at: new Date(),
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
      link = `/lookalikes/${saved.id}`;
    }
    const why = input.finding ? whyItMatters(input.finding as Record<string, unknown>) : [];
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
