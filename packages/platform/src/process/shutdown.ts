/** A running service as its `main` stops it. */
export interface StoppableService {
  stop(): Promise<void>;
  /** How long `stop` may take (`SHUTDOWN_TIMEOUT`); past it the process exits anyway. */
  shutdownTimeoutMs?: number;
  /** What is still open or not yet stopped, in words: logged as cut when the deadline passes. */
  unfinished?(): string[];
}

const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * Stops the service within its deadline. Resolves 0 when it stopped in time, 1 when it failed or
 * the deadline passed first (then what was cut is logged, and the caller exits regardless: a
 * stop that hangs must not keep a deploy waiting). `timer` is injectable for tests.
 */
export async function shutdownWithin(
  service: StoppableService,
  opts: {
    log: (message: string) => void;
    timer?: (fire: () => void, ms: number) => () => void;
  },
): Promise<0 | 1> {
  const timeoutMs = service.shutdownTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const timer =
    opts.timer ??
    ((fire, ms) => {
      const t = setTimeout(fire, ms);
      return () => clearTimeout(t);
    });
  let cancel = () => {};
  const deadline = new Promise<1>((resolve) => {
    cancel = timer(() => {
      const cut = service.unfinished?.() ?? [];
      opts.log(
        `shutdown deadline of ${timeoutMs / 1000} s passed; exiting with ${cut.length ? cut.join("; ") : "the stop unfinished"} cut`,
      );
      resolve(1);
    }, timeoutMs);
  });
  const stopped = service.stop().then(
    () => 0 as const,
    (err: unknown) => {
      opts.log(`shutdown failed: ${(err as Error)?.stack ?? String(err)}`);
      return 1 as const;
    },
  );
  try {
    return await Promise.race([stopped, deadline]);
  } finally {
    cancel();
  }
}

/**
 * Runs a stop's steps in order and knows which are left: the one under way and those after it
 * are what a deadline cuts.
 */
export function stopSteps(steps: Array<[name: string, step: () => Promise<void> | void]>) {
  let next = 0;
  return {
    async run(): Promise<void> {
      for (; next < steps.length; next++) await steps[next]![1]();
    },
    unfinished: (): string[] => steps.slice(next).map(([name]) => name),
  };
}
