import type { TEventOf } from "@brandwarden/contract/events";
import type { BlobStore } from "@brandwarden/platform/blob/blob";
import type { Logger } from "@brandwarden/platform/logger/logger";
import type { ScanStreamHub } from "../../lib/scan-stream.ts";
import type { ScansService } from "../scans/scans.service.ts";
import type { FindingsRepository } from "./findings.repository.ts";

type Deps = {
  scans: Pick<ScansService, "findById" | "recordSocialCoverage">;
  findings: FindingsRepository;
  blobs: BlobStore;
  hub: ScanStreamHub;
  logger: Logger;
};

/** Moves an inline base64 image out of the event into the blob store, leaving its key. */
async function storeImage(blobs: BlobStore, item: Record<string, unknown>, field: string, keyField: string) {
  const { [field]: data, ...rest } = item;
  if (typeof data !== "string") return rest;
  return { ...rest, [keyField]: await blobs.put(Buffer.from(data, "base64")) };
}

/** Upserts for findings_initial (by original_domain batch), findings_delta (by domain) and social findings. */
export function createFindingEventHandlers(deps: Deps) {
  /** The scan the findings belong to; findings for unknown or cancelled scans are dropped. */
  async function acceptingScan(scanId: string | undefined, kind: string) {
    if (!scanId) return null;
    const scan = await deps.scans.findById(scanId);
    if (!scan) {
      deps.logger.warn({ scan_id: scanId, kind }, "findings for an unknown scan dropped");
      return null;
    }
    return scan.status === "cancelled" ? null : scan;
  }

  const announce = (scanId: string, kind: "domain" | "social", keys: string[]) =>
    deps.hub.publish({
      type: "findings",
      scan_id: scanId,
      data: { kind, count: keys.length, keys: keys.slice(0, 50) },
    });

  return {
    async findingsInitial(message: TEventOf<"findings_initial">) {
      const scan = await acceptingScan(message.scan_id, message.kind);
      if (!scan) return;
      const items = message.data.findings as Array<Record<string, unknown>>;
      await deps.findings.upsertDomainFindings(scan.id, scan.user_id, items, {
        original_domain: message.data.original_domain,
      });
      announce(
        scan.id,
        "domain",
        items.map((f) => String(f.domain)),
      );
    },
    async findingsDelta(message: TEventOf<"findings_delta">) {
      const scan = await acceptingScan(message.scan_id, message.kind);
      if (!scan) return;
      const items = await Promise.all(
        message.data.findings.map((f) => storeImage(deps.blobs, f, "screenshot_png", "screenshot_key")),
      );
      await deps.findings.upsertDomainFindings(scan.id, scan.user_id, items);
      announce(
        scan.id,
        "domain",
        items.map((f) => String(f.domain)),
      );
    },
    async socialFindings(message: TEventOf<"social_findings_initial"> | TEventOf<"social_findings_delta">) {
      const scan = await acceptingScan(message.scan_id, message.kind);
      if (!scan) return;
      const items = await Promise.all(
        message.data.findings.map((f) => storeImage(deps.blobs, f, "avatar_png", "avatar_key")),
      );
      await deps.findings.upsertSocialFindings(scan.id, scan.user_id, items);
      if (message.data.coverage) await deps.scans.recordSocialCoverage(scan.id, message.data.coverage);
      announce(
        scan.id,
        "social",
        items.map((f) => `${f.platform}:${f.handle}`),
      );
    },
  };
}
