import { Redis } from "ioredis";
import pg from "pg";
import { requireService, type ServiceStatus } from "./require-service.ts";

/** Where integration tests find the real services (env overrides, local defaults otherwise). */
export function testDatabaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  return env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
}

export function testRedisUrl(env: NodeJS.ProcessEnv = process.env): string {
  return env.REDIS_URL ?? "redis://127.0.0.1:6379";
}

export async function probePostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query("select 1");
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function probeRedis(url: string): Promise<void> {
  // No retries: a probe must answer quickly either way.
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  let lastError: Error | null = null;
  redis.on("error", (err: Error) => void (lastError = err));
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    // ioredis reports "Connection is closed"; the socket error says why.
    throw lastError ?? err;
  } finally {
    redis.disconnect();
  }
}

export function requirePostgres(url = testDatabaseUrl()): Promise<ServiceStatus> {
  return requireService("PostgreSQL", url, () => probePostgres(url));
}

export function requireRedis(url = testRedisUrl()): Promise<ServiceStatus> {
  return requireService("Redis", url, () => probeRedis(url));
}
