/** Campaign clustering on shared infrastructure keys. */
export { clusterFindings, campaignContextOf, campaignIdOf, REGISTRATION_WINDOW_HOURS } from "./cluster.ts";
export type { CampaignMembership, ClusterOptions, ClusterResult } from "./cluster.ts";
export { campaignStrength, infrastructureKeys, keyKind, KEY_KINDS, KEY_STRENGTH } from "./keys.ts";
export type { BrandInfrastructure, ClusterEvidence, KeyKind } from "./keys.ts";
