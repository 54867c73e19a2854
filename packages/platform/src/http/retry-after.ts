/**
 * Retry-After (RFC 9110 §10.2.3) as milliseconds from `now`: delta-seconds (a decimal is taken as
 * some servers send it) or an HTTP date; null when absent or unreadable. One reading for every
 * client that backs off (social probes, CT logs, feeds, LLM providers).
 */
export function retryAfterMs(value: string | null | undefined, now: number): number | null {
  const v = value?.trim();
  if (!v) return null;
  if (/^\d+(?:\.\d+)?$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
