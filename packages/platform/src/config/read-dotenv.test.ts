import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readDotenv } from "./read-dotenv.ts";

describe("readDotenv", () => {
  const dir = mkdtempSync(join(tmpdir(), "bw-dotenv-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("loads variables from the file without overriding ones already set", () => {
    const path = join(dir, ".env");
    writeFileSync(path, 'WEB_PORT=4000\nLOG_LEVEL=debug\n# comment\nQUOTED="a b"\n');
    const env: NodeJS.ProcessEnv = { WEB_PORT: "5000" };
    expect(readDotenv({ path, env })).toBe(path);
    expect(env).toEqual({ WEB_PORT: "5000", LOG_LEVEL: "debug", QUOTED: "a b" });
  });

  it("does nothing when the file is absent", () => {
    const env: NodeJS.ProcessEnv = {};
    expect(readDotenv({ path: join(dir, "missing.env"), env })).toBeNull();
    expect(env).toEqual({});
  });
});
