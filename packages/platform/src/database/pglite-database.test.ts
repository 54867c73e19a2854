import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { describeDatabaseConformance } from "../../test/database-conformance.ts";
import { createDatabase } from "./database.ts";
import { FIXTURE_MIGRATIONS, fixtureSchema } from "../../test/fixture-schema.ts";

describeDatabaseConformance(
  "pglite in memory",
  "pglite",
  async () => ({
    open: () => createDatabase({ schema: fixtureSchema, migrationsFolder: FIXTURE_MIGRATIONS }),
    dispose: async () => undefined,
  }),
  {},
  { persistent: false },
);

describeDatabaseConformance("pglite on disk", "pglite", async () => {
  const dir = mkdtempSync(join(tmpdir(), "bw-pglite-"));
  const dataDir = join(dir, "nested", "pgdata");
  return {
    open: () => createDatabase({ dataDir, schema: fixtureSchema, migrationsFolder: FIXTURE_MIGRATIONS }),
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

describe("createDatabase", () => {
  it("fails on a missing migrations folder", async () => {
    await expect(
      createDatabase({ schema: fixtureSchema, migrationsFolder: join(tmpdir(), "bw-no-such-migrations") }),
    ).rejects.toThrow();
  });

  it("close is idempotent", async () => {
    const handle = await createDatabase({ schema: fixtureSchema, migrationsFolder: FIXTURE_MIGRATIONS });
    await handle.close();
    await handle.close();
  });
});
