import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "./app-error.ts";

const digest = (value: string) => createHash("sha256").update(value).digest();

/** True when `presented` equals `expected`, in time independent of where they differ or their lengths. */
export function tokensMatch(presented: string, expected: string): boolean {
  return timingSafeEqual(digest(presented), digest(expected));
}

/**
 * A preHandler that requires `Authorization: Bearer <token>`. With no token configured every call
 * is rejected (fails closed); a wrong or missing token gets the same 401.
 */
export function bearerAuth(expectedToken: string | undefined) {
  return async function requireBearer(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const header = request.headers.authorization ?? "";
    const match = /^Bearer (.+)$/.exec(header);
    const ok =
      expectedToken !== undefined &&
      expectedToken !== "" &&
      match !== null &&
      tokensMatch(match[1]!, expectedToken);
    if (!ok) throw new AppError("unauthorized", "Missing or invalid bearer token");
  };
}
