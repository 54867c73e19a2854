// The whole schema, for drizzle's relational queries and drizzle-kit. Tables live in schema/.
export * from "./schema/users.ts";
export * from "./schema/brand-assets.ts";
export * from "./schema/scans.ts";
export * from "./schema/findings.ts";
export * from "./schema/scoring.ts";
export * from "./schema/system.ts";
export * from "./schema/narratives.ts";
export * from "./schema/keyword-expansions.ts";
export * from "./schema/monitoring.ts";
export * from "./schema/alerts.ts";
export * from "./schema/takedowns.ts";
export * from "./schema/api-access.ts";
