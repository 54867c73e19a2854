import { z } from "zod";
import { loadEnv } from "@brandwarden/platform/config/load-env";
import { booleanFlag, durationMs, port, shutdownTimeout, url } from "@brandwarden/platform/config/env-fields";
import { isIP } from "node:net";
import { hostname } from "node:os";

/** The web application's environment; the only place it is read. */
const ZWebEnv = z.object({
  WEB_PORT: port().default(3000),
  WEB_HOST: z.string().default("127.0.0.1"),
  /** How browsers and the worker reach this app; logo URLs are built from it. */
  PUBLIC_URL: url(["http", "https"]).optional(),
  WORKER_URL: url(["http", "https"]).default("http://127.0.0.1:3001/api/v1"),
  INTERNAL_API_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /** Bearer token of GET /metrics (Prometheus), its own; unset: metrics are off (404). */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  DATABASE_URL: url(["postgres", "postgresql"]).optional(),
  REDIS_URL: url(["redis", "rediss"]).optional(),
  DATA_DIR: z.string().default("./data"),
  EVENT_CHANNEL_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]+$/)
    .default("brandwarden"),
  /** Signs session cookies (>= 32 chars). Unset: generated once into DATA_DIR/session-secret. */
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** Signs webhook snapshot links (>= 32 chars). Unset: generated once into DATA_DIR/snapshot-link-secret. */
  SNAPSHOT_LINK_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** SMTP server for password-reset mail (smtp://user:pass@host:port); unset: no mail is sent (logged as such, never the link). */
  SMTP_URL: url(["smtp", "smtps"]).optional(),
  MAIL_FROM: z.string().default("Brandwarden <no-reply@brandwarden.local>"),
  /** A session unused this long is ended on the server (and its event streams closed). */
  SESSION_IDLE_TIMEOUT: sessionDuration().default(7 * 24 * 3600 * 1000),
  /** A session is ended this long after login whatever its use; also the session cookie's lifetime. */
  SESSION_MAX_AGE: sessionDuration().default(30 * 24 * 3600 * 1000),
  /** Encrypts secrets at rest (AI provider API key). Unset: derived from the session secret. */
  SETTINGS_ENCRYPTION_KEY: z.string().min(32, "must be at least 32 characters").optional(),
  /**
   * Behind reverse proxies: how many hops of X-Forwarded-For to trust (e.g. 1), or the proxies'
   * addresses/CIDR ranges; the client address the rate limits key on comes from it. Never `true`.
   */
  TRUST_PROXY: trustProxy().default(false),
  /** Where the built web UI lives (served at /). */
  WEB_UI_DIR: z.string().default("apps/web-ui/dist"),
  /** Lets outbound calls (webhooks) reach private and loopback addresses; off in production. */
  ALLOW_PRIVATE_NETWORK: booleanFlag().default(false),
  /** How often each user's last scan is re-run; 0 turns the schedule off. */
  RESCAN_INTERVAL: durationMs().default(7 * 24 * 3600 * 1000),
  /** How often the watch re-resolves each user's watch list and re-checks parked lookalikes; 0 turns it off. */
  WATCH_INTERVAL: durationMs().default(3600 * 1000),
  /** Every watched candidate (not only the top WATCH_MAX_NAMES) is re-resolved at least once this often, a slice per round. */
  WATCH_FULL_CYCLE: durationMs().default(24 * 3600 * 1000),
  /** How often sent takedown cases are checked (down, back up) and escalated when due; 0 turns the checks off. */
  TAKEDOWN_CHECK_INTERVAL: durationMs().default(15 * 60 * 1000),
  /** A case whose site is still up this long after its sending (or last escalation) escalates once. */
  TAKEDOWN_ESCALATE_AFTER: durationMs()
    .refine((ms) => ms > 0, "must be a positive duration")
    .default(48 * 3600 * 1000),
  /** Takedown reports one user may e-mail per hour (the automatic follow-ups and escalations are never refused). */
  TAKEDOWN_SEND_LIMIT: z.coerce.number().int().min(1).max(100_000).default(100),
  /** The learner's minimum labels (contract default 10); the admin weights page says how many more it needs. */
  MIN_LABELED_SAMPLES: z.coerce.number().int().min(1).max(100_000).default(10),
  /** How often scans whose worker went silent are resumed or failed, and unfinished endings reconciled; 0: only at start-up. */
  STALLED_SCAN_CHECK_INTERVAL: durationMs().default(60 * 1000),
  /** A dispatched scan with no `scan_update` for this long lost its worker (workers beat every 30 s). */
  SCAN_SILENCE_LIMIT: durationMs().default(3 * 60 * 1000),
  /** How many times such a scan is handed to a worker again (from its last completed stage) before it fails. */
  SCAN_AUTO_RESUMES: z.coerce.number().int().min(0).max(10).default(1),
  /**
   * This process's name among the web processes reading the event streams (a consumer group):
   * unique among live processes and the same after a restart, so a restarted process takes its
   * unacknowledged messages back at once. Default: host name and WEB_PORT.
   */
  WEB_CONSUMER_NAME: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,100}$/, "use letters, digits and _ . : - (at most 100)")
    .optional(),
  /** SIGTERM/SIGINT: event streams are closed, then the server; past this the process exits anyway. */
  SHUTDOWN_TIMEOUT: shutdownTimeout(),
  /** An owned domain whose profile has not come this long after it was asked for is asked again (a worker may have died). */
  ENRICHMENT_STALE_AFTER: durationMs().default(5 * 60 * 1000),
  /** Times it is asked again before it is failed with a message (deferred scans then go ahead). */
  ENRICHMENT_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  /** Failures of an event handler that are not connection errors before the event is dead-lettered. */
  EVENT_MAX_DELIVERIES: z.coerce.number().int().min(1).max(1000).default(10),
  /** First retry delay of a failed event (doubling); and the longest, also while waiting for the database. */
  EVENT_RETRY_BASE: durationMs().default(500),
  EVENT_RETRY_MAX: durationMs().default(30_000),
  /** PostgreSQL: longest wait for a connection, and for one statement (server `statement_timeout`, client `query_timeout`). */
  DATABASE_CONNECT_TIMEOUT: durationMs().default(10_000),
  DATABASE_STATEMENT_TIMEOUT: durationMs().default(60_000),
  /** Longest time to receive a whole HTTP request (slow clients); event streams are not affected. */
  REQUEST_TIMEOUT: durationMs().default(60_000),
  /** Redis commands without an answer this long fail (blocking reads excepted), so nothing hangs while Redis is away. */
  REDIS_COMMAND_TIMEOUT: durationMs().default(10_000),
  LOG_LEVEL: z.enum(["trace", "debug", "info", "warn", "error", "fatal", "silent"]).default("info"),
  LOG_PRETTY: booleanFlag().default(false),
});

