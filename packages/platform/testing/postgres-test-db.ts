import { randomBytes } from "node:crypto";
import pg from "pg";

export interface TestDatabase {
  /** URL of the fresh, empty database. */
  url: string;
  /** Drops it (terminating leftover connections). Safe to call twice. */
  drop(): Promise<void>;
}

/**
 * A fresh, uniquely named database on the server behind `baseUrl`, so every test file gets its
 * own schema and migrations without touching anyone else's data.
 */
export async function createTestDatabase(baseUrl: string): Promise<TestDatabase> {
  const name = `bw_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  await admin(baseUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  let dropped: Promise<void> | null = null;
  return {
    url: url.toString(),
    drop: () => (dropped ??= admin(baseUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)),
  };
}

async function admin(baseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
