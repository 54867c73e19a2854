import { z } from "zod";
import { AppError } from "@brandwarden/platform/http/app-error";

/**
 * Where the next page of `audit_data` starts: after a domain finding (by name), or after a social
 * finding (by platform and handle). Opaque to callers (base64url JSON); a cursor that does not
 * decode is 422 `invalid`.
 */
export type AuditCursor =
  { part: "findings"; after: string } | { part: "social_findings"; after: [string, string] };

const ZCursor = z.union([
  z.object({ part: z.literal("findings"), after: z.string().min(1).max(300) }),
  z.object({ part: z.literal("social_findings"), after: z.tuple([z.string().max(50), z.string().max(300)]) }),
]);

export const encodeAuditCursor = (c: AuditCursor): string =>
  Buffer.from(JSON.stringify(c)).toString("base64url");

export function decodeAuditCursor(text: string): AuditCursor {
  try {
    return ZCursor.parse(JSON.parse(Buffer.from(text, "base64url").toString("utf8")));
  } catch {
    throw new AppError("invalid", "cursor is not one this endpoint gave out", [{ path: ["cursor"] }]);
  }
}
