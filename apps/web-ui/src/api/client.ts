import type { TErrorBody, TErrorCode } from "@brandwarden/contract/common";

/** One field's problem, as the server's 422 `details` name it (`path` is dotted: `owned_domains.2`). */
export interface FieldIssue {
  path: string;
  message: string;
}

/** What went wrong, worded for the person at the keyboard, with per-field issues on 422. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: TErrorCode | "network";
  readonly issues: FieldIssue[];

  constructor(status: number, code: TErrorCode | "network", message: string, issues: FieldIssue[] = []) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.issues = issues;
  }

  /** Issues keyed by their top-level field (`owned_domains.2` -> `owned_domains`), first message wins. */
  fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const issue of this.issues) {
      const [field = "", ...rest] = issue.path.split(".");
      if (out[field]) continue;
      const index = rest.find((p) => /^\d+$/.test(p));
      out[field] = index === undefined ? issue.message : `Entry ${Number(index) + 1}: ${issue.message}`;
    }
    return out;
  }
}

let csrfToken: string | null = null;

/**
 * Remembers the token `GET /session` returned. The cookie `csrf_token` (`__Host-csrf_token` on
 * https) holds the current one: it changes with login and logout, as the token is bound to the session.
 */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

function currentCsrfToken(): string | null {
  const cookie = document.cookie.split("; ").find((c) => /^(__Host-)?csrf_token=/.test(c));
  return cookie ? decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1)) : csrfToken;
}

/** Listeners told when the server says the session is gone (401), so the app can show the login page. */
const unauthorizedListeners = new Set<() => void>();
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

const GUIDANCE: Partial<Record<TErrorCode, string>> = {
  unauthorized: "Your session has ended. Log in again to continue.",
  not_found: "That item does not exist, or it belongs to another account.",
  rate_limited: "Too many attempts in a short time. Wait a minute, then try again.",
  upstream_failed: "The scanning service did not answer. Try again in a moment.",
  internal: "Something went wrong on our side. Try again; if it keeps happening, tell your administrator.",
  not_implemented: "This action is not available on this installation yet.",
  unavailable:
    "Waiting for the database: Brandwarden cannot reach its database or Redis right now. Running scans go on and nothing they find is lost; this page catches up by itself once it is back.",
};

function isErrorBody(value: unknown): value is TErrorBody {
  return typeof value === "object" && value !== null && "error" in value && "message" in value;
}

function toIssues(details: unknown): FieldIssue[] {
  if (!Array.isArray(details)) return [];
  return details.filter(
    (d): d is FieldIssue =>
      typeof d === "object" && d !== null && typeof d.path === "string" && typeof d.message === "string",
  );
}

async function toApiError(res: Response): Promise<ApiError> {
  const body: unknown = await res.json().catch(() => null);
  if (!isErrorBody(body)) {
    return new ApiError(res.status, "internal", `The server answered ${res.status}. Try again in a moment.`);
  }
  const code = body.error;
  let message = body.message;
  // Server messages are already written for people; a few codes get a next step added.
  if (code === "unauthorized" && /^Log in/.test(message)) message = GUIDANCE.unauthorized!;
  else if (code === "rate_limited") message = `${message}. ${GUIDANCE.rate_limited}`.replace(/\.\. /, ". ");
  else if (
    code === "internal" ||
    code === "upstream_failed" ||
    code === "not_implemented" ||
    code === "unavailable"
  )
    message = GUIDANCE[code]!;
  else if (code === "not_found" && /^(Not found|.+ not found)$/.test(message))
    message = `${message}. ${GUIDANCE.not_found}`;
  return new ApiError(res.status, code, message, toIssues(body.details));
}

export interface RequestOptions {
  query?: Record<string, string | number | undefined | null>;
  signal?: AbortSignal;
}

export function withQuery(path: string, query: RequestOptions["query"] = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && v !== null && v !== "") params.set(k, String(v));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** Fetches a JSON route of the web application with the session cookie and, when changing state, the CSRF header. */
export async function request<T>(
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  path: string,
  body?: unknown,
  opts: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (method !== "GET") {
    const token = currentCsrfToken();
    if (token) headers["x-csrf-token"] = token;
  }
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body);
  }
  let res: Response;
  try {
    res = await fetch(withQuery(path, opts.query), {
      method,
      headers,
      body: payload,
      credentials: "same-origin",
      signal: opts.signal,
    });
  } catch (err) {
    if ((err as Error).name === "AbortError") throw err;
    throw new ApiError(0, "network", "Brandwarden cannot be reached. Check your connection, then try again.");
  }
  if (!res.ok) {
    const error = await toApiError(res);
    if (error.status === 401 && path !== "/session") for (const l of unauthorizedListeners) l();
    throw error;
  }
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

/** A person-readable message for anything thrown. */
export function messageOf(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  if (err instanceof Error) return err.message;
  return String(err);
}
