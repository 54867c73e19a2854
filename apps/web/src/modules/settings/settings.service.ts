import {
  DEFAULT_AUDIT_CONFIG,
  ZAiProviderSetting,
  ZAuditConfig,
  type TAiProviderSetting,
  type TAuditConfig,
} from "@brandwarden/contract/settings";
import { invalid } from "@brandwarden/platform/http/app-error";
import { validate } from "@brandwarden/platform/http/validate";
import type { Db } from "../../db/client.ts";
import { deepMerge } from "../../lib/deep-merge.ts";
import type { SecretBox } from "../../lib/secret-box.ts";
import type { SettingsRepository } from "./settings.repository.ts";

const AI_PROVIDER = "ai_provider";
const AUDIT_CONFIG = "audit_config";
const DEFAULT_AI_PROVIDER: TAiProviderSetting = { enabled: null, config: {} };

/** Where the key goes: the provider and the base URL's origin (the provider's default host when unset). */
const keyHost = (s: TAiProviderSetting) =>
  `${s.config.provider ?? ""} ${s.config.base_url ? new URL(s.config.base_url).origin : "default"}`;

/** The AI provider's API key is sealed at rest, opened for the worker, and never shown to browsers. */
export function createSettingsService(deps: { db: Db; repo: SettingsRepository; secrets: SecretBox }) {
  const openKey = (setting: TAiProviderSetting): TAiProviderSetting => {
    const key = setting.config.api_key;
    return key ? { ...setting, config: { ...setting.config, api_key: deps.secrets.open(key) } } : setting;
  };

  /**
   * Reads, deep-merges and validates the merged result before storing it, in one transaction;
   * `guard` may refuse the change knowing what was stored.
   */
  async function merge<T>(
    key: string,
    defaults: T,
    patch: Record<string, unknown>,
    check: (v: unknown) => T,
    guard?: (current: T, merged: T) => void,
  ) {
    return deps.db.transaction(async (tx) => {
      const current = (await deps.repo.getForUpdate(key, tx)) ?? (defaults as Record<string, unknown>);
      const merged = check(deepMerge(current, patch));
      guard?.(check(current), merged);
      await deps.repo.put(key, merged as Record<string, unknown>, tx);
      return merged;
    });
  }

  return {
    async aiProvider(): Promise<TAiProviderSetting> {
      const stored = await deps.repo.get(AI_PROVIDER);
      return stored
        ? openKey(ZAiProviderSetting.parse(deepMerge(DEFAULT_AI_PROVIDER, stored)))
        : DEFAULT_AI_PROVIDER;
    },
    async updateAiProvider(patch: {
      enabled?: boolean | null;
      config?: Record<string, unknown>;
    }): Promise<TAiProviderSetting> {
      const config = { ...(patch.config ?? {}) };
      if (typeof config.api_key === "string" && config.api_key !== "")
        config.api_key = deps.secrets.seal(config.api_key);
      const stored = await merge(
        AI_PROVIDER,
        DEFAULT_AI_PROVIDER,
        { ...patch, config },
        (v) => validate(ZAiProviderSetting, v, "ai_provider setting"),
        (current, merged) => {
          // A key is sent only to the host it was entered for: a new host (or provider) needs it again.
          const keyKept = Boolean(merged.config.api_key) && merged.config.api_key === current.config.api_key;
          if (keyKept && keyHost(current) !== keyHost(merged))
            throw invalid(
              "Re-enter the API key for the new host (or clear it): the stored key is never sent to another host",
              [{ path: "config.api_key", message: "re-enter the API key for the new host" }],
            );
        },
      );
      return openKey(stored);
    },
    /** What the admin page shows: everything but the key, and whether one is set. */
    async aiProviderForAdmin() {
      const { enabled, config } = await this.aiProvider();
      const { api_key, ...rest } = config;
      return { enabled, config: rest, api_key_set: Boolean(api_key) };
    },
    async auditConfig(): Promise<TAuditConfig> {
      const stored = await deps.repo.get(AUDIT_CONFIG);
      return stored ? ZAuditConfig.parse(deepMerge(DEFAULT_AUDIT_CONFIG, stored)) : DEFAULT_AUDIT_CONFIG;
    },
    updateAuditConfig(patch: Record<string, unknown>): Promise<TAuditConfig> {
      return merge(AUDIT_CONFIG, DEFAULT_AUDIT_CONFIG, patch, (v) =>
        validate(ZAuditConfig, v, "audit configuration"),
      );
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
