import { describe, expect, it } from "vitest";
import { emptyResult, type ResolveResult } from "./types.ts";
import { SilentNameServersError, silentServersWatch } from "./silent-servers.ts";

const r = (status: ResolveResult["status"], reason?: string): ResolveResult => ({
  ...emptyResult("x.com"),
  status,
  reason,
});

describe("silentServersWatch", () => {
  it("gives up after `limit` names in a row whose queries all timed out, naming the servers", () => {
    const watch = silentServersWatch(3, "127.0.0.1:9");
    watch(r("unknown", "timeout (NS)"));
    watch(r("unknown", "timeout (NS)"));
    expect(() => watch(r("unknown", "timeout (A)"))).toThrow(new SilentNameServersError("127.0.0.1:9", 3));
    expect(() => watch(r("unknown", "timeout (NS)"))).toThrow(
      "no answer from 127.0.0.1:9: the last 4 lookups timed out; given up",
    );
  });

  it("counts again after any answer: NXDOMAIN, records or SERVFAIL", () => {
    const watch = silentServersWatch(2, "ns");
    for (const answered of [r("unregistered", "nxdomain"), r("registered"), r("unknown", "servfail (NS)")]) {
      watch(r("unknown", "timeout (NS)"));
      watch(answered);
    }
    expect(() => watch(r("unknown", "timeout (NS)"))).not.toThrow();
  });
});
