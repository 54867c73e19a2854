import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { requirePostgres, testDatabaseUrl } from "@brandwarden/platform/testing/services";
import { createTestDatabase } from "@brandwarden/platform/testing/postgres-test-db";
import { startTestWeb } from "@brandwarden/web/test/harness";
import { runCli } from "./process.ts";

// Issue 30: an operator makes a user's personal API token from the command line; it prints only the
// token, which the web app then takes as `Authorization: Bearer`.

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

const pg = await requirePostgres();

describe("brandwarden tokens create", () => {
  it("prints only a token that works as Bearer; an unknown e-mail names --email and exits 2", async () => {
    pg.assertAvailable();
    const db = await createTestDatabase(testDatabaseUrl());
    const dataDir = await mkdtemp(path.join(tmpdir(), "bw-cli-"));
    dirs.push(dataDir);
    // The command line and the web app share the database (as an operator's shell and the service do).
    const env = { DATABASE_URL: db.url, REDIS_URL: "", DATA_DIR: dataDir };
    try {
      const user = await runCli(
        ["users", "create", "--email", "soc@example.com", "--password", "correct horse battery"],
        env,
      );
      expect(user.code).toBe(0);

      const made = await runCli(
        ["tokens", "create", "--email", "SOC@example.com", "--name", "Sentinel"],
        env,
      );
      expect(made.code).toBe(0);
      expect(made.stdout).toMatch(/^bw_[A-Za-z0-9_-]{43}\n$/); // the token and nothing else
      const token = made.stdout.trim();

      const web = await startTestWeb("postgres", {}, { dbUrl: () => db.url });
      try {
        const headers = { authorization: `Bearer ${token}` };
        const account = await web.app.inject({ method: "GET", url: "/account", headers });
        expect(account.statusCode).toBe(200);
        expect(account.json()).toMatchObject({ email: "soc@example.com" });
        const wrong = await web.app.inject({
          method: "GET",
          url: "/account",
          headers: { authorization: `Bearer ${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}` },
        });
        expect(wrong.statusCode).toBe(401);
      } finally {
        await web.close();
      }

      const unknown = await runCli(["tokens", "create", "--email", "nobody@example.com", "--name", "x"], env);
      expect(unknown.code).toBe(2);
      expect(unknown.stdout).toBe("");
      expect(unknown.output).toContain("--email");
      expect(unknown.output).toContain("nobody@example.com");
      const unnamed = await runCli(["tokens", "create", "--email", "soc@example.com", "--name", " "], env);
      expect(unnamed.code).toBe(2);
      expect(unnamed.output).toContain("--name");
    } finally {
      await db.drop();
    }
  }, 240_000);
});
