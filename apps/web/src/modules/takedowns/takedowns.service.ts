import type { TTakedownDraft } from "@brandwarden/contract/worker-api";
import type { WorkerClient } from "../../worker-client/worker-client.ts";
import type { AuditEventsService } from "../audit-events/audit-events.service.ts";
import { ownedBy, type Principal } from "../sessions/actor.ts";
import type { TakedownCasesRepository } from "./takedown-cases.repository.ts";

/** "Generate takedown": the worker drafts the abuse e-mail; the web app records `takedown_generated`. */
export function createTakedownsService(deps: {
  repo: Pick<TakedownCasesRepository, "domainFinding">;
  worker: Pick<WorkerClient, "takedown">;
  auditEvents: Pick<AuditEventsService, "record">;
}) {
  return {
    /** The draft for one of the user's domain findings (another user's is 404). */
    async generate(p: Principal, findingId: string): Promise<TTakedownDraft> {
      const finding = ownedBy(p, await deps.repo.domainFinding(findingId), "Finding");
      const draft = await deps.worker.takedown({
        scan_id: finding.scan_id,
        finding_id: finding.id,
        domain: finding.domain,
      });
      await deps.auditEvents.record({
        name: "takedown_generated",
        user_id: p.user.id,
        scan_id: finding.scan_id,
        subject_id: finding.id,
        data: { domain: finding.domain, subject: draft.subject },
      });
      return draft;
    },
  };
}

export type TakedownsService = ReturnType<typeof createTakedownsService>;
