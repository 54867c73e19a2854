import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FeedsSchema } from "../scenario/services-schema.ts";
import { startFeeds } from "./feeds.ts";
import type { RunningFeeds } from "./feeds.ts";

const feeds = FeedsSchema.parse({
  entries: [
    {
      url: "https://acmebank-verify.com/login",
      target: "Acme Bank",
      tags: ["phishing", "acmebank"],
      ip_address: "203.0.113.10",
      added_at: "2025-06-01T08:15:00.000Z",
    },
    { url: 'http://secure-acmebank.net/a,b"c', feeds: ["urlhaus"], online: false },
    { url: "https://acmebank-login.top/", feeds: ["openphish", "phishtank"] },
  ],
});

let f: RunningFeeds;
beforeAll(async () => {
  f = await startFeeds(feeds, "127.0.10.1", 0);
});
afterAll(() => f.close());

// A minimal RFC 4180 row reader: quoted fields with doubled quotes.
function csvRow(line: string): string[] {
  const out: string[] = [];
  const re = /"((?:[^"]|"")*)"(?:,|$)/g;
  for (let m = re.exec(line); m; m = re.exec(line)) out.push(m[1]!.replace(/""/g, '"'));
  return out;
}

describe("threat feeds", () => {
  it("URLhaus csv_recent: '#' header, quoted columns in the documented order", async () => {
    const res = await fetch(f.urls.urlhaus);
    expect(res.status).toBe(200);
    const text = await res.text();
    const lines = text.split(/\r?\n/).filter(Boolean);
    expect(lines[0]).toMatch(/^#+$/);
    expect(lines).toContain("# id,dateadded,url,url_status,last_online,threat,tags,urlhaus_link,reporter");
    const rows = lines.filter((l) => !l.startsWith("#")).map(csvRow);
    expect(rows).toHaveLength(2);
    for (const r of rows) expect(r).toHaveLength(9);
    const [id, dateadded, url, status, , threat, tags, link, reporter] = rows[0]!;
    expect(url).toBe("https://acmebank-verify.com/login");
    expect(dateadded).toBe("2025-06-01 08:15:00");
    expect(status).toBe("online");
    expect(threat).toBe("malware_download");
    expect(tags).toBe("phishing,acmebank");
    expect(link).toBe(`https://urlhaus.abuse.ch/url/${id}/`);
    expect(reporter).toBe("abuse_ch");
    expect(rows[1]![2]).toBe('http://secure-acmebank.net/a,b"c');
    expect(rows[1]![3]).toBe("offline");
  });

  it("OpenPhish: one URL per line", async () => {
    const text = await (await fetch(f.urls.openphish)).text();
    expect(text.trim().split("\n")).toEqual([
      "https://acmebank-verify.com/login",
      "https://acmebank-login.top/",
    ]);
  });

  it("PhishTank: JSON array with details", async () => {
    const data = (await (await fetch(f.urls.phishtank)).json()) as Array<Record<string, unknown>>;
    expect(data).toHaveLength(2);
    expect(data[0]).toMatchObject({
      url: "https://acmebank-verify.com/login",
      verified: "yes",
      online: "yes",
      target: "Acme Bank",
    });
    expect(data[0]!.phish_detail_url).toBe(
      `http://www.phishtank.com/phish_detail.php?phish_id=${String(data[0]!.phish_id)}`,
    );
    expect((data[0]!.details as Array<{ ip_address: string }>)[0]!.ip_address).toBe("203.0.113.10");
    expect(String(data[0]!.submission_time)).toMatch(/\+00:00$/);
  });

  it("PhishTank as its PHP writes it: escaped slashes, CSV quoted like fputcsv, .gz files, the download limit", async () => {
    const base = f.urls.phishtank.replace(/online-valid\.json$/, "");
    expect(await (await fetch(f.urls.phishtank)).text()).toContain(
      '"url":"https:\\/\\/acmebank-verify.com\\/login"',
    );
    const csv = await (await fetch(`${base}online-valid.csv`)).text();
    expect(csv.split("\n")[0]).toBe(
      "phish_id,url,phish_detail_url,submission_time,verified,verification_time,online,target",
    );
    expect(csv).toContain(',"Acme Bank"\n');
    const gz = await fetch(`${base}online-valid.csv.gz`);
    expect(gz.headers.get("content-type")).toBe("application/x-gzip");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(csv);
    const keyed = await fetch(`${f.url}/data/0123abcd/online-valid.json`);
    expect(keyed.status).toBe(200);
    expect(keyed.headers.get("x-request-limit-interval")).toBe("259200 Seconds");
    let last: Response | null = null;
    for (let i = 0; i < 80; i++) last = await fetch(f.urls.phishtank);
    expect(last!.status).toBe(429);
    expect(last!.headers.get("x-request-limit")).toBe("75");
    expect(await last!.text()).toMatch(/exceeded the request rate limit/);
    expect((await fetch(`${f.url}/data/0123abcd/online-valid.json`)).status).toBe(200);
  });

  it("URLhaus writes None for no tags and serves csv_online with online URLs only", async () => {
    const rows = (await (await fetch(`${f.url}/downloads/csv_online/`)).text())
      .split(/\r?\n/)
      .filter((l) => l.startsWith('"'))
      .map(csvRow);
    expect(rows.map((r) => r[3])).toEqual(["online"]);
    const recent = (await (await fetch(f.urls.urlhaus)).text())
      .split(/\r?\n/)
      .filter((l) => l.startsWith('"'));
    expect(csvRow(recent[1]!)[6]).toBe("None");
  });

  it("fault switches: down = 503, malformed, back to none (over HTTP)", async () => {
    const ctl = (body: unknown) =>
      fetch(`${f.url}/__control/faults`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    expect((await ctl({ urlhaus: "down", phishtank: "malformed", openphish: "malformed" })).status).toBe(200);
    expect((await fetch(f.urls.urlhaus)).status).toBe(503);
    const broken = await (await fetch(f.urls.phishtank)).text();
    expect(() => JSON.parse(broken)).toThrow();
    expect(await (await fetch(f.urls.openphish)).text()).toContain("<html>");
    expect((await ctl({ urlhaus: "exploded" })).status).toBe(422);
    await ctl({ urlhaus: "none", phishtank: "none", openphish: "none" });
    expect((await fetch(f.urls.urlhaus)).status).toBe(200);
  });

  it("fault switches in-process", async () => {
    f.setFault("openphish", "down");
    expect((await fetch(f.urls.openphish)).status).toBe(503);
    f.setFault("openphish", "none");
  });
});
