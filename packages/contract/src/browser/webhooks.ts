import { z } from "zod";
import { ZId } from "../common.ts";
import { ZStoredDomainFinding, ZStoredSocialFinding } from "../findings.ts";
import { ZCampaignView } from "./campaigns.ts";

/**
 * The snapshot a webhook's signed, expiring URL pages (no session: the signature is the
 * credential): `GET /webhooks/snapshots/:scan_id?expires=&signature=[&part=][&page=N]`.
 */
const SNAPSHOT_PARTS = ["findings", "social_findings", "campaigns"] as const;

export const ZSnapshotQuery = z.object({
  expires: z.string().max(20).optional(),
  signature: z.string().max(100).optional(),
  part: z.enum(SNAPSHOT_PARTS).default("findings"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type TSnapshotQuery = z.infer<typeof ZSnapshotQuery>;

const page = {
  scan_id: ZId,
  page: z.number().int().min(1),
  per_page: z.number().int().min(1),
  total: z.number().int().min(0),
  /** The next page's URL (signed like this one), or null on the last page. */
  next: z.string().nullable(),
};

/** One page of one part, worst first like the webhook body. */
export const ZSnapshotPage = z.discriminatedUnion("part", [
  z.object({ ...page, part: z.literal("findings"), items: z.array(ZStoredDomainFinding) }),
  z.object({ ...page, part: z.literal("social_findings"), items: z.array(ZStoredSocialFinding) }),
  z.object({ ...page, part: z.literal("campaigns"), items: z.array(ZCampaignView) }),
]);
export type TSnapshotPage = z.infer<typeof ZSnapshotPage>;
