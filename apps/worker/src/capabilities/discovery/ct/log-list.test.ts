import { describe, expect, it } from "vitest";
import { LogListError, sourcesFromUrls, usableLogs } from "./log-list.ts";

const NOW = Date.parse("2026-03-01T00:00:00Z");
const usable = { usable: { timestamp: "2025-01-01T00:00:00Z" } };

describe("which logs of a v3 log list are read", () => {
  it("takes usable RFC 6962 and static-ct logs with their keys, and leaves out the rest", () => {
    const list = {
      operators: [
        {
          name: "A",
          logs: [
            {
              description: "A 2026h1",
              url: "https://a.example/2026h1/",
              key: "KEY1",
              state: usable,
              temporal_interval: {
                start_inclusive: "2026-01-01T00:00:00Z",
                end_exclusive: "2026-07-01T00:00:00Z",
              },
            },
            {
              description: "A 2025h1",
              url: "https://a.example/2025h1/",
              key: "KEY2",
              state: usable,
              temporal_interval: {
                start_inclusive: "2025-01-01T00:00:00Z",
                end_exclusive: "2025-07-01T00:00:00Z",
              },
            },
            { description: "A retired", url: "https://a.example/old/", state: { retired: {} } },
            { description: "A readonly", url: "https://a.example/ro/", state: { readonly: {} } },
            { description: "A no url", state: usable },
          ],
          tiled_logs: [
            {
              description: "A tiles",
              submission_url: "https://a.example/sub/",
              monitoring_url: "https://tiles.a.example/",
              key: "KEY3",
              state: usable,
            },
            {
              description: "A tiles pending",
              monitoring_url: "https://tiles2.a.example/",
              state: { pending: {} },
            },
          ],
        },
        { name: "B", logs: [{ url: "https://b.example/", state: { qualified: {} } }] },
        { name: "C" },
      ],
    };
    expect(usableLogs(list, NOW)).toEqual([
      { kind: "rfc6962", url: "https://a.example/2026h1/", key: "KEY1", description: "A 2026h1" },
      { kind: "tiled", url: "https://tiles.a.example/", key: "KEY3", description: "A tiles" },
    ]);
  });

  it("refuses what is not a v3 log list", () => {
    for (const bad of [null, {}, { operators: "x" }, [], "text"]) {
      expect(() => usableLogs(bad), JSON.stringify(bad)).toThrow(LogListError);
    }
    expect(() => usableLogs({})).toThrow("not a v3 log list: no operators");
  });

  it("reads CT_LOGS entries, `tiled:` marking a static-ct monitoring prefix", () => {
    expect(sourcesFromUrls(["https://log.example/", "tiled:https://tiles.example/"])).toEqual([
      { kind: "rfc6962", url: "https://log.example/", key: null, description: "https://log.example/" },
      { kind: "tiled", url: "https://tiles.example/", key: null, description: "https://tiles.example/" },
    ]);
  });
});
