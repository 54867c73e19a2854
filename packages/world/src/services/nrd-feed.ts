import { gzipSync } from "node:zlib";
import type { Registration } from "../registry/registrations.ts";
import { createApp, listen, sleep, type Listening } from "./http.ts";

// A newly-registered-domains list, as the public NRD feeds publish them (the daily and 14-day
// "domains only" lists of WhoisDS-derived projects such as xRuffKez/NRD, and the paid feeds of
// WhoisXML API and DomainTools): one name a line, LF, lower case, A-labels for IDNs, a '#'
// comment header saying when it was built; the .gz variant is a gzip file served as
// application/gzip (not a Content-Encoding). Paths: /nrd/nrd-1day.txt[.gz], /nrd/nrd-7day.txt[.gz],
// /nrd/nrd-14day.txt[.gz]. A list is built once a day at 00:00 UTC upstream; here, from the
// registries as they stand when asked, so a name registered between two polls shows on the next.
// Last-Modified says when it was built. Faults, set with
// POST /__control/faults {"nrd":"down"|"slow"|"none"}: down answers 503, slow holds the answer 5 s.

const WINDOWS: Record<string, number> = { "1day": 1, "7day": 7, "14day": 14 };
const DAY_MS = 86_400_000;

export interface RunningNrdFeed extends Listening {
  /** The 1-day list's URL (what NRD_FEED_URL points at). */
  listUrl: string;
  /** How many times each path was fetched (tests). */
  fetches: Map<string, number>;
}

function nrdListText(registrations: readonly Registration[], days: number, now: Date): string {
  const since = now.getTime() - days * DAY_MS;
  const names = registrations
    .filter((r) => Date.parse(r.created) >= since)
    .map((r) => r.domain)
    .sort();
  const header = [
    `# Newly registered domains, last ${days} day${days === 1 ? "" : "s"}`,
    `# Generated: ${now.toISOString().replace(/\.\d{3}Z$/, "Z")}`,
    `# Count: ${names.length}`,
  ];
  return [...header, ...names].join("\n") + "\n";
}

export async function startNrdFeed(
  registrations: () => readonly Registration[],
  host: string,
  port = 0,
  now: () => Date = () => new Date(),
): Promise<RunningNrdFeed> {
  const app = createApp();
  let fault: "none" | "down" | "slow" = "none";
  const fetches = new Map<string, number>();
  app.post("/__control/faults", async (req, reply) => {
    const body = JSON.parse(String(req.body ?? "{}")) as { nrd?: typeof fault };
    if (body.nrd && ["none", "down", "slow"].includes(body.nrd)) fault = body.nrd;
    return reply.send({ nrd: fault });
  });
  app.get<{ Params: { file: string } }>("/nrd/:file", async (req, reply) => {
    const m = /^nrd-(\d+day)\.txt(\.gz)?$/.exec(req.params.file);
    const days = m ? WINDOWS[m[1]!] : undefined;
    if (!m || !days) return reply.code(404).type("text/html").send("<h1>404 Not Found</h1>");
    fetches.set(req.url, (fetches.get(req.url) ?? 0) + 1);
    if (fault === "down")
      return reply.code(503).type("text/html").send("<h1>503 Service Temporarily Unavailable</h1>");
    if (fault === "slow") await sleep(5_000);
    const at = now();
    const text = nrdListText(registrations(), days, at);
    reply.header("Last-Modified", at.toUTCString());
    if (m[2]) return reply.type("application/gzip").send(gzipSync(text));
    return reply.type("text/plain; charset=utf-8").send(text);
  });
  const listening = await listen(app, host, port);
  return { ...listening, listUrl: `${listening.url}/nrd/nrd-1day.txt.gz`, fetches };
}
