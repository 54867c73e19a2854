/**
 * Which CT logs to read: `CT_LOGS` when set (RFC 6962 base URLs; `tiled:<monitoring prefix>` for a
 * static-ct log), otherwise the usable logs of a v3 log list (the format of Chrome's
 * https://www.gstatic.com/ct/log_list/v3/log_list.json), RFC 6962 `logs` and static-ct
 * `tiled_logs` alike, each with its key so tree heads can be checked.
 */

type CtLogKind = "rfc6962" | "tiled";

export interface CtLogSource {
  kind: CtLogKind;
  /** RFC 6962 base URL, or a static-ct monitoring prefix. */
  url: string;
  /** base64 SubjectPublicKeyInfo, when known (from a log list). */
  key: string | null;
  description: string;
}

export class LogListError extends Error {
  override name = "LogListError";
}

interface V3Log {
  description?: string;
  key?: string;
  url?: string;
  monitoring_url?: string;
  state?: Record<string, unknown>;
  temporal_interval?: { end_exclusive?: string };
}

/** A log that takes new entries: state `usable`, and (for a shard) a time window not yet over. */
function current(log: V3Log, now: number): boolean {
  if (!log.state || !("usable" in log.state)) return false;
  const end = log.temporal_interval?.end_exclusive;
  return !end || !(Date.parse(end) <= now);
}

/** The usable logs of a v3 log list; throws LogListError when it is not one. */
export function usableLogs(list: unknown, now = Date.now()): CtLogSource[] {
  const operators = (list as { operators?: unknown } | null)?.operators;
  if (!Array.isArray(operators)) throw new LogListError("not a v3 log list: no operators");
  const out: CtLogSource[] = [];
  for (const op of operators as Array<{ logs?: V3Log[]; tiled_logs?: V3Log[] }>) {
    for (const log of Array.isArray(op?.logs) ? op.logs : []) {
      if (!log?.url || !current(log, now)) continue;
      out.push({
        kind: "rfc6962",
        url: log.url,
        key: log.key ?? null,
        description: log.description ?? log.url,
      });
    }
    for (const log of Array.isArray(op?.tiled_logs) ? op.tiled_logs : []) {
      if (!log?.monitoring_url || !current(log, now)) continue;
      out.push({
        kind: "tiled",
        url: log.monitoring_url,
        key: log.key ?? null,
        description: log.description ?? log.monitoring_url,
      });
    }
  }
  return out;
}

/** `CT_LOGS` entries: an RFC 6962 base URL, or `tiled:` and a static-ct monitoring prefix. */
export function sourcesFromUrls(urls: string[]): CtLogSource[] {
  return urls.map((entry) => {
    const tiled = entry.startsWith("tiled:");
    const url = tiled ? entry.slice("tiled:".length) : entry;
    return { kind: tiled ? "tiled" : "rfc6962", url, key: null, description: url };
  });
}
