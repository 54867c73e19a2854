import { z } from "zod";
import { LABELS, SEVERITIES, type TSeverity } from "./constants.ts";

export { SEVERITIES, type TLabel, type TSeverity } from "./constants.ts";

/** Identifiers of every resource are UUIDs. */
export const ZId = z.uuid();

/** A hostname in ASCII (punycode) form, lower case, without a trailing dot. */
export const ZDomainName = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?=.{1,253}$)([a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?\.)+[a-z0-9-]{2,63}$/, "not a domain name");

export const ZSeverity = z.enum(SEVERITIES);

export function severityForScore(score: number): TSeverity {
  if (score >= 80) return "critical";
  if (score >= 60) return "high";
  if (score >= 40) return "medium";
  if (score >= 20) return "low";
  return "info";
}

export function severityRank(severity: TSeverity): number {
  return SEVERITIES.indexOf(severity);
}

export const ZScore = z.number().min(0).max(100);

export const ZLabel = z.enum(LABELS);

export const ZFindingKind = z.enum(["domain", "social"]);
export type TFindingKind = z.infer<typeof ZFindingKind>;

export const ZGeneration = z.number().int().min(0);

export const ZIsoDate = z.iso.datetime({ offset: true });

/** Error body of every API of both apps. */
export type TErrorCode =
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "stale_generation"
  | "invalid"
  | "conflict"
  | "rate_limited"
  | "not_implemented"
  | "upstream_failed"
  | "unavailable"
  | "internal";

export type TErrorBody = {
  error: TErrorCode;
  message: string;
  details?: unknown;
};
