import type { FeedEntry, FeedFault, Feeds } from "../scenario/services-schema.ts";
import { createApp, hash32, listen, sleep } from "./http.ts";
import type { Listening } from "./http.ts";

// Threat feeds at their real paths and in their real formats:
//   URLhaus  /downloads/csv_recent/        CSV with a '#' comment header, every column quoted
//   OpenPhish /feed.txt                    one URL per line
//   PhishTank /data/online-valid.json      JSON array
// Each feed has a fault switch (none | down = 503 | malformed | slow), settable at runtime
// with POST /__control/faults {"urlhaus":"down"}.

type FeedName = "urlhaus" | "openphish" | "phishtank";
const FEED_PATHS: Record<FeedName, string> = {
  urlhaus: "/downloads/csv_recent/",
  openphish: "/feed.txt",
  phishtank: "/data/online-valid.json",
};

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
      e.tags.join(","),
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

const MALFORMED: Record<FeedName, string> = {
  // Broken quoting and a short row: a strict CSV reader must reject or skip it.
  urlhaus: '# id,dateadded,url,url_status\n"1","2024-01-01 00:00:00","http://broken.example/\n"2",oops\n',
  openphish: "<html><head><title>502 Bad Gateway</title></head><body>\u0000\u0001garbage</body></html>",
  phishtank: '[{"phish_id":1,"url":"http://truncated.example/","details":[{"ip_address":',
};

export interface RunningFeeds extends Listening {
  urls: Record<FeedName, string>;
  setFault(feed: FeedName, fault: FeedFault): void;
}

export async function startFeeds(feeds: Feeds, host: string, port: number): Promise<RunningFeeds> {
  const faults: Record<FeedName, FeedFault> = { ...feeds.faults };
  const of = (name: FeedName) => feeds.entries.filter((e) => e.feeds.includes(name));
  const app = createApp();
  const serve = (name: FeedName, type: string, body: () => string) =>
    app.get(FEED_PATHS[name], async (_req, reply) => {
      const fault = faults[name];
      if (fault === "down")
        return reply
          .code(503)
          .type("text/html")
          .send("<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>");
      if (fault === "slow") await sleep(SLOW_MS);
      if (fault === "malformed") return reply.type(type).send(MALFORMED[name]);
      return reply.type(type).send(body());
    });
  serve("urlhaus", "text/csv; charset=utf-8", () => urlhausCsv(of("urlhaus")));
  serve("openphish", "text/plain; charset=utf-8", () => openphishTxt(of("openphish")));
  serve("phishtank", "application/json", () => JSON.stringify(phishtankJson(of("phishtank"))));
  app.post<{ Body: unknown }>("/__control/faults", async (req, reply) => {
    const body = (typeof req.body === "string" ? JSON.parse(req.body || "{}") : (req.body ?? {})) as Record<
      string,
      string
    >;
    for (const [k, v] of Object.entries(body)) {
      if (!(k in faults) || !["none", "down", "malformed", "slow"].includes(v))
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
    },
    setFault: (feed, fault) => {
      faults[feed] = fault;
    },
  };
}
