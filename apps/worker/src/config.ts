import path from "node:path";
import { z } from "zod";
import { loadEnv } from "@brandwarden/platform/config/load-env";
import {
  booleanFlag,
  commaList,
  durationMs,
  port,
  shutdownTimeout,
  url,
} from "@brandwarden/platform/config/env-fields";
import { rdapBootstrapUrl } from "./capabilities/enrich/registration/rdap-bootstrap-url.ts";
import { parseAllowedHosts } from "@brandwarden/platform/net/allowed-hosts";
import { SOCIAL_ENV_FIELDS, toSocialConfig } from "./capabilities/social/social-config.ts";

/** `ip[:port]` or `[ipv6]:port` (a name server is addressed by IP; no lookup to find the resolver). */
const NAMESERVER = /^(\d{1,3}(\.\d{1,3}){3}(:\d{1,5})?|\[[0-9a-f:]+\](:\d{1,5})?|[0-9a-f:]+)$/i;

/** The worker's environment; the only place it is read. */
const ZWorkerEnv = z.object({
  WORKER_PORT: port().default(3001),
  WORKER_HOST: z.string().default("127.0.0.1"),
  /** The web application's internal API base (`/v1` routes live under it). */
  WEB_URL: url(["http", "https"]).default("http://127.0.0.1:3000"),
  INTERNAL_API_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /** Bearer token of GET /metrics (Prometheus), its own; unset: metrics are off (404). */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  REDIS_URL: url(["redis", "rediss"]).optional(),
  EVENT_CHANNEL_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]+$/)
    .default("brandwarden"),
  /** Lets the worker reach private, loopback and link-local addresses (the world needs it; production must not). */
  ALLOW_PRIVATE_NETWORK: booleanFlag().default(false),
  /**
   * LLM and embeddings servers the worker may reach on a private or loopback address (a local
   * Ollama or vLLM), comma list of `host[:port]`; every other LLM address must be public.
   */
  LLM_LOCAL_HOSTS: commaList()
    .superRefine((list, ctx) => {
      try {
        parseAllowedHosts(list);
      } catch (err) {
        ctx.addIssue({ code: "custom", message: (err as Error).message });
      }
    })
    .default([]),
  /** SIGTERM/SIGINT: running scans are handed back to the web app; past this the process exits anyway. */
  SHUTDOWN_TIMEOUT: shutdownTimeout(),
  /** Longest time to receive a whole HTTP request (slow clients get 408). */
  REQUEST_TIMEOUT: durationMs().default(60_000),
  /** Redis commands without an answer this long fail (blocking reads excepted), so nothing hangs while Redis is away. */
  REDIS_COMMAND_TIMEOUT: durationMs().default(10_000),
  /** How long reads from the web app wait while it answers 503 (its database away) or 502/504 (0: no wait). */
  WEB_OUTAGE_WAIT: durationMs().default(5 * 60_000),
  LOG_LEVEL: z.enum(["trace", "debug", "info", "warn", "error", "fatal", "silent"]).default("info"),
  LOG_PRETTY: booleanFlag().default(false),

  // ---- Scan pipeline ----
  /** Scans this worker runs at once; more wait their turn. */
  SCAN_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** A running scan tells the web app it is alive at least this often (keep well under the web's SCAN_SILENCE_LIMIT). */
  SCAN_HEARTBEAT_INTERVAL: durationMs()
    .refine((ms) => ms >= 100, "must be at least 100ms")
    .default(30 * 1000),
  /** Unregistered permutations the watch re-resolves per user and round, highest prior risk first. */
  WATCH_MAX_NAMES: z.coerce.number().int().min(0).max(100_000).default(2000),
  /** DNS queries a second the watch sends each name server, evenly spaced (its rounds never burst). */
  WATCH_QPS: z.coerce.number().min(0.1).max(100_000).default(50),
  /** Pages the watch re-checks and names it enriches at once. */
  WATCH_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(8),
  /** Cap on lookalike candidates per owned domain (the permutation budget). */
  MAX_CANDIDATES: z.coerce.number().int().min(100).max(2_000_000).default(250_000),
  /** The learner stores new weights only with at least this many labels (contract default 10). */
  MIN_LABELED_SAMPLES: z.coerce.number().int().min(1).max(100_000).default(10),
  /** Label weight decays with age over this many days (contract default 90). */
  WEIGHTS_DECAY_DAYS: z.coerce.number().min(1).max(3650).default(90),
  /** Threat feeds: URL (http/https) or a local file path, per format; unset feeds are not used. */
  FEED_URLHAUS_URL: z.string().trim().min(1).optional(),
  FEED_OPENPHISH_URL: z.string().trim().min(1).optional(),
  FEED_PHISHTANK_URL: z.string().trim().min(1).optional(),
  /** How long a fetched feed is reused before it is fetched again. */
  FEED_REFRESH: durationMs().default(3_600_000),
  /**
   * Certificate Transparency logs the `ct` discovery step and the follower read, comma list: RFC 6962
   * base URLs, or `tiled:` and the monitoring prefix of a static-ct (tiled) log.
   */
  CT_LOGS: commaList()
    .refine(
      (list) => list.every((u) => /^(tiled:)?https?:\/\/[^\s,]+$/i.test(u)),
      "expected a comma list of http(s) URLs, static-ct logs as tiled:<url>",
    )
    .default([]),
  /** A v3 log list (Chrome's format); its usable logs are read when CT_LOGS is unset. Both unset: no CT step. */
  CT_LOG_LIST_URL: url(["http", "https"]).optional(),
  /** How far back a scan's `ct` step reads the logs. */
  CT_LOOKBACK: durationMs().default(86_400_000),
  /** Follow the CT logs continuously and raise `lookalike.discovered` alerts for every user's brand. */
  CT_FOLLOW: booleanFlag().default(false),
  /** How often the follower asks each log for new entries (when it has caught up). */
  CT_POLL_INTERVAL: durationMs().default(10_000),
  /** On the follower's very first start, begin this far back rather than at the logs' heads. */
  CT_FOLLOW_BACKFILL: durationMs().default(0),
  /** How often the follower reloads every user's brand from the web app. */
  CT_BRANDS_REFRESH: durationMs().default(60_000),
  // --- zone files and newly registered domains (issue #28) ---
  /** A directory of zone files (`<tld>.zone[.gz]`, CZDS) or name lists (`<tld>.txt[.gz]`); each is read when it changes. */
  ZONE_FILES: z.string().trim().min(1).optional(),
  /** How often the zone directory is looked at. */
  ZONE_POLL_INTERVAL: durationMs().default(5 * 60_000),
  /** Where the worker keeps each zone's previous names (sorted) to diff against; default DATA_DIR/zones. */
  ZONE_STATE_DIR: z.string().trim().min(1).optional(),
  /** The embedded deployment's data directory (the default home of ZONE_STATE_DIR). */
  DATA_DIR: z.string().trim().min(1).optional(),
  /** A newly-registered-domains list: http(s) URL or file path, one name a line, gzip or not. */
  NRD_FEED_URL: z.string().trim().min(1).optional(),
  /** How often the list is fetched (and once at start). */
  NRD_INTERVAL: durationMs()
    .refine((ms) => ms >= 60_000, 'must be at least 1m, e.g. "6h"')
    .default(6 * 3_600_000),
  // --- enrichment (issue #5) ---
  /** Name servers the worker asks, "ip[:port]" comma list; empty: the system's (/etc/resolv.conf). */
  DNS_NAMESERVERS: commaList()
    .refine((list) => list.every((ns) => NAMESERVER.test(ns.trim())), "expected a comma list of ip[:port]")
    .default([]),
  /** Per-attempt DNS query timeout. */
  DNS_TIMEOUT_MS: durationMs().default(2000),
  /** IANA RDAP bootstrap directory holding dns.json / ipv4.json (the URL of dns.json is taken as its directory). */
  RDAP_BOOTSTRAP_URL: rdapBootstrapUrl().default("https://data.iana.org/rdap/"),
  /** WHOIS server "host[:port]" for TLDs without RDAP; unset: whois.iana.org referral. */
  WHOIS_SERVER: z.string().trim().min(1).optional(),
  /** PEM file of extra CAs trusted besides the system roots (HTTPS, TLS chain checks, browser). */
  EXTRA_CA_CERTS: z.string().trim().min(1).optional(),
  /** User agent of every outbound HTTP request and of the screenshot browser. */
  USER_AGENT: z
    .string()
    .min(1)
    .default(
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
    ),
  /** Timeout of one HTTP request (connect + headers + body). */
  HTTP_TIMEOUT_MS: durationMs().default(10_000),
  /** Response bodies are read up to this many bytes, the rest is dropped. */
  HTTP_MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(2 * 1024 * 1024),
  /** Chromium for screenshots; default /usr/bin/chromium. */
  CHROMIUM_PATH: z.string().trim().min(1).optional(),
  /** Unprivileged system user Chromium always runs as (sandbox on): dropped to from root, or the worker's own user. */
  RENDERER_USER: z.string().trim().min(1).default("brandwarden-renderer"),
  /** Take screenshots of lookalike pages. */
  SCREENSHOTS: booleanFlag().default(true),
  /** Walk EHLO/MAIL/RCPT (never DATA) on a lookalike's MX to see if it accepts the brand's mail. */
  SMTP_PROBE: booleanFlag().default(false),
  /**
   * Lookalikes whose DNS, web, TLS and hosting evidence is gathered at once. On the internet this
   * waits on round trips, not CPU; registries are paced apart, per server (enrich-scheduler.ts).
   */
  ENRICH_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(64),
  /** Optional intelligence clients: used only when their key is set. Base URLs overridable. */
  VIRUSTOTAL_API_KEY: z.string().min(1).optional(),
  VIRUSTOTAL_BASE_URL: url(["http", "https"]).default("https://www.virustotal.com/api/v3/"),
  URLSCAN_API_KEY: z.string().min(1).optional(),
  URLSCAN_BASE_URL: url(["http", "https"]).default("https://urlscan.io/api/v1/"),
  SHODAN_API_KEY: z.string().min(1).optional(),
  SHODAN_BASE_URL: url(["http", "https"]).default("https://api.shodan.io/"),
  ABUSEIPDB_API_KEY: z.string().min(1).optional(),
  ABUSEIPDB_BASE_URL: url(["http", "https"]).default("https://api.abuseipdb.com/api/v2/"),
  // --- social discovery (issue #10): SOCIAL_<P>_BASE_URL/_API_URL, SEARCH_URL, budgets, embeddings ---
  ...SOCIAL_ENV_FIELDS,
});

