import { z } from "zod";
import { loadEnv } from "@brandwarden/platform/config/load-env";
import { booleanFlag, durationMs, port, url } from "@brandwarden/platform/config/env-fields";

/** The web application's environment; the only place it is read. */
export const ZWebEnv = z.object({
  WEB_PORT: port().default(3000),
  WEB_HOST: z.string().default("127.0.0.1"),
  /** How browsers and the worker reach this app; logo URLs are built from it. */
  PUBLIC_URL: url(["http", "https"]).optional(),
  WORKER_URL: url(["http", "https"]).default("http://127.0.0.1:3001/api/v1"),
  INTERNAL_API_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  DATABASE_URL: url(["postgres", "postgresql"]).optional(),
  REDIS_URL: url(["redis", "rediss"]).optional(),
  DATA_DIR: z.string().default("./data"),
  EVENT_CHANNEL_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]+$/)
    .default("brandwarden"),
  /** Signs session cookies (>= 32 chars). Unset: generated once into DATA_DIR/session-secret. */
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** SMTP server for password-reset mail (smtp://user:pass@host:port); unset: the link is logged. */
  SMTP_URL: url(["smtp", "smtps"]).optional(),
  MAIL_FROM: z.string().default("Brandwarden <no-reply@brandwarden.local>"),
  /** Encrypts secrets at rest (AI provider API key). Unset: derived from the session secret. */
  SETTINGS_ENCRYPTION_KEY: z.string().min(32, "must be at least 32 characters").optional(),
  /** Behind a reverse proxy: trust X-Forwarded-* for the client address (rate limits). */
  TRUST_PROXY: booleanFlag().default(false),
  /** Where the built web UI lives (served at /). */
  WEB_UI_DIR: z.string().default("apps/web-ui/dist"),
  /** Lets outbound calls (webhooks) reach private and loopback addresses; off in production. */
  ALLOW_PRIVATE_NETWORK: booleanFlag().default(false),
  /** How often each user's last scan is re-run; 0 turns the schedule off. */
  RESCAN_INTERVAL: durationMs().default(7 * 24 * 3600 * 1000),
  /** How often scans whose worker stopped reporting (active key expired) are failed; 0 checks only at start-up. */
  STALLED_SCAN_CHECK_INTERVAL: durationMs().default(60 * 1000),
  LOG_LEVEL: z.enum(["trace", "debug", "info", "warn", "error", "fatal", "silent"]).default("info"),
  LOG_PRETTY: booleanFlag().default(false),
});

export type WebConfig = ReturnType<typeof toWebConfig>;

function toWebConfig(env: z.infer<typeof ZWebEnv>) {
  return Object.freeze({
    port: env.WEB_PORT,
    host: env.WEB_HOST,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.WEB_PORT}`,
    workerUrl: env.WORKER_URL.replace(/\/+$/, ""),
    internalApiToken: env.INTERNAL_API_TOKEN,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    dataDir: env.DATA_DIR,
    eventChannelPrefix: env.EVENT_CHANNEL_PREFIX,
    allowPrivateNetwork: env.ALLOW_PRIVATE_NETWORK,
    sessionSecret: env.SESSION_SECRET,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    settingsEncryptionKey: env.SETTINGS_ENCRYPTION_KEY,
    webUiDir: env.WEB_UI_DIR,
    trustProxy: env.TRUST_PROXY,
    secureCookies: (env.PUBLIC_URL ?? "").startsWith("https://"),
    rescanIntervalMs: env.RESCAN_INTERVAL,
    stalledScanCheckMs: env.STALLED_SCAN_CHECK_INTERVAL,
    log: { level: env.LOG_LEVEL, pretty: env.LOG_PRETTY },
  });
}

export function loadWebConfig(env: NodeJS.ProcessEnv = process.env): WebConfig {
  return toWebConfig(loadEnv(ZWebEnv, env));
}
