import type { CtLogKey } from "./ct-log-sign.ts";

// The world's v3 log list (the format of Chrome's log_list.json): its log as a usable RFC 6962
// log and, under another prefix, as a usable static-ct (tiled) log, plus what a client must leave
// out: a retired log, a pending one, and a shard whose time window ended long ago.

export function ctLogList(opts: { baseUrl: string; key: CtLogKey; now: Date }): object {
  const since = new Date(opts.now.getTime() - 90 * 86_400_000).toISOString();
  const usable = { usable: { timestamp: since } };
  const base = { key: opts.key.publicKey, log_id: opts.key.logId, mmd: 86_400 };
  const unreachable = "http://127.0.0.1:9/";
  return {
    version: "world.1",
    log_list_timestamp: opts.now.toISOString(),
    operators: [
      {
        name: "World CT",
        email: ["ct@world.test"],
        logs: [
          { ...base, description: "World CT log", url: opts.baseUrl, state: usable },
          {
            ...base,
            description: "World CT retired log",
            url: `${unreachable}retired/`,
            state: { retired: { timestamp: since } },
          },
          {
            ...base,
            description: "World CT 2019 shard",
            url: `${unreachable}2019/`,
            state: usable,
            temporal_interval: {
              start_inclusive: "2019-01-01T00:00:00Z",
              end_exclusive: "2020-01-01T00:00:00Z",
            },
          },
        ],
        tiled_logs: [
          {
            ...base,
            description: "World CT static-ct log",
            submission_url: `${opts.baseUrl}tiled/`,
            monitoring_url: `${opts.baseUrl}tiled/`,
            state: usable,
          },
        ],
      },
      {
        name: "Pending Operator",
        email: [],
        logs: [
          {
            ...base,
            description: "Pending log",
            url: `${unreachable}pending/`,
            state: { pending: { timestamp: since } },
          },
        ],
      },
    ],
  };
}
