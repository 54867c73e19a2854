import { beforeAll, describe, expect, it } from "vitest";
import { requirePostgres, testDatabaseUrl } from "../../testing/services.ts";
import { describeDatabaseConformance } from "../../test/database-conformance.ts";
import { createDatabase } from "./database.ts";
import { createTestDatabase } from "../../testing/postgres-test-db.ts";
import { FIXTURE_MIGRATIONS, fixtureSchema } from "../../test/fixture-schema.ts";

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
});
