import { z } from "zod";
import { loadEnv } from "@brandwarden/platform/config/load-env";
import { booleanFlag, port, url } from "@brandwarden/platform/config/env-fields";

/** The worker's environment; the only place it is read. */
export const ZWorkerEnv = z.object({
  WORKER_PORT: port().default(3001),
  WORKER_HOST: z.string().default("127.0.0.1"),
  /** The web application's internal API base (`/v1` routes live under it). */
  WEB_URL: url(["http", "https"]).default("http://127.0.0.1:3000"),
  INTERNAL_API_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  REDIS_URL: url(["redis", "rediss"]).optional(),
  EVENT_CHANNEL_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]+$/)
    .default("brandwarden"),
  /** Lets the worker reach private, loopback and link-local addresses (the world needs it; production must not). */
  ALLOW_PRIVATE_NETWORK: booleanFlag().default(false),
  LOG_LEVEL: z.enum(["trace", "debug", "info", "warn", "error", "fatal", "silent"]).default("info"),
  LOG_PRETTY: booleanFlag().default(false),
});

export type WorkerConfig = ReturnType<typeof toWorkerConfig>;

function toWorkerConfig(env: z.infer<typeof ZWorkerEnv>) {
  return Object.freeze({
    port: env.WORKER_PORT,
    host: env.WORKER_HOST,
    webUrl: env.WEB_URL.replace(/\/+$/, ""),
    internalApiToken: env.INTERNAL_API_TOKEN,
    redisUrl: env.REDIS_URL,
    eventChannelPrefix: env.EVENT_CHANNEL_PREFIX,
    allowPrivateNetwork: env.ALLOW_PRIVATE_NETWORK,
    log: { level: env.LOG_LEVEL, pretty: env.LOG_PRETTY },
  });
}

export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  return toWorkerConfig(loadEnv(ZWorkerEnv, env));
}
