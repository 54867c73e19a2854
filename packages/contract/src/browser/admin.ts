import { z } from "zod";
import { ZId, ZIsoDate } from "../common.ts";
import { ZWeights, ZWeightSet } from "../scoring.ts";
import { ZAiProviderConfig, ZAiProviderSettingPut, ZAuditConfig, ZAuditConfigPut } from "../settings.ts";
import { ZLearnerStatus } from "./triage.ts";

/** The admin area (`/admin/*`): the user registry, platform settings, scoring weights. */

/** `POST /admin/users`; the e-mail's form and the password rule are checked by the users service. */
export const ZAdminUserCreate = z.object({
  email: z.string().max(254),
  password: z.string().max(200),
  admin: z.boolean().default(false),
});

/** `PATCH /admin/users/:id`. */
export const ZAdminUserPatch = z.object({
  email: z.string().max(254).optional(),
  admin: z.boolean().optional(),
  /** Trusted: the account's labels may train the platform's weight set (audited). */
  trusted: z.boolean().optional(),
});

const ZAdminUser = z.object({
  id: ZId,
  email: z.string(),
  admin: z.boolean(),
  trusted: z.boolean(),
  brand_name: z.string().nullable(),
  created_at: ZIsoDate,
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

/** `GET /admin/users`: newest first. */
export const ZAdminUserList = z.object({ users: z.array(ZAdminUser) });
/** `GET|PATCH /admin/users/:id`, `POST /admin/users` (201). */
export const ZAdminUserOne = z.object({ user: ZAdminUser });

/** `PUT /admin/settings`: either part, or both. */
export const ZAdminSettingsPut = z.object({
  ai_provider: ZAiProviderSettingPut.optional(),
  audit_config: ZAuditConfigPut.optional(),
});
export type TAdminSettingsPut = z.infer<typeof ZAdminSettingsPut>;

/** `GET|PUT /admin/settings`: the API key is write-only (only whether one is set is shown). */
export const ZAdminSettings = z.object({
  ai_provider: z.object({
    enabled: z.boolean().nullable(),
    config: ZAiProviderConfig.omit({ api_key: true }),
    api_key_set: z.boolean(),
  }),
  audit_config: ZAuditConfig,
});
export type TAdminSettings = z.infer<typeof ZAdminSettings>;

/** `PUT /admin/weights`: a `manual` weight set; answered with the stored `ZWeightSet`. */
export const ZManualWeightsPut = z.object({
  weights: ZWeights.refine((w) => Object.keys(w).length > 0, "must name at least one signal"),
  version: z.number().int().min(0).optional(),
});

/** One stored weight set as the weights page shows it. */
const ZWeightSetRow = ZWeightSet.extend({ created_at: ZIsoDate });

/** `GET /admin/weights`. */
export const ZWeightsOverview = z.object({
  /** The built-in defaults, and what each built-in signal measures. */
  defaults: z.record(z.string(), z.number()),
  about: z.record(z.string(), z.string()),
  /** The set the scorer uses now (version 0: the defaults). */
  current: ZWeightSet,
  /** The latest learned set, with what it changed against the set before it. */
  latest_learned: ZWeightSetRow.extend({
    previous_version: z.number().int().min(0),
    changes: z.array(
      z.object({ signal: z.string(), from: z.number().nullable(), to: z.number().nullable() }),
    ),
  }).nullable(),
  latest_manual: ZWeightSetRow.nullable(),
  /** The platform learner's labels: trusted accounts' only, each account's share capped. */
  learner: ZLearnerStatus,
  trusted_users: z.number().int().min(0),
});
export type TWeightsOverview = z.infer<typeof ZWeightsOverview>;
