import { z } from "zod";

/**
 * Faults of the chat receivers (Slack, Teams), switched at runtime like the LLM's:
 * `rate_limit` answers 429 with Retry-After `retry_after_s`, `server_error` answers
 * `server_error_status` (default 500), `delay_ms` delays every answer; `times: N` applies the
 * fault to the next N posts only, then clears it.
 */
export const ChatFaultsSchema = z.object({
  rate_limit: z.boolean().default(false),
  retry_after_s: z.number().int().min(0).max(3600).default(1),
  server_error: z.boolean().default(false),
  server_error_status: z.number().int().min(500).max(599).default(500),
  delay_ms: z.number().int().min(0).max(60_000).default(0),
  times: z.number().int().min(1).nullable().default(null),
});
export type ChatFaults = z.infer<typeof ChatFaultsSchema>;

/** The faults in force, and the one (if any) the next post meets. */
export function createChatFaults() {
  let faults = ChatFaultsSchema.parse({});
  return {
    get: () => faults,
    set(next: Partial<ChatFaults>) {
      faults = ChatFaultsSchema.parse({ ...faults, ...next });
    },
    reset() {
      faults = ChatFaultsSchema.parse({});
    },
    /** What this post meets: a 429, a 5xx, or nothing (delays are separate); counts `times` down. */
    take(): { status: 429; retryAfterS: number } | { status: number } | null {
      const hit: { status: 429; retryAfterS: number } | { status: number } | null = faults.rate_limit
        ? { status: 429, retryAfterS: faults.retry_after_s }
        : faults.server_error
          ? { status: faults.server_error_status }
          : null;
      if (hit && faults.times !== null) {
        const left = faults.times - 1;
        faults =
          left > 0
            ? { ...faults, times: left }
            : { ...faults, rate_limit: false, server_error: false, times: null };
      }
      return hit;
    },
  };
}
