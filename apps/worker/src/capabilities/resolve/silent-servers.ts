import type { ResolveResult } from "./types.ts";

// A name server that stopped answering is given up rather than waited on: with every query timing
// out after its retries, tens of thousands of names would take most of an hour. Once `limit`
// names in a row got no answer at all (each of their queries timed out), the run stops with
// SilentNameServersError; any answer, even NXDOMAIN or SERVFAIL, starts the count again.

export class SilentNameServersError extends Error {
  override name = "SilentNameServersError";
  readonly code = "EDNSSILENT";
  constructor(
    readonly servers: string,
    readonly inRow: number,
  ) {
    super(`no answer from ${servers}: the last ${inRow} lookups timed out; given up`);
  }
}

/** A check to call with each result; throws once `limit` results in a row timed out. */
export function silentServersWatch(limit: number, servers: string): (r: ResolveResult) => void {
  let inRow = 0;
  return (r) => {
    inRow = r.status === "unknown" && r.reason?.startsWith("timeout") ? inRow + 1 : 0;
    if (inRow >= limit) throw new SilentNameServersError(servers, inRow);
  };
}

/** How many names in a row: every name in flight at once, and at least 20. */
export const silentLimit = (concurrency: number) => Math.max(20, concurrency);
