import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FeedsSchema } from "@brandwarden/world/scenario/services-schema";
import { startFeeds, type RunningFeeds } from "@brandwarden/world/services/feeds";
import { createGuardedFetch } from "../../ports/http/guarded-fetch.ts";
import { createFeedLoader, type FetchLike } from "./loader.ts";

const OPENPHISH_URL = "https://feeds.test/feed.txt";
const GOOD = "https://acmebank-login.com/a\nhttps://acmebank-verify.top/b\n";

/** A fake fetch answering from a mutable table; counts calls. */
function fakeFetch(table: Record<string, () => Response | Promise<Response>>) {
  const calls: string[] = [];
  const fetch: FetchLike = async (url) => {
    calls.push(url);
    const answer = table[url];
    if (!answer) throw new TypeError("fetch failed: ECONNREFUSED");
    return answer();
  };
  return { fetch, calls };
}

describe("feed loader (injected fetch and clock)", () => {
  it("loads, then serves from the cache until the refresh interval has passed", async () => {
    let now = 1_000_000;
    const { fetch, calls } = fakeFetch({ [OPENPHISH_URL]: () => new Response(GOOD) });
    const loader = createFeedLoader([{ feed: "openphish", url: OPENPHISH_URL }], {
      fetch,
      now: () => now,
      refreshMs: 60_000,
    });
    const first = await loader.load();
    expect(first.reports[0]).toMatchObject({ feed: "openphish", status: "fresh", records: 2 });
    expect(first.index.match({ domain: "acmebank-login.com" })).toHaveLength(1);
    now += 30_000;
    expect((await loader.load()).reports[0]!.status).toBe("cached");
    expect(calls).toHaveLength(1);
    now += 31_000;
    expect((await loader.load()).reports[0]!.status).toBe("fresh");
    expect(calls).toHaveLength(2);
  });

  it("reports a feed that is down (HTTP error, refused, timeout) and skips it without throwing", async () => {
    const { fetch } = fakeFetch({
      "https://feeds.test/503": () => new Response("<h1>503</h1>", { status: 503 }),
      [OPENPHISH_URL]: () => new Response(GOOD),
    });
    const hanging: FetchLike = (url, init) =>
      url.endsWith("/slow")
        ? new Promise((_, reject) => init.signal.addEventListener("abort", () => reject(init.signal.reason)))
        : fetch(url, init);
    const loader = createFeedLoader(
      [
        { feed: "urlhaus", url: "https://feeds.test/503" },
        { feed: "phishtank", url: "https://feeds.test/refused" },
        { feed: "phishtank", url: "https://feeds.test/slow" },
        { feed: "openphish", url: OPENPHISH_URL },
      ],
      { fetch: hanging, timeoutMs: 50 },
    );
    const { reports, index } = await loader.load();
    expect(reports.map((r) => [r.status, r.records, r.error ?? ""])).toEqual([
      ["down", 0, "HTTP 503"],
      ["down", 0, "fetch failed: ECONNREFUSED"],
      ["down", 0, "timed out after 50 ms"],
      ["fresh", 2, ""],
    ]);
    expect(index.size).toBe(2);
  });

  it("reports a malformed feed and a body over the cap as malformed", async () => {
    const { fetch } = fakeFetch({
      "https://feeds.test/bad.json": () => new Response('[{"url":'),
      "https://feeds.test/big.txt": () => new Response("https://x.example/\n".repeat(1000)),
    });
    const loader = createFeedLoader(
      [
        { feed: "phishtank", url: "https://feeds.test/bad.json" },
        { feed: "openphish", url: "https://feeds.test/big.txt" },
      ],
      { fetch, maxBytes: 1000 },
    );
    const { reports } = await loader.load();
    expect(reports.map((r) => r.status)).toEqual(["malformed", "malformed"]);
    expect(reports[0]!.error).toMatch(/not JSON/);
    expect(reports[1]!.error).toMatch(/exceeds 1000/);
  });

  it("keeps using the last good copy for a while when a refresh fails", async () => {
    let now = 0;
    let up = true;
    const { fetch } = fakeFetch({
      [OPENPHISH_URL]: () => (up ? new Response(GOOD) : new Response("", { status: 502 })),
    });
    const loader = createFeedLoader([{ feed: "openphish", url: OPENPHISH_URL }], {
      fetch,
      now: () => now,
      refreshMs: 1000,
      keepStaleMs: 10_000,
    });
    await loader.load();
    up = false;
    now = 5000;
    const stale = await loader.load();
    expect(stale.reports[0]).toMatchObject({ status: "down", stale: true, records: 2 });
    expect(stale.index.size).toBe(2);
    now = 20_000;
    const gone = await loader.load();
    expect(gone.reports[0]).toMatchObject({ status: "down", records: 0 });
    expect(gone.index.size).toBe(0);
  });

  it("unpacks a gzip file (PhishTank's online-valid.json.gz is served as application/x-gzip)", async () => {
    const json = JSON.stringify([
      { phish_id: 1, url: "http://gz.example/a", verified: "yes", online: "yes" },
    ]);
    const { fetch } = fakeFetch({
      "https://feeds.test/online-valid.json.gz": () =>
        new Response(gzipSync(Buffer.from(json)), { headers: { "content-type": "application/x-gzip" } }),
    });
    const loader = createFeedLoader([{ feed: "phishtank", url: "https://feeds.test/online-valid.json.gz" }], {
      fetch,
    });
    const { reports, index } = await loader.load();
    expect(reports[0]).toMatchObject({ status: "fresh", records: 1 });
    expect(index.match({ domain: "gz.example" })).toHaveLength(1);
  });

  it("says what to use instead when given URLhaus's full dump, a ZIP archive", async () => {
    const zip = Buffer.concat([Buffer.from("PK\x03\x04", "latin1"), Buffer.alloc(40)]);
    const { fetch } = fakeFetch({ "https://feeds.test/downloads/csv/": () => new Response(zip) });
    const loader = createFeedLoader([{ feed: "urlhaus", url: "https://feeds.test/downloads/csv/" }], {
      fetch,
    });
    const { reports } = await loader.load();
    expect(reports[0]).toMatchObject({ status: "malformed" });
    expect(reports[0]!.error).toMatch(/ZIP archive.*csv_recent/);
  });

  it("does not ask a feed again before its rate-limit window ends (PhishTank 509/429, Retry-After)", async () => {
    let now = 0;
    let limited = true;
    const { fetch, calls } = fakeFetch({
      // PhishTank's refusal carries no Retry-After, only the window it counts in.
      "https://feeds.test/phishtank": () =>
        limited
          ? new Response("Bandwidth Limit Exceeded", {
              status: 509,
              headers: {
                "x-request-limit-interval": "259200 Seconds",
                "x-request-limit": "75",
                "x-request-count": "76",
              },
            })
          : new Response(JSON.stringify([{ url: "http://p.example/", verified: "yes", online: "yes" }])),
      "https://feeds.test/urlhaus": () =>
        new Response("Too Many Requests", { status: 429, headers: { "retry-after": "120" } }),
    });
    const loader = createFeedLoader(
      [
        { feed: "phishtank", url: "https://feeds.test/phishtank" },
        { feed: "urlhaus", url: "https://feeds.test/urlhaus" },
      ],
      { fetch, now: () => now, refreshMs: 1000 },
    );
    const first = await loader.load();
    expect(first.reports.map((r) => r.status)).toEqual(["down", "down"]);
    expect(first.reports[0]!.error).toMatch(/HTTP 509 \(rate limited\)/);
    expect(calls).toHaveLength(2);
    now = 60_000; // past the refresh interval, inside both windows
    const second = await loader.load();
    expect(calls).toHaveLength(2);
    expect(second.reports[1]!.error).toMatch(/^rate limited: not asked again before 1970-01-01T00:02:00/);
    now = 121_000; // URLhaus's Retry-After has passed; PhishTank's 72 hours have not
    await loader.load();
    expect(calls.filter((c) => c.endsWith("urlhaus"))).toHaveLength(2);
    expect(calls.filter((c) => c.endsWith("phishtank"))).toHaveLength(1);
    limited = false;
    now = 259_200_000;
    expect((await loader.load()).reports[0]).toMatchObject({ status: "fresh", records: 1 });
  });

  it("reads a feed from a file, and reports a missing file as down", async () => {
    const dir = await mkdtemp(join(tmpdir(), "feeds-"));
    try {
      const file = join(dir, "feed.txt");
      await writeFile(file, GOOD);
      const loader = createFeedLoader(
        [
          { feed: "openphish", file },
          { feed: "openphish", file: join(dir, "missing.txt") },
        ],
        { fetch: fakeFetch({}).fetch },
      );
      const { reports } = await loader.load();
      expect(reports.map((r) => [r.status, r.records])).toEqual([
        ["fresh", 2],
        ["down", 0],
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("feed loader against the world's feed server", () => {
  let feeds: RunningFeeds;
  // The worker's guarded fetch, with the world's loopback addresses allowed as ALLOW_PRIVATE_NETWORK does.
  const http = createGuardedFetch({ allowPrivateNetwork: true });
  beforeAll(async () => {
    feeds = await startFeeds(
      FeedsSchema.parse({
        entries: [
          { url: "http://acmebank-verify.top/login", ip_address: "127.0.9.9" },
          { url: "https://acmebank-login.com/x", feeds: ["openphish", "urlhaus"] },
        ],
      }),
      "127.0.0.1",
      0,
    );
  });
  afterAll(async () => {
    await feeds?.close();
    await http.close();
  });

  const sources = () =>
    (["urlhaus", "openphish", "phishtank"] as const).map((feed) => ({ feed, url: feeds.urls[feed] }));

  it("reads all three real formats and matches by domain and IP", async () => {
    const { reports, index } = await createFeedLoader(sources(), { fetch: http.fetch }).load();
    expect(reports.map((r) => [r.feed, r.status, r.records])).toEqual([
      ["urlhaus", "fresh", 2],
      ["openphish", "fresh", 2],
      ["phishtank", "fresh", 1],
    ]);
    expect(new Set(index.match({ domain: "acmebank-verify.top" }).map((h) => h.feed))).toEqual(
      new Set(["urlhaus", "openphish", "phishtank"]),
    );
    expect(index.match({ domain: "elsewhere.example", ips: ["127.0.9.9"] })[0]!.matched).toBe("ip");
  });

  it("reads PhishTank's CSV and gzip files from the world, and honours its download limit", async () => {
    const base = feeds.urls.phishtank.replace(/online-valid\.json$/, "");
    for (const file of ["online-valid.csv", "online-valid.json.gz", "online-valid.csv.gz"]) {
      const { reports } = await createFeedLoader([{ feed: "phishtank", url: base + file }], {
        fetch: http.fetch,
      }).load();
      expect([file, reports[0]!.status, reports[0]!.records]).toEqual([file, "fresh", 1]);
    }
    feeds.setFault("phishtank", "rate_limited");
    try {
      const { reports } = await createFeedLoader([{ feed: "phishtank", url: feeds.urls.phishtank }], {
        fetch: http.fetch,
      }).load();
      expect(reports[0]!.error).toMatch(/^HTTP 429 \(rate limited\), next try after/);
    } finally {
      feeds.setFault("phishtank", "none");
    }
  });

  it("skips the feeds the world breaks, keeping the others", async () => {
    feeds.setFault("urlhaus", "down");
    feeds.setFault("openphish", "malformed");
    feeds.setFault("phishtank", "malformed");
    try {
      const { reports, index } = await createFeedLoader(sources(), { fetch: http.fetch }).load();
      expect(reports.map((r) => r.status)).toEqual(["down", "malformed", "malformed"]);
      expect(index.size).toBe(0);
    } finally {
      for (const f of ["urlhaus", "openphish", "phishtank"] as const) feeds.setFault(f, "none");
    }
  });
});

describe("feed loader through the SSRF guard", () => {
  // Two local servers: `a` (the configured feed host, allowed by name as an operator would allow a
  // host) redirects to `b`, an internal address nobody allowed; `a` also sends a body over the cap.
  let a: Server;
  let b: Server;
  const port = (s: Server) => (s.address() as AddressInfo).port;
  beforeAll(async () => {
    b = createServer((_req, res) => res.end(GOOD));
    a = createServer((req, res) => {
      if (req.url === "/moved.txt") {
        res.writeHead(302, { location: `http://127.0.0.1:${port(b)}/feed.txt` });
        return res.end();
      }
      // 2 MiB in 64 KiB chunks, no Content-Length: only reading counts the size.
      const chunk = Buffer.alloc(64 * 1024, "a");
      for (let i = 0; i < 32; i++) res.write(chunk);
      res.end();
    });
    for (const s of [a, b]) await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  });
  afterAll(async () => {
    for (const s of [a, b]) await new Promise((r) => s.close(r));
  });

  it("refuses a redirect to an address the guard does not allow, and follows an allowed one", async () => {
    const url = `http://127.0.0.1:${port(a)}/moved.txt`;
    const onlyA = createGuardedFetch({ allowPrivateNetwork: false, allowHosts: [`127.0.0.1:${port(a)}`] });
    const both = createGuardedFetch({
      allowPrivateNetwork: false,
      allowHosts: [`127.0.0.1:${port(a)}`, `127.0.0.1:${port(b)}`],
    });
    try {
      const refused = await createFeedLoader([{ feed: "openphish", url }], { fetch: onlyA.fetch }).load();
      expect(refused.reports[0]).toMatchObject({ status: "down", records: 0 });
      expect(refused.reports[0]!.error).toMatch(/Refusing to connect to 127\.0\.0\.1.*loopback/);
      const followed = await createFeedLoader([{ feed: "openphish", url }], { fetch: both.fetch }).load();
      expect(followed.reports[0]).toMatchObject({ status: "fresh", records: 2 });
    } finally {
      await onlyA.close();
      await both.close();
    }
  });

  it("fails a feed whose body is over the cap, with the cap in its report", async () => {
    const http = createGuardedFetch({ allowPrivateNetwork: true });
    try {
      const { reports } = await createFeedLoader(
        [{ feed: "openphish", url: `http://127.0.0.1:${port(a)}/big.txt` }],
        {
          fetch: http.fetch,
          maxBytes: 1024 * 1024,
        },
      ).load();
      expect(reports[0]).toMatchObject({
        status: "malformed",
        records: 0,
        error: "body exceeds 1048576 bytes",
      });
    } finally {
      await http.close();
    }
  });
});
