import { gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FeedEntry, FeedFault, Feeds } from "../scenario/services-schema.ts";
import { createApp, hash32, listen, sleep } from "./http.ts";
import type { Listening } from "./http.ts";

// Threat feeds at their real paths and in their real formats:
//   URLhaus   /downloads/csv_recent/, /downloads/csv_online/ (https://urlhaus.abuse.ch/api/#csv):
//             CSV with a '#' comment header, every column quoted, CRLF; empty tags are "None",
//             an offline URL has an empty last_online (as in the dumps abuse.ch publishes)
//   OpenPhish /feed.txt (https://openphish.com/feed.txt, github.com/openphish/public_feed):
//             one URL per line, LF
//   PhishTank /data/[<app key>/]online-valid.{json,csv}[.gz] (https://www.phishtank.com/developer_info.php):
//             JSON as PHP writes it (slashes escaped) or CSV quoted the way PHP's fputcsv quotes;
//             the .gz files are gzip files (application/x-gzip), not a Content-Encoding. Downloads
//             are counted per client, as PhishTank does: past X-Request-Limit in the interval the
//             answer is 429 with its X-Request-Limit-Interval/-Limit/-Count headers and its text
//             (PhishTank answered 509 "Bandwidth Limit Exceeded" with the same headers until
//             2015; csirtgadgets/massive-octo-spice#336 shows one).
// Each feed has a fault switch (none | down = 503 | malformed | slow | rate_limited), settable at
// runtime with POST /__control/faults {"urlhaus":"down"}.

type FeedName = "urlhaus" | "openphish" | "phishtank";
const FEED_PATHS: Record<FeedName, string> = {
  urlhaus: "/downloads/csv_recent/",
  openphish: "/feed.txt",
  phishtank: "/data/online-valid.json",
};

/** PhishTank's published allowance without an application key, and the window it counts in. */
const PHISHTANK_LIMIT = 75;
const PHISHTANK_INTERVAL_S = 259_200;
const PHISHTANK_RATE_TEXT =
  "You have exceeded the request rate limit for this method. Please see the response headers for usage stats. For more information about rate limiting on Phishtank, please see our developer site: http://www.phishtank.com/developer_info.php";

const SLOW_MS = 5_000;

function utc(iso: string): string {
  return iso.replace("T", " ").replace(/\.\d{3}Z$|Z$/, "");
}

function feedId(e: FeedEntry, base: number): number {
  return base + (hash32(e.url) % 1_000_000);
}

export function urlhausCsv(entries: FeedEntry[], now = new Date()): string {
  const q = (s: string | number) => `"${String(s).replace(/"/g, '""')}"`;
  const header = [
    "################################################################",
    "# abuse.ch URLhaus Database Dump (CSV - recent URLs only)      #",
    `# Last updated: ${utc(now.toISOString())} (UTC)                      #`,
    "#                                                              #",
    "# Terms Of Use: https://urlhaus.abuse.ch/api/                  #",
    "# For questions please contact urlhaus [at] abuse.ch           #",
    "################################################################",
    "#",
    "# id,dateadded,url,url_status,last_online,threat,tags,urlhaus_link,reporter",
  ];
  const rows = entries.map((e) => {
    const id = feedId(e, 3_000_000);
    const threat = e.threat === "phishing" ? "malware_download" : e.threat;
    return [
      id,
      utc(e.added_at),
      e.url,
      e.online ? "online" : "offline",
      e.online ? utc(e.added_at) : "",
      threat,
      e.tags.length ? e.tags.join(",") : "None",
      `https://urlhaus.abuse.ch/url/${id}/`,
      "abuse_ch",
    ]
      .map(q)
      .join(",");
  });
  return [...header, ...rows].join("\r\n") + "\r\n";
}

export function openphishTxt(entries: FeedEntry[]): string {
  return entries.map((e) => e.url).join("\n") + (entries.length ? "\n" : "");
}

export function phishtankJson(entries: FeedEntry[]): unknown[] {
  return entries.map((e) => {
    const id = feedId(e, 8_000_000);
    return {
      phish_id: id,
      url: e.url,
      phish_detail_url: `http://www.phishtank.com/phish_detail.php?phish_id=${id}`,
      submission_time: e.added_at.replace(/\.\d{3}Z$/, "+00:00"),
      verified: "yes",
      verification_time: e.added_at.replace(/\.\d{3}Z$/, "+00:00"),
      online: e.online ? "yes" : "no",
      target: e.target,
      details: [
        {
          ip_address: e.ip_address,
          cidr_block: e.ip_address.replace(/\.\d+$/, ".0/24"),
          announcing_network: "64500",
          rir: "ripencc",
          country: "NL",
          detail_time: e.added_at.replace(/\.\d{3}Z$/, "+00:00"),
        },
      ],
    };
  });
}

