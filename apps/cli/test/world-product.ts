import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "@brandwarden/platform/testing/free-port";
import { startTestWorld } from "@brandwarden/world/testing/test-world";
import type { World } from "@brandwarden/world/world";
import { startEmbedded } from "../src/commands/start.ts";

type Scenario = Parameters<typeof startTestWorld>[0];
/** The embedded product as `startEmbedded` returns it. */
export type RunningProduct = Awaited<ReturnType<typeof startEmbedded>>;
type Services = RunningProduct["web"]["container"]["services"];

/**
 * The settings every end-to-end run of the product shares: quiet logs, no screenshots or rescans,
 * and secrets fixed for the test.
 */
const E2E_SERVICE_SETTINGS = {
  LOG_LEVEL: "warn",
  SCREENSHOTS: "false",
  RESCAN_INTERVAL: "0",
};

/**
 * A test world and the embedded product (`brandwarden start`: web app and worker in one process)
 * pointed at it, in a data directory of its own; `stop` ends both and removes the directory.
 */
export async function startWorldProduct(
  scenario: Scenario,
  opts: { dataDirPrefix: string; env?: Record<string, string>; world?: Parameters<typeof startTestWorld>[1] },
) {
  const world: World = await startTestWorld(scenario, opts.world);
  const dataDir = await mkdtemp(path.join(tmpdir(), opts.dataDirPrefix));
  let running: RunningProduct | undefined;
  const stop = async () => {
    await running?.stop();
    await world.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    running = await startEmbedded({
      ...process.env,
      ...world.env,
      DATA_DIR: dataDir,
      WEB_PORT: String(await freePort()),
      WORKER_PORT: String(await freePort()),
      INTERNAL_API_TOKEN: "e2e-internal-token-0123456789",
      SESSION_SECRET: "e2e-session-secret-0123456789-0123456789",
      ...E2E_SERVICE_SETTINGS,
      // A loaded CI machine answers slowly; an unanswered name would be "unknown", not registered.
      DNS_TIMEOUT_MS: "5000",
      ...opts.env,
    });
  } catch (err) {
    await stop();
    throw err;
  }
  return { world, running, stop };
}

/**
 * The settings of the split deployment's two services (`start:web`, `start:worker`) on
 * PostgreSQL and Redis, each on its own port, talking over `EVENT_CHANNEL_PREFIX`.
 */
export function splitServicesEnv(opts: {
  worldEnv: Record<string, string>;
  databaseUrl: string;
  redisUrl: string;
  prefix: string;
  webPort: number;
  workerPort: number;
  dataDir: string;
}): Record<string, string> {
  return {
    ...opts.worldEnv,
    DATABASE_URL: opts.databaseUrl,
    REDIS_URL: opts.redisUrl,
    INTERNAL_API_TOKEN: "split-e2e-token-0123456789",
    SESSION_SECRET: "split-e2e-session-secret-0123456789-012",
    EVENT_CHANNEL_PREFIX: opts.prefix,
    WEB_PORT: String(opts.webPort),
    WORKER_PORT: String(opts.workerPort),
    WEB_URL: `http://127.0.0.1:${opts.webPort}`,
    WORKER_URL: `http://127.0.0.1:${opts.workerPort}/api/v1`,
    DATA_DIR: opts.dataDir,
    ...E2E_SERVICE_SETTINGS,
  };
}

/** A user (password "correct horse battery") whose brand profile is set as a new user sets it. */
export async function userWithBrandProfile(
  services: Services,
  email: string,
  brand: { name: string; ownedDomains: string[]; webhookUrl?: string | null },
) {
  const user = await services.users.createUser({ email, password: "correct horse battery" });
  await services.brandProfile.updateProfile(user.id, {
    brand_name: brand.name,
    brand_names: [],
    keywords: ["bank"],
    owned_domains: brand.ownedDomains,
    social_handles: [],
    webhook_url: brand.webhookUrl ?? null,
  });
  return user;
}
