import { chmod, mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  requirePostgres,
  requireRedis,
  testDatabaseUrl,
  testRedisUrl,
} from "@brandwarden/platform/testing/services";
import { createTestDatabase } from "@brandwarden/platform/testing/postgres-test-db";
import { runCli, spawnScript, waitForHealthy } from "./process.ts";

const dirs: string[] = [];
const tempDir = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "bw-cli-"));
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

describe("npm start (embedded)", () => {
  it("serves /healthz on both ports with no other service, generates the token and stops on Ctrl-C", async () => {
    const dataDir = await tempDir();
    await chmod(dataDir, 0o755); // as a careless set-up leaves it: start makes it private
    const p = spawnScript("start", {
      DATA_DIR: dataDir,
      WEB_PORT: "3510",
      WORKER_PORT: "3511",
      INTERNAL_API_TOKEN: "",
    });
    try {
      expect(await waitForHealthy("http://127.0.0.1:3510/healthz")).toEqual({
        status: "ok",
        database: "ok",
        redis: "not_configured",
      });
      expect(await waitForHealthy("http://127.0.0.1:3511/healthz")).toEqual({
        status: "ok",
        redis: "not_configured",
      });
      const token = (await readFile(path.join(dataDir, "internal-api-token"), "utf8")).trim();
      expect(token).toMatch(/^[0-9a-f]{64}$/);
      // DATA_DIR (database, secrets) is the service user's alone; the renderer user cannot enter.
      expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
      expect((await stat(path.join(dataDir, "internal-api-token"))).mode & 0o777).toBe(0o600);
      const weights = await fetch("http://127.0.0.1:3510/v1/scoring/weights", {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(weights.status).toBe(200);
      const denied = await fetch("http://127.0.0.1:3511/api/v1/report/generate", { method: "POST" });
      expect(denied.status).toBe(401);
    } finally {
      p.child.kill("SIGINT");
    }
    // Both servers close and the process exits cleanly.
    expect(await p.exited).toBe(0);
  }, 90_000);
});

const pg = await requirePostgres();
const redis = await requireRedis();

describe("split deployment on PostgreSQL and Redis", () => {
  it("runs start:web and start:worker apart, each reporting its backing services healthy", async () => {
    pg.assertAvailable();
    redis.assertAvailable();
    const db = await createTestDatabase(testDatabaseUrl());
    const env = {
      DATABASE_URL: db.url,
      REDIS_URL: testRedisUrl(),
      INTERNAL_API_TOKEN: "split-test-token-0123456789",
      WEB_PORT: "3520",
      WORKER_PORT: "3521",
      EVENT_CHANNEL_PREFIX: `bwtest-${process.pid}`,
      DATA_DIR: await tempDir(),
    };
    const web = spawnScript("start:web", env);
    const worker = spawnScript("start:worker", env);
    try {
      expect(await waitForHealthy("http://127.0.0.1:3520/healthz")).toEqual({
        status: "ok",
        database: "ok",
        redis: "ok",
      });
      expect(await waitForHealthy("http://127.0.0.1:3521/healthz")).toEqual({ status: "ok", redis: "ok" });
    } finally {
      web.child.kill("SIGTERM");
      worker.child.kill("SIGTERM");
    }
    expect(await web.exited).toBe(0);
    expect(await worker.exited).toBe(0);
    await db.drop();
  }, 90_000);
});

// Embedded mode in a temp DATA_DIR, whatever DATABASE_URL/REDIS_URL the CI run exports.
const embedded = async () => ({ DATA_DIR: await tempDir(), DATABASE_URL: "", REDIS_URL: "" });

describe("brandwarden users create", () => {
  it("creates a user, prints its id, and refuses a duplicate e-mail", async () => {
    const env = await embedded();
    const first = await runCli(
      ["users", "create", "--email", "Ana@Example.com", "--password", "correct horse battery", "--admin"],
      env,
    );
    expect(first.code).toBe(0);
    expect(first.output.trim()).toMatch(/^[0-9a-f-]{36}$/);
    const again = await runCli(
      ["users", "create", "--email", "ana@example.com", "--password", "correct horse battery"],
      env,
    );
    expect(again.code).toBe(2);
    expect(again.output).toContain("--email");
    expect(again.output).toContain("exists");
  }, 180_000);

  it("names the bad flag and exits 2 for bad input", async () => {
    const env = await embedded();
    // A common password is refused like a short one (one password rule, which checks the length first).
    const common = await runCli(
      ["users", "create", "--email", "b@example.com", "--password", "password12"],
      env,
    );
    expect(common.code).toBe(2);
    expect(common.output).toMatch(/--password: This password is too easy to guess/);
    const badEmail = await runCli(
      ["users", "create", "--email", "not-an-email", "--password", "long enough pw"],
      env,
    );
    expect(badEmail.code).toBe(2);
    expect(badEmail.output).toContain("--email: Not an e-mail address");
    const missing = await runCli(["users", "create", "--email", "a@example.com"], env);
    expect(missing.code).toBe(2);
    expect(missing.output).toContain("--password");
  }, 180_000);

  it("prints help listing the commands", async () => {
    const help = await runCli(["--help"]);
    expect(help.code).toBe(0);
    expect(help.output).toContain("users");
    expect(help.output).toContain("start");
  }, 120_000);

  it("stops with a message naming the variable when configuration is bad", async () => {
    const res = await runCli(
      ["users", "create", "--email", "a@example.com", "--password", "long enough pw"],
      {
        DATABASE_URL: "mysql://nope",
      },
    );
    expect(res.code).toBe(2);
    expect(res.output).toContain("DATABASE_URL");
  }, 120_000);
});
