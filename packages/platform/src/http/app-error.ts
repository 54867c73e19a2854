import type { TErrorCode } from "@brandwarden/contract/common";

const STATUS_BY_CODE: Record<TErrorCode, number> = {
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  stale_generation: 409,
  conflict: 409,
  invalid: 422,
  rate_limited: 429,
  internal: 500,
  not_implemented: 501,
  upstream_failed: 502,
  unavailable: 503,
};

/** The one error type of both apps: a stable code, a message for people, optional details. */
export class AppError extends Error {
  readonly code: TErrorCode;
  readonly status: number;
  readonly details?: unknown;

  constructor(code: TErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.status = STATUS_BY_CODE[code];
    this.details = details;
  }
}

export const notFound = (what: string) => new AppError("not_found", `${what} not found`);
export const invalid = (message: string, details?: unknown) => new AppError("invalid", message, details);