export type WorkerConfig = ReturnType<typeof toWorkerConfig>;

function toWorkerConfig(env: z.infer<typeof ZWorkerEnv>) {
  return Object.freeze({
    port: env.WORKER_PORT,
    host: env.WORKER_HOST,
    webUrl: env.WEB_URL.replace(/\/+$/, ""),
    internalApiToken: env.INTERNAL_API_TOKEN,
    metricsToken: env.METRICS_TOKEN,
    redisUrl: env.REDIS_URL,
    eventChannelPrefix: env.EVENT_CHANNEL_PREFIX,
    allowPrivateNetwork: env.ALLOW_PRIVATE_NETWORK,
    llmLocalHosts: env.LLM_LOCAL_HOSTS,
    requestTimeoutMs: env.REQUEST_TIMEOUT,
    redisCommandTimeoutMs: env.REDIS_COMMAND_TIMEOUT,
    webOutageWaitMs: env.WEB_OUTAGE_WAIT,
    log: { level: env.LOG_LEVEL, pretty: env.LOG_PRETTY },
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT,
    enrich: toEnrichConfig(env),
    social: toSocialConfig(env, {
      userAgent: env.USER_AGENT,
      allowPrivateNetwork: env.ALLOW_PRIVATE_NETWORK,
    }),
    pipeline: {
      scanConcurrency: env.SCAN_CONCURRENCY,
      scanHeartbeatMs: env.SCAN_HEARTBEAT_INTERVAL,
      maxCandidates: env.MAX_CANDIDATES,
      watch: { maxNames: env.WATCH_MAX_NAMES, concurrency: env.WATCH_CONCURRENCY, qps: env.WATCH_QPS },
      minLabeledSamples: env.MIN_LABELED_SAMPLES,
      weightsDecayDays: env.WEIGHTS_DECAY_DAYS,
      feeds: feedSources(env),
      feedRefreshMs: env.FEED_REFRESH,
      ct: {
        logs: env.CT_LOGS,
        logListUrl: env.CT_LOG_LIST_URL ?? null,
        lookbackMs: env.CT_LOOKBACK,
        follow: env.CT_FOLLOW,
        pollMs: env.CT_POLL_INTERVAL,
        backfillMs: env.CT_FOLLOW_BACKFILL,
        brandsRefreshMs: env.CT_BRANDS_REFRESH,
      },
      zones: {
        dir: env.ZONE_FILES ?? null,
        pollMs: env.ZONE_POLL_INTERVAL,
        stateDir: env.ZONE_STATE_DIR ?? path.join(env.DATA_DIR ?? "./data", "zones"),
      },
      nrd: { url: env.NRD_FEED_URL ?? null, intervalMs: env.NRD_INTERVAL },
    },
  });
}

