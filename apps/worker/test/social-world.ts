import type { ServicesScenarioInput, SocialProfile } from "@brandwarden/world/scenario/services-schema";
import { ServicesScenarioSchema } from "@brandwarden/world/scenario/services-schema";
import { generateServicesScenario } from "@brandwarden/world/scenario/generate-services";
import { seededRng } from "@brandwarden/world/services/http";
import { startServices, type RunningServices } from "@brandwarden/world/services/start-services";
import { socialConfigFromEnv, type SocialConfig } from "../src/capabilities/social/social-config.ts";
import { createSocialRuntime } from "../src/wiring/social-runtime.ts";
import type { SocialRuntime } from "../src/capabilities/social/social-runtime.ts";

// Test helpers: the world's application services (real platform servers on loopback) with the
// generated brand scenario plus extra profiles, and a social runtime pointed at them.

export const BRAND = {
  brand: "Acme Bank",
  domain: "acmebank.com",
  lookalikeDomains: ["acmebank.co", "acrnebank.com", "acmebank-verify.com", "secure-acmebank.net"],
  phishingDomains: ["acmebank-verify.com", "secure-acmebank.net"],
};

export function brandServices(
  extra: ServicesScenarioInput["social"] = [],
  more: Omit<ServicesScenarioInput, "social"> = {},
) {
  const sc = generateServicesScenario({ ...BRAND, rng: seededRng("social-tests") });
  return ServicesScenarioSchema.parse({ ...sc, ...more, social: [...sc.social, ...(extra ?? [])] });
}

export interface SocialTestWorld {
  services: RunningServices;
  profiles: SocialProfile[];
  config(overrides?: Record<string, string>): SocialConfig;
  runtime(overrides?: Record<string, string>): SocialRuntime;
  stop(): Promise<void>;
}

export async function startSocialWorld(
  extra: ServicesScenarioInput["social"] = [],
  more: Omit<ServicesScenarioInput, "social"> = {},
): Promise<SocialTestWorld> {
  const scenario = brandServices(extra, more);
  const services = await startServices(scenario, { basePort: 0 });
  const runtimes: SocialRuntime[] = [];
  const config = (overrides: Record<string, string> = {}) =>
    socialConfigFromEnv({
      ...services.env,
      ALLOW_PRIVATE_NETWORK: "true",
      SOCIAL_TIMEOUT_MS: "3000",
      ...overrides,
    });
  return {
    services,
    profiles: scenario.social,
    config,
    runtime(overrides) {
      const rt = createSocialRuntime(config(overrides));
      runtimes.push(rt);
      return rt;
    },
    async stop() {
      await Promise.all(runtimes.map((r) => r.close()));
      await services.stop();
    },
  };
}
