import { z } from "zod";
import { ZGeneration, ZId, ZIsoDate } from "./common.ts";
import { ZDomainProfile, ZScanStatus, ZStageStates } from "./scan.ts";
import {
  ZDomainFindingDelta,
  ZDomainFindingInitial,
  ZSocialFindingItem,
  ZSocialPlatformCoverage,
} from "./findings.ts";
import { ZWatchUpdateData } from "./watch.ts";
import { ZAlertRaise } from "./alerts.ts";

export type TEventKind =
  | "scan_update"
  | "findings_initial"
  | "findings_delta"
  | "domain_profile"
  | "social_profile"
  | "social_findings_initial"
  | "social_findings_delta"
  | "log"
  /** A watch round's observations (issue 21): newly registered names, re-checked lookalikes. */
  | "watch_update"
  /** An alert raised by the worker outside a scan (the CT follower's `lookalike.discovered`). */
  | "alert";

// The messages below travel on durable streams, not on a channel per kind: every worker→web
// envelope is appended to one of the partitions `<EVENT_CHANNEL_PREFIX>:stream:events:<n>` (by scan,
// else by user), and web→worker commands (`{type: "cancel", scan_id}`) to `<prefix>:stream:control`
// (packages/platform/src/messaging/event-streams.ts).

const ZScanUpdateData = z.object({
  status: ZScanStatus,
  stage_states: ZStageStates,
  error: z.string().max(2000).optional(),
  /**
   * The worker is stopping gracefully and gives the scan back (its last message for this run):
   * the web app hands it to a worker again at once, from its last completed stage, without
   * spending an automatic resume. Sent with status `queued`.
   */
  handed_back: z.literal(true).optional(),
});

const ZFindingsInitialData = z.object({
  original_domain: z.string().max(253),
  findings: z.array(ZDomainFindingInitial).max(50_000),
});

const ZFindingsDeltaData = z.object({ findings: z.array(ZDomainFindingDelta).min(1).max(5_000) });

const ZDomainProfileData = z.object({
  owned_domain_id: ZId,
  user_id: ZId,
  generation: ZGeneration,
  status: z.enum(["completed", "failed"]),
  profile: ZDomainProfile.nullable(),
  error: z.string().max(2000).optional(),
});

const ZSocialProfile = z.object({
  platform: z.string().max(50),
  handle: z.string().max(200),
  display_name: z.string().max(500).nullable(),
  bio: z.string().max(4000).nullable(),
  avatar_hash: z.string().max(200).nullable(),
  links: z.array(z.string().max(2000)).max(50),
  followers: z.number().nullable(),
  verified: z.boolean().nullable(),
  account_created: ZIsoDate.nullable(),
  fetched_at: ZIsoDate,
});
export type TSocialProfile = z.infer<typeof ZSocialProfile>;

const ZSocialProfileData = z.object({
  social_handle_id: ZId,
  user_id: ZId,
  generation: ZGeneration,
  status: z.enum(["completed", "failed"]),
  profile: ZSocialProfile.nullable(),
  error: z.string().max(2000).optional(),
});

export const ZSocialFindingsData = z.object({
  findings: z.array(ZSocialFindingItem).max(10_000),
  /** Platforms that could not be checked (sent once, with the first initial batch). */
  coverage: z.array(ZSocialPlatformCoverage).max(50).optional(),
});

export const ZLogData = z.object({
  level: z.enum(["debug", "info", "warn", "error"]),
  message: z.string().max(4000),
  stage: z.string().max(50).optional(),
  code: z.string().max(100).optional(),
  /** Background work outside a scan (keyword expansion): whose it was, and for which generation. */
  user_id: ZId.optional(),
  generation: ZGeneration.optional(),
});

const envelope = <K extends TEventKind, D extends z.ZodType>(kind: K, data: D) =>
  z.object({
    v: z.literal(1),
    kind: z.literal(kind),
    scan_id: ZId.optional(),
    /** Per-scan (or per-publisher) sequence number; lets consumers drop stale or duplicate updates. */
    seq: z.number().int().min(0),
    ts: ZIsoDate,
    data,
  });

export const ZEventMessage = z.discriminatedUnion("kind", [
  envelope("scan_update", ZScanUpdateData),
  envelope("findings_initial", ZFindingsInitialData),
  envelope("findings_delta", ZFindingsDeltaData),
  envelope("domain_profile", ZDomainProfileData),
  envelope("social_profile", ZSocialProfileData),
  envelope("social_findings_initial", ZSocialFindingsData),
  envelope("social_findings_delta", ZSocialFindingsData),
  envelope("log", ZLogData),
  envelope("watch_update", ZWatchUpdateData),
  envelope("alert", ZAlertRaise),
]);
export type TEventMessage = z.infer<typeof ZEventMessage>;
export type TEventOf<K extends TEventKind> = Extract<TEventMessage, { kind: K }>;

/** Web-to-worker command, on the control stream `<prefix>:stream:control`. */
export const ZControlCommand = z.object({ type: z.literal("cancel"), scan_id: ZId });
export type TControlCommand = z.infer<typeof ZControlCommand>;
