import { describe, expect, it } from "vitest";
import { loadWorkerConfig } from "../../../config.ts";
import { sourcesFromUrls } from "./log-list.ts";

describe("CT settings", () => {
  it("reads RFC 6962 and tiled logs, the lookback and the follower's settings", () => {
    const ct = loadWorkerConfig({
      CT_LOGS: "https://ct.example/2026h1/, tiled:https://tiles.example/",
      CT_LOOKBACK: "6h",
      CT_FOLLOW: "true",
      CT_POLL_INTERVAL: "5s",
    }).pipeline.ct;
    expect(ct).toMatchObject({
      logs: ["https://ct.example/2026h1/", "tiled:https://tiles.example/"],
      logListUrl: null,
      lookbackMs: 6 * 3_600_000,
      follow: true,
      pollMs: 5000,
      backfillMs: 0,
      brandsRefreshMs: 60_000,
    });
    expect(sourcesFromUrls(ct.logs).map((s) => s.kind)).toEqual(["rfc6962", "tiled"]);
  });

  it("defaults to no CT at all, the follower off", () => {
    const ct = loadWorkerConfig({}).pipeline.ct;
    expect(ct).toMatchObject({
      logs: [],
      logListUrl: null,
      lookbackMs: 86_400_000,
      follow: false,
      pollMs: 10_000,
    });
  });

  it("names the variable of a bad value", () => {
    expect(() => loadWorkerConfig({ CT_LOGS: "ftp://ct.example/" })).toThrow(/CT_LOGS/);
    expect(() => loadWorkerConfig({ CT_LOGS: "tiled:nope" })).toThrow(/CT_LOGS/);
    expect(() => loadWorkerConfig({ CT_POLL_INTERVAL: "soon" })).toThrow(/CT_POLL_INTERVAL/);
    expect(() => loadWorkerConfig({ CT_LOG_LIST_URL: "not a url" })).toThrow(/CT_LOG_LIST_URL/);
  });
});
