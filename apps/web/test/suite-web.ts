import { afterAll, beforeAll } from "vitest";
import type { ServiceStatus } from "@brandwarden/platform/testing/require-service";
import { startTestWeb, type DbVariant, type TestWeb } from "./harness.ts";
import { startStubWorker, type StubWorker } from "./stub-worker.ts";

/**
 * The web app of the enclosing `describe`: started before its tests (once its database is up) and
 * closed after them. The describe body runs before `beforeAll`, so the app's parts are read through
 * getters, inside tests and hooks.
 */
export function suiteWeb(
  variant: DbVariant,
  status: ServiceStatus | null,
  opts: { env?: Record<string, string>; consume?: boolean } = {},
): TestWeb {
  let started: TestWeb | undefined;
  beforeAll(async () => {
    status?.assertAvailable();
    started = await startTestWeb(variant, opts.env, { consume: opts.consume });
  });
  afterAll(async () => {
    await started?.close();
  });
  return startedParts(() => started);
}

/** `suiteWeb` whose calls to the worker go to a stub worker (`worker`), which answers and records them. */
export function suiteWebWithStubWorker(
  variant: DbVariant,
  status: ServiceStatus | null,
): TestWeb & { readonly worker: StubWorker } {
  let started: TestWeb | undefined;
  let worker: StubWorker | undefined;
  beforeAll(async () => {
    status?.assertAvailable();
    worker = await startStubWorker();
    started = await startTestWeb(variant, { WORKER_URL: worker.url });
  });
  afterAll(async () => {
    await started?.close();
    await worker?.close();
  });
  const parts = startedParts(() => started);
  return Object.defineProperty(parts, "worker", { get: () => ready(worker) }) as TestWeb & {
    readonly worker: StubWorker;
  };
}

function ready<T>(value: T | undefined): T {
  if (value === undefined) throw new Error("the suite's web app is read before its beforeAll has run");
  return value;
}

function startedParts(current: () => TestWeb | undefined): TestWeb {
  return {
    get app() {
      return ready(current()).app;
    },
    get db() {
      return ready(current()).db;
    },
    get container() {
      return ready(current()).container;
    },
    close: () => ready(current()).close(),
  };
}
