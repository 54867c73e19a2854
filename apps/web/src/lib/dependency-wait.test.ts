import { describe, expect, it } from "vitest";
import { pino } from "pino";
import { createDependencyWait } from "./dependency-wait.ts";

/** A logger that keeps its lines (pino to an in-memory stream). */
function recordingLogger() {
  const lines: Array<{ level: number; msg: string; waited_ms?: number }> = [];
  const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}

describe("dependency wait", () => {
  it("says once per outage that it waits for the database, and when it is back", async () => {
    const { logger, lines } = recordingLogger();
    let clock = 1_000_000;
    let dbUp = false;
    const wait = createDependencyWait({
      logger,
      now: () => clock,
      pingDb: async () => {
        if (!dbUp) throw new Error("connect ECONNREFUSED");
      },
    });
    expect(wait.state()).toBeNull();
    await Promise.all([wait.failed(new Error("a")), wait.failed(new Error("b"))]);
    clock += 5000;
    await wait.failed(new Error("c"));
    expect(wait.state()).toEqual({ for: "database", since: new Date(1_000_000).toISOString() });
    dbUp = true;
    clock += 60_000;
    wait.succeeded();
    wait.succeeded();
    expect(wait.state()).toBeNull();
    expect(lines.map((l) => l.msg)).toEqual([
      "waiting for the database: events are held and applied once it is back",
      "the database is back; held events applied",
    ]);
    expect(lines[1]!.waited_ms).toBe(65_000);
  });

  it("does not blame the database when it answers", async () => {
    const { logger } = recordingLogger();
    const wait = createDependencyWait({ logger, pingDb: async () => undefined });
    await wait.failed(new Error("fetch failed"));
    expect(wait.state()?.for).toBe("dependency");
  });
});
