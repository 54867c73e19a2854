import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../src/database/database.ts";
import { executeRows } from "../src/database/execute-rows.ts";
import type { fixtureSchema } from "./fixture-schema.ts";
import { items } from "./fixture-schema.ts";

type FixtureDb = DatabaseHandle<typeof fixtureSchema>;

export interface DatabaseTarget {
  /** Opens (and migrates) the target database; may be called more than once. */
  open(): Promise<FixtureDb>;
  dispose(): Promise<void>;
}

/** One behavioural contract for both database kinds, on the fixture migrations and schema. */
export function describeDatabaseConformance(
  name: string,
  expectedKind: FixtureDb["kind"],
  setup: () => Promise<DatabaseTarget>,
  hooks: { beforeAll?: () => void } = {},
  /** In-memory stores cannot be re-opened with their data, so that case is not defined for them. */
  opts: { persistent: boolean } = { persistent: true },
): void {
  describe(`Database conformance: ${name}`, () => {
    let target: DatabaseTarget;
    let handle: FixtureDb;

    beforeAll(async () => {
      hooks.beforeAll?.();
      target = await setup();
      handle = await target.open();
    });
    afterAll(async () => {
      await handle?.close();
      await target?.dispose();
    });

    it("is the expected kind and answers ping", async () => {
      expect(handle.kind).toBe(expectedKind);
      await expect(handle.ping()).resolves.toBeUndefined();
    });

    it("applied every migration in journal order", async () => {
      const applied = await executeRows<{ n: number }>(
        handle.db,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(applied[0]?.n).toBe(2);
      const columns = await executeRows<{ column_name: string }>(
        handle.db,
        sql`select column_name from information_schema.columns where table_name = 'items' order by column_name`,
      );
      expect(columns.map((c) => c.column_name)).toEqual(["created_at", "data", "id", "name"]);
    });

    it("inserts and selects through drizzle", async () => {
      const [row] = await handle.db.insert(items).values({ name: "alpha" }).returning();
      expect(row).toMatchObject({ name: "alpha", data: {} });
      expect(row?.createdAt).toBeInstanceOf(Date);
      const found = await handle.db.select().from(items).where(eq(items.name, "alpha"));
      expect(found).toEqual([row]);
      const viaQuery = await handle.db.query.items.findFirst({ where: eq(items.id, row!.id) });
      expect(viaQuery?.name).toBe("alpha");
    });

    it("enforces constraints from the migrations", async () => {
      await handle.db.insert(items).values({ name: "unique-one" });
      await expect(handle.db.insert(items).values({ name: "unique-one" })).rejects.toThrow();
    });

    it("rolls back a transaction that throws", async () => {
      await expect(
        handle.db.transaction(async (tx) => {
          await tx.insert(items).values({ name: "rolled-back" });
          const inside = await tx.select().from(items).where(eq(items.name, "rolled-back"));
          expect(inside).toHaveLength(1);
          throw new Error("abort");
        }),
      ).rejects.toThrow("abort");
      expect(await handle.db.select().from(items).where(eq(items.name, "rolled-back"))).toEqual([]);
      await handle.db.transaction(async (tx) => {
        await tx.insert(items).values({ name: "committed" });
      });
      expect(await handle.db.select().from(items).where(eq(items.name, "committed"))).toHaveLength(1);
    });

    it("round-trips jsonb values", async () => {
      const data = {
        nested: { list: [1, 2.5, "three", null, true], empty: {} },
        unicode: "ßrändwärden ✓ 漢字",
        quote: `it's "quoted"`,
        big: 2 ** 40,
      };
      const [row] = await handle.db.insert(items).values({ name: "json", data }).returning();
      expect(row?.data).toEqual(data);
      const [back] = await handle.db.select({ data: items.data }).from(items).where(eq(items.name, "json"));
      expect(back?.data).toEqual(data);
      const viaSql = await executeRows<{ v: string }>(
        handle.db,
        sql`select data->'nested'->'list'->>2 as v from items where name = 'json'`,
      );
      expect(viaSql[0]?.v).toBe("three");
    });

    if (opts.persistent) {
      it("re-opening applies no migration twice and keeps the data", async () => {
        const again = await target.open();
        try {
          const applied = await executeRows<{ n: number }>(
            again.db,
            sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
          );
          expect(applied[0]?.n).toBe(2);
          expect(await again.db.select().from(items).where(eq(items.name, "alpha"))).toHaveLength(1);
        } finally {
          await again.close();
        }
      });
    }
  });
}
