import { createHash } from "node:crypto";
import type { TRecipientContact } from "@brandwarden/contract/browser/takedown-cases";
import type { TEvidenceResponse } from "@brandwarden/contract/takedown-worker";
import type { BlobStore } from "@brandwarden/platform/blob/blob";
import type { Db } from "../../db/client.ts";
import type { TakedownCaseRow } from "../../db/rows.ts";
import type { WorkerClient } from "../../worker-client/worker-client.ts";
import type { TakedownCasesRepository } from "./takedown-cases.repository.ts";

/** The most recipients one case holds (the contract's list limit). */
export const MAX_RECIPIENTS = 20;

const sameDesk = (
  a: Pick<TRecipientContact, "address" | "role">,
  b: Pick<TRecipientContact, "address" | "role">,
) => a.role === b.role && a.address.toLowerCase() === b.address.toLowerCase();

/**
 * A case's evidence pack (the evidence job): the worker captures the site and finds the desks;
 * the WARC and the screenshot go to the blob store, the case records their SHA-256 and size,
 * the baseline later checks compare with, and the recipients: the worker's list replaces the
 * ones found at opening that are not sent yet, analysts' own entries stay.
 */
export function createTakedownEvidence(deps: {
  db: Db;
  repo: TakedownCasesRepository;
  worker: Pick<WorkerClient, "evidence">;
  blobs: BlobStore;
}) {
  async function store(c: TakedownCaseRow, pack: TEvidenceResponse) {
    const warc = Buffer.from(pack.warc_base64, "base64");
    const sha256 = createHash("sha256").update(warc).digest("hex");
    if (sha256 !== pack.sha256) throw new Error("the evidence pack's SHA-256 does not match its bytes");
    const evidenceKey = await deps.blobs.put(warc);
    const screenshotKey = pack.screenshot_base64
      ? await deps.blobs.put(Buffer.from(pack.screenshot_base64, "base64"))
      : null;
    await deps.db.transaction(async (tx) => {
      const existing = await deps.repo.recipients([c.id], tx);
      const drop = existing.filter((r) => r.source !== "analyst" && r.state === "ready");
      const kept = existing.filter((r) => !drop.includes(r));
      const found = pack.recipients.filter((r) => !kept.some((k) => sameDesk(k, r)));
      const added = found.slice(0, Math.max(0, MAX_RECIPIENTS - kept.length));
      await deps.repo.deleteRecipients(
        drop.map((r) => r.id),
        tx,
      );
      const start = Math.max(0, ...kept.map((r) => r.position + 1));
      await deps.repo.addRecipients(
        added.map((r, i) => ({ ...r, case_id: c.id, position: start + i, state: "ready" as const })),
        tx,
      );
      await deps.repo.update(
        c.id,
        {
          evidence_status: "ready",
          evidence_live: pack.live,
          evidence_captured_at: new Date(pack.captured_at),
          evidence_sha256: sha256,
          evidence_size: warc.length,
          evidence_key: evidenceKey,
          screenshot_key: screenshotKey,
          evidence_error: null,
          baseline: pack.baseline,
          escalation_contacts: pack.escalation_contacts,
        },
        undefined,
        tx,
      );
      const seen = pack.live
        ? "the site as it answered"
        : "the site no longer answers: the pack holds what the last scan saw";
      const desks = added.map((r) => `${r.organisation} (${r.role}, ${r.source})`).join(", ");
      await deps.repo.addTimeline(
        [
          {
            case_id: c.id,
            event: "evidence_captured",
            detail: `Evidence pack of ${seen}: ${warc.length} bytes, SHA-256 ${sha256}${screenshotKey ? ", with a screenshot" : ""}. ${added.length ? `Recipients found: ${desks}.` : "No new recipient found."}`,
          },
        ],
        tx,
      );
    });
  }

  return {
    /** Captures the case's pack; past the last attempt the evidence is `failed` with the reason (the case stays usable). */
    async capture(caseId: string, attempt: number, attempts: number): Promise<void> {
      const c = await deps.repo.byId(caseId);
      if (!c || c.evidence_status === "ready") return;
      try {
        const pack = await deps.worker.evidence({
          case_id: c.id,
          user_id: c.user_id,
          scan_id: c.scan_id,
          kind: c.kind,
          finding_id: c.finding_id,
          domain: c.domain,
          platform: c.platform,
          handle: c.handle,
          profile_url: c.profile_url,
        });
        await store(c, pack);
      } catch (err) {
        if (attempt < attempts) throw err;
        const reason = (err as Error).message.slice(0, 2000);
        await deps.db.transaction(async (tx) => {
          await deps.repo.update(c.id, { evidence_status: "failed", evidence_error: reason }, undefined, tx);
          await deps.repo.addTimeline(
            [
              {
                case_id: c.id,
                event: "evidence_failed",
                detail: `The evidence pack could not be made: ${reason}`,
              },
            ],
            tx,
          );
        });
      }
    },
  };
}

export type TakedownEvidence = ReturnType<typeof createTakedownEvidence>;