/**
 * TRUST_PROXY: unset/false/0 (the socket's address), a hop count, or a comma list of proxy
 * addresses and CIDR ranges (proxy-addr's, as Fastify's `trustProxy` takes them). `true` is refused:
 * it trusts every hop, so a client's own X-Forwarded-For would choose the address it is limited by.
 */
function trustProxy() {
  return z.string().transform((raw, ctx): false | number | string[] => {
    const text = raw.trim().toLowerCase();
    if (text === "" || text === "false" || text === "0") return false;
    if (/^\d+$/.test(text) && Number(text) <= 20) return Number(text);
    const items = text
      .split(",")
      .map((s) => s.trim())
      .filter((s) => s !== "");
    const bad = items.filter((item) => !isProxyAddress(item));
    if (text === "true" || bad.length > 0 || items.length === 0) {
      ctx.addIssue({
        code: "custom",
        message:
          (text === "true" ? "`true` would trust every hop, so clients could forge their address; " : "") +
          "give the number of proxies in front of the app (e.g. 1) or their addresses/CIDR ranges " +
          `(e.g. "10.0.0.0/8,127.0.0.1")${bad.length > 0 && text !== "true" ? `; not an address: ${bad.join(", ")}` : ""}`,
      });
      return z.NEVER;
    }
    return items;
  });
}

