import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createLogger, createSilentLogger } from "./logger.ts";

describe("createLogger", () => {
  it("honours level and name", () => {
    const logger = createLogger({ level: "warn", name: "web" });
    expect(logger.level).toBe("warn");
    expect(logger.isLevelEnabled("info")).toBe(false);
    expect(logger.isLevelEnabled("error")).toBe(true);
    expect(logger.bindings()).toMatchObject({ name: "web" });
  });

  it("creates a pretty logger without throwing", () => {
    const logger = createLogger({ level: "info", pretty: true });
    expect(logger.isLevelEnabled("info")).toBe(true);
  });

  it("silent logger logs nothing", () => {
    expect(createSilentLogger().isLevelEnabled("fatal")).toBe(false);
  });

  it("writes to stderr when asked, leaving stdout to a command's results", () => {
    const logger = fileURLToPath(new URL("./logger.ts", import.meta.url));
    const script = `const { createLogger } = await import(${JSON.stringify(logger)});
      createLogger({ level: "info", destination: "stderr" }).warn("to stderr");
      createLogger({ level: "info" }).warn("to stdout");`;
    const res = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      encoding: "utf8",
    });
    expect(res.status, res.stderr).toBe(0);
    expect(JSON.parse(res.stderr.trim())).toMatchObject({ level: 40, msg: "to stderr" });
    expect(JSON.parse(res.stdout.trim())).toMatchObject({ level: 40, msg: "to stdout" });
  });
});