/** online-valid.json as PhishTank's PHP writes it: compact, with `/` escaped as `\/`. */
function phishtankJsonText(entries: FeedEntry[]): string {
  return JSON.stringify(phishtankJson(entries)).replace(/\//g, "\\/");
}

const PHISHTANK_CSV_COLUMNS = [
  "phish_id",
  "url",
  "phish_detail_url",
  "submission_time",
  "verified",
  "verification_time",
  "online",
  "target",
] as const;

/** online-valid.csv: a field is quoted only when it holds a comma, quote, space or line break (PHP fputcsv). */
function phishtankCsv(entries: FeedEntry[]): string {
  const cell = (v: unknown) => {
    const t = String(v);
    return /[",\s]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
  };
  const rows = (phishtankJson(entries) as Array<Record<string, unknown>>).map((e) =>
    PHISHTANK_CSV_COLUMNS.map((c) => cell(e[c])).join(","),
  );
  return [PHISHTANK_CSV_COLUMNS.join(","), ...rows].join("\n") + "\n";
}

const MALFORMED: Record<FeedName, string> = {
  // Broken quoting and a short row: a strict CSV reader must reject or skip it.
  urlhaus: '# id,dateadded,url,url_status\n"1","2024-01-01 00:00:00","http://broken.example/\n"2",oops\n',
  openphish: "<html><head><title>502 Bad Gateway</title></head><body>\u0000\u0001garbage</body></html>",
  phishtank: '[{"phish_id":1,"url":"http://truncated.example/","details":[{"ip_address":',
};

export interface RunningFeeds extends Listening {
  /** Each feed's public URL; `phishtankWithKey` is PhishTank's download URL with an application key. */
  urls: Record<FeedName | "phishtankWithKey", string>;
  setFault(feed: FeedName, fault: FeedFault): void;
}

export async function startFeeds(feeds: Feeds, host: string, port: number): Promise<RunningFeeds> {
  const faults: Record<FeedName, FeedFault> = { ...feeds.faults };
  const of = (name: FeedName) => feeds.entries.filter((e) => e.feeds.includes(name));
  const phishtankCounts = new Map<string, number>();
  const app = createApp();

  /** The fault's answer, or null to serve the feed. */
  const faultAnswer = async (name: FeedName, type: string, reply: FastifyReply) => {
    const fault = faults[name];
    if (fault === "down")
      return reply
        .code(503)
        .type("text/html")
        .send("<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>");
    if (fault === "slow") await sleep(SLOW_MS);
    if (fault === "malformed") return reply.type(type).send(MALFORMED[name]);
    // abuse.ch and OpenPhish document no limit of their own: a plain RFC 6585 429.
    if (fault === "rate_limited" && name !== "phishtank")
      return reply.code(429).header("retry-after", "60").type("text/plain").send("Too Many Requests\n");
    return null;
  };

  const urlhaus = (online: boolean) => async (_req: FastifyRequest, reply: FastifyReply) =>
    (await faultAnswer("urlhaus", "text/csv", reply)) ??
    reply.type("text/csv; charset=utf-8").send(urlhausCsv(of("urlhaus").filter((e) => !online || e.online)));
  app.get(FEED_PATHS.urlhaus, urlhaus(false));
  app.get("/downloads/csv_online/", urlhaus(true));

  app.get(FEED_PATHS.openphish, async (_req, reply) => {
    return (
      (await faultAnswer("openphish", "text/plain", reply)) ??
      reply.type("text/plain; charset=utf-8").send(openphishTxt(of("openphish")))
    );
  });

  app.get<{ Params: { "*": string } }>("/data/*", async (req, reply) => {
    const m = /^(?:([^/]+)\/)?online-valid\.(json|csv)(\.gz)?$/.exec(req.params["*"]);
    if (!m) return reply.code(404).type("text/html").send("<h1>Not Found</h1>");
    const [, appKey, format, gz] = m;
    const type = format === "json" ? "application/json" : "text/csv";
    // Without an application key a client gets PHISHTANK_LIMIT downloads per interval.
    const count = appKey ? 1 : (phishtankCounts.get(req.ip) ?? 0) + 1;
    if (!appKey) phishtankCounts.set(req.ip, count);
    const limited = faults.phishtank === "rate_limited" || count > PHISHTANK_LIMIT;
    reply.header("x-request-limit-interval", `${PHISHTANK_INTERVAL_S} Seconds`);
    reply.header("x-request-limit", String(PHISHTANK_LIMIT));
    reply.header("x-request-count", String(limited ? Math.max(count, PHISHTANK_LIMIT + 1) : count));
    if (limited) return reply.code(429).type("text/html").send(PHISHTANK_RATE_TEXT);
    const fault = await faultAnswer("phishtank", type, reply);
    if (fault) return fault;
    const text = format === "json" ? phishtankJsonText(of("phishtank")) : phishtankCsv(of("phishtank"));
    if (gz) return reply.type("application/x-gzip").send(gzipSync(Buffer.from(text)));
    return reply.type(format === "json" ? "application/json" : "text/csv; charset=utf-8").send(text);
  });

  app.post<{ Body: unknown }>("/__control/faults", async (req, reply) => {
    const body = (typeof req.body === "string" ? JSON.parse(req.body || "{}") : (req.body ?? {})) as Record<
      string,
      string
    >;
    for (const [k, v] of Object.entries(body)) {
      if (!(k in faults) || !["none", "down", "malformed", "slow", "rate_limited"].includes(v))
        return reply.code(422).send({ error: "invalid", message: `bad fault ${k}=${v}` });
      faults[k as FeedName] = v as FeedFault;
    }
    return faults;
  });
  app.get("/__control/faults", async () => faults);
  const l = await listen(app, host, port);
  return {
    ...l,
    urls: {
      urlhaus: l.url + FEED_PATHS.urlhaus,
      openphish: l.url + FEED_PATHS.openphish,
      phishtank: l.url + FEED_PATHS.phishtank,
      phishtankWithKey: `${l.url}/data/world-app-key/online-valid.json`,
    },
    setFault: (feed, fault) => {
      faults[feed] = fault;
    },
  };
}
