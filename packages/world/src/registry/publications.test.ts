import { readFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smallScenario, startTestWorld } from "../../testing/test-world.ts";
import type { World } from "../world.ts";

// The registries' publications move with the world: a name registered after the start is in the
// next zone file of its TLD (not in the one already written) and in the NRD list at once.

const delegations = (text: string, tld: string) =>
  new Set(
    text
      .split("\n")
      .map((l) => l.split("\t"))
      .filter((f) => f[3] === "ns" && f[0] !== `${tld}.`)
      .map((f) => f[0]!.slice(0, -1)),
  );

describe("world publications: zone files and the NRD list", () => {
  let world: World;
  beforeAll(async () => {
    world = await startTestWorld(smallScenario(), {
      ct: false,
      services: false,
      publications: { daily: 20 },
    });
  });
  afterAll(() => world?.stop());

  const zone = async (tld: string) =>
    gunzipSync(await readFile(join(world.publications!.zonesDir, `${tld}.zone.gz`))).toString();

  it("writes a CZDS-shaped master file per generic TLD only, with the brand and its lookalikes delegated", async () => {
    const pub = world.publications!;
    expect(world.env.ZONE_FILES).toBe(pub.zonesDir);
    const files = (await readdir(pub.zonesDir)).sort();
    expect(files).toContain("com.zone.gz");
    expect(files.every((f) => /^[a-z0-9-]{3,}\.zone\.gz$/.test(f))).toBe(true); // no ccTLD zones
    const text = await zone("com");
    const [soa, ...rest] = text.split("\n");
    expect(soa).toMatch(
      /^com\.\t900\tin\tsoa\ta\.gtld-servers\.net\. nstld\.verisign-grs\.com\. \d{10} 1800 900 604800 86400$/,
    );
    expect(rest[0]).toBe("com.\t172800\tin\tns\ta.gtld-servers.net.");
    const names = delegations(text, "com");
    expect(names.has("acmebank.com")).toBe(true);
    const comLookalikes = world.scenario.lookalikes.filter((l) => l.domain.endsWith(".com"));
    expect(comLookalikes.length).toBeGreaterThan(0);
    for (const l of comLookalikes) expect(names.has(l.domain), l.domain).toBe(true);
    expect(names.size).toBeGreaterThan(comLookalikes.length + 50); // and everyday registrations
  });

  it("puts a later registration in the next zone file and the NRD list, with unrelated churn beside it", async () => {
    const pub = world.publications!;
    const everything = async () => {
      const all = new Set<string>();
      for (const f of await readdir(pub.zonesDir)) {
        const tld = f.replace(/\.zone\.gz$/, "");
        for (const n of delegations(await zone(tld), tld)) all.add(n);
      }
      return all;
    };
    const before = await everything();
    const name = "acme-bank-verify-login.com";
    await world.changes.registerLookalike({ domain: name, site_kind: "phishing" });
    expect(delegations(await zone("com"), "com").has(name)).toBe(false); // today's file is written

    const nrd = await fetch(pub.nrdUrl);
    expect(nrd.headers.get("content-type")).toBe("application/gzip");
    const list = gunzipSync(Buffer.from(await nrd.arrayBuffer()))
      .toString()
      .split("\n");
    expect(list[0]).toMatch(/^# Newly registered domains, last 1 day$/);
    expect(list).toContain(name);
    expect(list).not.toContain("acmebank.com");

    await pub.publishZones();
    const after = await everything();
    expect(after.has(name)).toBe(true);
    const added = [...after].filter((n) => !before.has(n));
    const removed = [...before].filter((n) => !after.has(n));
    expect(added).toContain(name);
    expect(added.length).toBeGreaterThan(1);
    expect(removed.length).toBeGreaterThan(0);
    expect(removed).not.toContain("acmebank.com");
  });

  it("answers 503 while its fault is on, and 404 for a list it does not publish", async () => {
    const base = world.publications!.nrd.url;
    expect((await fetch(`${base}/nrd/nrd-3day.txt`)).status).toBe(404);
    const plain = await fetch(`${base}/nrd/nrd-14day.txt`);
    expect(plain.headers.get("content-type")).toMatch(/^text\/plain/);
    await fetch(`${base}/__control/faults`, { method: "POST", body: JSON.stringify({ nrd: "down" }) });
    expect((await fetch(world.publications!.nrdUrl)).status).toBe(503);
    await fetch(`${base}/__control/faults`, { method: "POST", body: JSON.stringify({ nrd: "none" }) });
    expect((await fetch(world.publications!.nrdUrl)).status).toBe(200);
  });
});
