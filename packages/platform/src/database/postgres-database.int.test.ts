import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { requirePostgres, testDatabaseUrl } from "../../testing/services.ts";
import { describeDatabaseConformance } from "../../test/database-conformance.ts";
import { createDatabase } from "./database.ts";
import { createTestDatabase } from "../../testing/postgres-test-db.ts";
import { FIXTURE_MIGRATIONS, fixtureSchema } from "../../test/fixture-schema.ts";
import { startTcpRelay } from "../../testing/tcp-relay.ts";
import { isConnectionError } from "../util/connection-error.ts";

const postgres = await requirePostgres();

describe("postgres database", () => {
  // Under CI an unreachable service fails here, before any test waits on it.
  beforeAll(() => postgres.assertAvailable());

  describeDatabaseConformance("postgres", "postgres", async () => {
    const testDb = await createTestDatabase(testDatabaseUrl());
    return {
      open: () =>
        createDatabase({ url: testDb.url, schema: fixtureSchema, migrationsFolder: FIXTURE_MIGRATIONS }),
      dispose: () => testDb.drop(),
    };
  });

  it("concurrent starts against one database migrate once", async () => {
    const testDb = await createTestDatabase(testDatabaseUrl());
    try {
      const open = () =>
        createDatabase({ url: testDb.url, schema: fixtureSchema, migrationsFolder: FIXTURE_MIGRATIONS });
      const handles = await Promise.all([open(), open(), open()]);
      await Promise.all(handles.map((h) => h.close()));
    } finally {
      await testDb.drop();
    }
  });

  it("createTestDatabase gives distinct databases and drop removes them", async () => {
    const a = await createTestDatabase(testDatabaseUrl());
    const b = await createTestDatabase(testDatabaseUrl());
    expect(a.url).not.toBe(b.url);
    await a.drop();
    await b.drop();
    await a.drop();
    await expect(
      createDatabase({ url: a.url, schema: fixtureSchema, migrationsFolder: FIXTURE_MIGRATIONS }),
    ).rejects.toThrow(/does not exist/);
  });

  it("rejects a non-postgres url", async () => {
    await expect(
      createDatabase({ url: "mysql://x", schema: fixtureSchema, migrationsFolder: FIXTURE_MIGRATIONS }),
    ).rejects.toThrow(/postgres/);
  });

  describe("timeouts and outages", () => {
    const open = (url: string, opts: { connectTimeoutMs?: number; statementTimeoutMs?: number } = {}) =>
      createDatabase({ url, schema: fixtureSchema, migrationsFolder: FIXTURE_MIGRATIONS, ...opts });

    it("ends a statement that runs past statementTimeoutMs (a connection-class error, retried by consumers)", async () => {
      const testDb = await createTestDatabase(testDatabaseUrl());
      const handle = await open(testDb.url, { statementTimeoutMs: 300 });
      try {
        const err = await handle.db.execute(sql`select pg_sleep(30)`).then(
          () => null,
          (e: unknown) => e,
        );
        expect(String((err as Error)?.cause ?? err)).toMatch(/statement timeout/);
        expect(isConnectionError(err)).toBe(true);
        await handle.ping();
      } finally {
        await handle.close();
        await testDb.drop();
      }
    });

    it("gives up connecting after connectTimeoutMs when the server does not answer, and recovers when it does", async () => {
      const testDb = await createTestDatabase(testDatabaseUrl());
      const { hostname, port } = new URL(testDb.url);
      const relay = await startTcpRelay({ host: hostname, port: Number(port || 5432) });
      const handle = await open(relay.urlFor(testDb.url), { connectTimeoutMs: 300 });
      try {
        await relay.cut("hang");
        const hung = await handle.ping().then(
          () => null,
          (e: unknown) => e,
        );
        expect(isConnectionError(hung)).toBe(true);
        await relay.cut("refuse");
        const refused = await handle.ping().then(
          () => null,
          (e: unknown) => e,
        );
        expect(isConnectionError(refused)).toBe(true);
        await relay.restore();
        await handle.ping();
      } finally {
        await handle.close();
        await relay.close();
        await testDb.drop();
      }
    });

    it("a connection lost while a transaction holds it fails that transaction, not the process, and the pool recovers", async () => {
      const testDb = await createTestDatabase(testDatabaseUrl());
      const { hostname, port } = new URL(testDb.url);
      const relay = await startTcpRelay({ host: hostname, port: Number(port || 5432) });
      const handle = await open(relay.urlFor(testDb.url));
      // pg emits 'error' on a checked-out client whose socket dies; without a listener of the
      // product's own that is an uncaught exception, which ended the web process mid-outage.
      const uncaught: unknown[] = [];
      const onUncaught = (err: unknown) => void uncaught.push(err);
      const vitestListeners = process.listeners("uncaughtException");
      process.removeAllListeners("uncaughtException");
      process.on("uncaughtException", onUncaught);
      try {
        let cutDone!: () => void;
        const cutIn = new Promise<void>((resolve) => (cutDone = resolve));
        const tx = handle.db.transaction(async (t) => {
          await t.execute(sql`select 1`);
          // Idle inside the transaction (the client checked out, no query running) while the
          // link is cut, then a query with it running when the socket is found dead.
          await relay.cut("reset");
          cutDone();
          await t.execute(sql`select pg_sleep(1)`);
        });
        await cutIn;
        const err = await tx.then(
          () => null,
          (e: unknown) => e,
        );
        expect(isConnectionError(err)).toBe(true);
        // Let any 'error' event the dead socket still raises be emitted.
        await new Promise((resolve) => setImmediate(resolve));
        expect(uncaught).toEqual([]);
        await relay.restore();
        await handle.ping();
      } finally {
        process.off("uncaughtException", onUncaught);
        for (const l of vitestListeners) process.on("uncaughtException", l);
        await handle.close();
        await relay.close();
        await testDb.drop();
      }
    });
  });
});
