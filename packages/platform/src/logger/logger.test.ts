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
});
