import type { Platform } from "./services-schema.ts";

/** What the services part of a world is planted from (`generateServicesScenario`). */
export interface GenerateServicesContext {
  brand: string;
  domain: string;
  /** The brand's official handles per platform; defaults to the brand slug (Bluesky: the domain). */
  handles?: Partial<Record<Platform, string>>;
  lookalikeDomains: string[];
  phishingDomains: string[];
  rng: () => number;
}
