import type { Platform, ServicesScenario } from "../scenario/services-schema.ts";
import { ServicesScenarioSchema } from "../scenario/services-schema.ts";

export interface GenerateServicesContext {
  brand: string;
  domain: string;
  // The brand's official handles per platform; defaults to the brand slug on each platform.
  handles?: Partial<Record<Platform, string>>;
  lookalikeDomains: string[];
  phishingDomains: string[];
  rng: () => number;
}

export function generateServicesScenario(ctx: GenerateServicesContext): ServicesScenario {
  return ServicesScenarioSchema.parse({ brand: ctx.brand });
}
