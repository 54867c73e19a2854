import { describe, expect, it } from "vitest";
import { z } from "zod";
import { commaList, durationMs, port, url } from "./env-fields.ts";
import { ConfigError, loadEnv } from "./load-env.ts";

const schema = z.object({
  WEB_PORT: port().default(3000),
  DATABASE_URL: url(["postgres", "postgresql"]).optional(),
  SECRET: z.string().min(16, "must be at least 16 characters"),
  TIMEOUT: durationMs().default(5000),
  HOSTS: commaList().default([]),
});

describe("loadEnv", () => {
  it("returns the parsed, typed configuration with defaults", () => {
    const cfg = loadEnv(schema, { SECRET: "x".repeat(16), HOSTS: "a, b", TIMEOUT: "2s", OTHER: "ignored" });
    expect(cfg).toEqual({ WEB_PORT: 3000, SECRET: "x".repeat(16), TIMEOUT: 2000, HOSTS: ["a", "b"] });
  });

  it("treats an empty variable as unset", () => {
    expect(loadEnv(schema, { SECRET: "x".repeat(16), WEB_PORT: "" }).WEB_PORT).toBe(3000);
  });

  it("names every bad variable and why, without echoing values", () => {
    let error: unknown;
    try {
      loadEnv(schema, { WEB_PORT: "70000", DATABASE_URL: "mysql://u:hunter2@db/x", TIMEOUT: "soon" });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const e = error as ConfigError;
    expect(e.message).toMatch(/^Invalid configuration: /);
    expect(e.message).toContain("WEB_PORT: expected a number between 1 and 65535");
    expect(e.message).toContain("DATABASE_URL: expected a postgres:// or postgresql:// URL");
    expect(e.message).toContain("SECRET: is required");
    expect(e.message).toContain("TIMEOUT: expected a duration");
    expect(e.message).not.toContain("hunter2");
    expect(e.issues.map((i) => i.variable).sort()).toEqual(["DATABASE_URL", "SECRET", "TIMEOUT", "WEB_PORT"]);
  });

  it("reports the message of a plain zod rule", () => {
    expect(() => loadEnv(schema, { SECRET: "short" })).toThrow(
      "Invalid configuration: SECRET: must be at least 16 characters",
    );
  });

  it("reads process.env by default", () => {
    const key = "BW_LOAD_ENV_TEST";
    process.env[key] = "8080";
    try {
      expect(loadEnv(z.object({ [key]: port() }))[key]).toBe(8080);
    } finally {
      delete process.env[key];
    }
  });
});
