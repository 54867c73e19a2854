/**
 * The one decision every integration test against a real service makes: the service answers,
 * or it does not; under CI a missing service is a failure, elsewhere a visible skip.
 *
 *   const redis = await requireService("Redis", testRedisUrl(), () => probeRedis(testRedisUrl()));
 *   describe.skipIf(redis.skip)(redis.title("redis bus"), () => {
 *     beforeAll(() => redis.assertAvailable());
 *   });
 */
export interface ServiceStatus {
  name: string;
  available: boolean;
  /** Why the service is unavailable; null when it answered. */
  reason: string | null;
  /** True when the suite should be skipped: unavailable and not under CI. */
  skip: boolean;
  /** Suite title carrying the skip reason, so the skip shows in the test report. */
  title(base: string): string;
  /** Call from beforeAll: throws when unavailable (which is only reached under CI). */
  assertAvailable(): void;
}

export interface RequireServiceOptions {
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
}

export async function requireService(
  name: string,
  where: string,
  probe: () => Promise<void>,
  opts: RequireServiceOptions = {},
): Promise<ServiceStatus> {
  const env = opts.env ?? process.env;
  const ci = env.CI === "true";
  let reason: string | null = null;
  try {
    await withTimeout(probe(), opts.timeoutMs ?? 3000);
  } catch (err) {
    reason = `${name} not reachable at ${redactUrl(where)}: ${err instanceof Error ? err.message : String(err)}`;
  }
  const available = reason === null;
  const skip = !available && !ci;
  if (skip) console.warn(`[skip] ${reason} (set CI=true to make this a failure)`);
  return {
    name,
    available,
    reason,
    skip,
    title: (base) => (skip ? `${base} (skipped: ${reason})` : base),
    assertAvailable: () => {
      if (!available) throw new Error(`${reason} (CI=true: a missing service is a failure, not a skip)`);
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
