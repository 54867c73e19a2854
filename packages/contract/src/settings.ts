import { z } from "zod";
import { ZSeverity } from "./common.ts";
import { AI_PROVIDERS } from "./constants.ts";

/** Provider configuration; unknown keys are kept so a provider can carry its own options. */
export const ZAiProviderConfig = z
  .object({
    provider: z.enum(AI_PROVIDERS).optional(),
    base_url: z.url().max(2000).optional(),
    model: z.string().max(200).optional(),
    api_key: z.string().max(1000).optional(),
    timeout_ms: z.number().int().min(1000).max(600_000).optional(),
    max_tokens_per_scan: z.number().int().min(1000).max(100_000_000).optional(),
  })
  .catchall(z.unknown());

/** `enabled` is null while the provider has never been configured. */
export const ZAiProviderSetting = z.object({
  enabled: z.boolean().nullable(),
  config: ZAiProviderConfig,
});
export type TAiProviderSetting = z.infer<typeof ZAiProviderSetting>;

export const ZAiProviderSettingPut = z.object({
  enabled: z.boolean().nullable().optional(),
  config: ZAiProviderConfig.partial().optional(),
});

const AUDIT_ADJUSTMENT_LIMIT = 50;

/** Audit configuration: findings at or above `threshold` are reviewed; adjustments stay in [min, max]. */
export const ZAuditConfig = z
  .object({
    threshold: ZSeverity,
    adjustment_min: z.number().int().min(-AUDIT_ADJUSTMENT_LIMIT).max(0),
    adjustment_max: z.number().int().min(0).max(AUDIT_ADJUSTMENT_LIMIT),
  })
  .refine((c) => c.adjustment_min <= c.adjustment_max, {
    message: "adjustment_min must not exceed adjustment_max",
  });
export type TAuditConfig = z.infer<typeof ZAuditConfig>;

export const DEFAULT_AUDIT_CONFIG: TAuditConfig = {
  threshold: "medium",
  adjustment_min: -15,
  adjustment_max: 15,
};

export const ZAuditConfigPut = z.object({
  threshold: ZSeverity.optional(),
  adjustment_min: z.number().int().optional(),
  adjustment_max: z.number().int().optional(),
});
