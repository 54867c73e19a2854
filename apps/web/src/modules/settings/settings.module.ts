import type { Db } from "../../db/client.ts";
import { createSecretBox } from "../../lib/secret-box.ts";
import { createSettingsRepository } from "./settings.repository.ts";
import { createSettingsService } from "./settings.service.ts";

/** Platform settings (AI provider, audit configuration); the provider's API key sealed with `secretKey`. */
export function createSettingsModule(deps: { db: Db; secretKey: string }) {
  return {
    settings: createSettingsService({
      db: deps.db,
      repo: createSettingsRepository(deps.db),
      secrets: createSecretBox(deps.secretKey),
    }),
  };
}