/** An IP address, a CIDR range or one of proxy-addr's names (loopback, linklocal, uniquelocal). */
function isProxyAddress(item: string): boolean {
  if (["loopback", "linklocal", "uniquelocal"].includes(item)) return true;
  const [ip, prefix, ...rest] = item.split("/");
  const family = isIP(ip ?? "");
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** A session lifetime: a duration of at least one minute (shorter ones would log people out mid-task). */
function sessionDuration() {
  return durationMs().refine((ms) => ms >= 60_000, 'must be at least one minute, e.g. "12h" or "7d"');
}

export type WebConfig = ReturnType<typeof toWebConfig>;

function toWebConfig(env: z.infer<typeof ZWebEnv>) {
  return Object.freeze({
    port: env.WEB_PORT,
    host: env.WEB_HOST,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.WEB_PORT}`,
    workerUrl: env.WORKER_URL.replace(/\/+$/, ""),
    internalApiToken: env.INTERNAL_API_TOKEN,
    metricsToken: env.METRICS_TOKEN,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    dataDir: env.DATA_DIR,
    eventChannelPrefix: env.EVENT_CHANNEL_PREFIX,
    allowPrivateNetwork: env.ALLOW_PRIVATE_NETWORK,
    sessionSecret: env.SESSION_SECRET,
    snapshotLinkSecret: env.SNAPSHOT_LINK_SECRET,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    session: { idleTimeoutMs: env.SESSION_IDLE_TIMEOUT, maxAgeMs: env.SESSION_MAX_AGE },
    settingsEncryptionKey: env.SETTINGS_ENCRYPTION_KEY,
    webUiDir: env.WEB_UI_DIR,
    trustProxy: env.TRUST_PROXY,
    secureCookies: (env.PUBLIC_URL ?? "").startsWith("https://"),
    rescanIntervalMs: env.RESCAN_INTERVAL,
    watchIntervalMs: env.WATCH_INTERVAL,
    watchFullCycleMs: env.WATCH_FULL_CYCLE,
    minLabeledSamples: env.MIN_LABELED_SAMPLES,
    takedowns: {
      checkIntervalMs: env.TAKEDOWN_CHECK_INTERVAL,
      escalateAfterMs: env.TAKEDOWN_ESCALATE_AFTER,
      sendLimitPerHour: env.TAKEDOWN_SEND_LIMIT,
    },
    stalledScanCheckMs: env.STALLED_SCAN_CHECK_INTERVAL,
    scanSilenceLimitMs: env.SCAN_SILENCE_LIMIT,
    scanAutoResumes: env.SCAN_AUTO_RESUMES,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT,
    consumerName: env.WEB_CONSUMER_NAME ?? `${hostname()}:${env.WEB_PORT}`,
    enrichmentStaleMs: env.ENRICHMENT_STALE_AFTER,
    enrichmentRetries: env.ENRICHMENT_RETRIES,
    events: {
      maxDeliveries: env.EVENT_MAX_DELIVERIES,
      retryBaseMs: env.EVENT_RETRY_BASE,
      retryMaxMs: Math.max(env.EVENT_RETRY_BASE, env.EVENT_RETRY_MAX),
    },
    database: {
      connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT,
      statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT,
    },
    requestTimeoutMs: env.REQUEST_TIMEOUT,
    redisCommandTimeoutMs: env.REDIS_COMMAND_TIMEOUT,
    log: { level: env.LOG_LEVEL, pretty: env.LOG_PRETTY },
  });
}

export function loadWebConfig(env: NodeJS.ProcessEnv = process.env): WebConfig {
  return toWebConfig(loadEnv(ZWebEnv, env));
}
