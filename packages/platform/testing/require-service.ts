/**
 * The one check every integration test against a real service makes: probe it once, and fail the
 * suite with a clear reason when it does not answer. Never a skip: a test that needs PostgreSQL,
 * Redis or BullMQ runs against it or fails (`.ci/run` starts them; the machine kind has them).
 *
 *   const redis = await requireService("Redis", testRedisUrl(), () => probeRedis(testRedisUrl()));
 *   describe("redis bus", () => {
 *     beforeAll(() => redis.assertAvailable());
 *   });
 */
export interface ServiceStatus {
  name: string;
  available: boolean;
  /** Why the service is unavailable; null when it answered. */
  reason: string | null;
  /** Call from beforeAll: throws, naming the service and why, when it is unavailable. */
  assertAvailable(): void;
}

export interface RequireServiceOptions {
  timeoutMs?: number;
}

export async function requireService(
  name: string,
  where: string,
  probe: () => Promise<void>,
  opts: RequireServiceOptions = {},
): Promise<ServiceStatus> {
  let reason: string | null = null;
  try {
    await withTimeout(probe(), opts.timeoutMs ?? 3000);
  } catch (err) {
    reason = `${name} not reachable at ${redactUrl(where)}: ${err instanceof Error ? err.message : String(err)}`;
  }
  const available = reason === null;
  return {
    name,
    available,
    reason,
    assertAvailable: () => {
      if (!available) throw new Error(`${reason} (integration tests need it; start it, see README)`);
    },
  };
}

async function withTimeout(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return url;
  }
}