function toEnrichConfig(env: z.infer<typeof ZWorkerEnv>) {
  const intel = (key: string | undefined, baseUrl: string) => (key ? { key, baseUrl } : null);
  return {
    dnsNameservers: env.DNS_NAMESERVERS,
    dnsTimeoutMs: env.DNS_TIMEOUT_MS,
    rdapBootstrapUrl: env.RDAP_BOOTSTRAP_URL,
    whoisServer: env.WHOIS_SERVER ?? null,
    extraCaCertsPath: env.EXTRA_CA_CERTS ?? null,
    userAgent: env.USER_AGENT,
    httpTimeoutMs: env.HTTP_TIMEOUT_MS,
    httpMaxBodyBytes: env.HTTP_MAX_BODY_BYTES,
    chromiumPath: env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    rendererUser: env.RENDERER_USER,
    screenshots: env.SCREENSHOTS,
    smtpProbe: env.SMTP_PROBE,
    concurrency: env.ENRICH_CONCURRENCY,
    allowPrivateNetwork: env.ALLOW_PRIVATE_NETWORK,
    intel: {
      virustotal: intel(env.VIRUSTOTAL_API_KEY, env.VIRUSTOTAL_BASE_URL),
      urlscan: intel(env.URLSCAN_API_KEY, env.URLSCAN_BASE_URL),
      shodan: intel(env.SHODAN_API_KEY, env.SHODAN_BASE_URL),
      abuseipdb: intel(env.ABUSEIPDB_API_KEY, env.ABUSEIPDB_BASE_URL),
    },
  };
}

/** A feed setting is a URL when it has a scheme, otherwise a file path. */
function feedSources(env: z.infer<typeof ZWorkerEnv>) {
  const entries = [
    ["urlhaus", env.FEED_URLHAUS_URL],
    ["openphish", env.FEED_OPENPHISH_URL],
    ["phishtank", env.FEED_PHISHTANK_URL],
  ] as const;
  return entries.flatMap(([feed, where]) =>
    where ? [/^https?:\/\//.test(where) ? { feed, url: where } : { feed, file: where }] : [],
  );
}

export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  return toWorkerConfig(loadEnv(ZWorkerEnv, env));
}
