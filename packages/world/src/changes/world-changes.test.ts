import tls from "node:tls";
import type { DecodedPacket } from "dns-packet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dnsQuery } from "../../testing/dns-query.ts";
import { startTestWorld, smallScenario } from "../../testing/test-world.ts";
import { createWorldFetch, worldLookup, type WorldFetch } from "../../testing/world-client.ts";
import type { World } from "../world.ts";

let world: World;
let wfetch: WorldFetch & { close(): Promise<void> };

beforeAll(async () => {
  world = await startTestWorld(smallScenario(), { services: false, ct: false });
  wfetch = createWorldFetch(world, { timeoutMs: 3000 });
});
afterAll(async () => {
  await wfetch.close();
  await world.stop();
});

const dns = () => world.env.DNS_NAMESERVERS!;
const rcode = async (name: string) =>
  ((await dnsQuery(dns(), name, "A")) as DecodedPacket & { rcode: string }).rcode;
const addresses = async (name: string) =>
  ((await dnsQuery(dns(), name, "A")).answers ?? []).flatMap((a) => (a.type === "A" ? [a.data] : []));
const rdap = (name: string) => wfetch(`${world.manifest.rdap}rdap/domain/${name}`);
const kind = (k: string) =>
  world.scenario.lookalikes.find((l) => l.site_kind === k && !l.dns.fault && l.dns.a.length)!;
/** A fresh address on the world's loopback network. */
const freshIp = () => world.scenario.lookalikes[0]!.dns.a[0]!.replace(/\.\d+\.\d+$/, ".250.7");

describe("the world changes between scans", () => {
  it("registers a new lookalike: it resolves, has a registration and serves its site", async () => {
    const domain = "acmebank-verify-login.com";
    expect(await rcode(domain)).toBe("NXDOMAIN");
    expect((await rdap(domain)).status).toBe(404);
    const ip = freshIp();
    const entry = await world.changes.registerLookalike({ domain, site_kind: "phishing", ips: [ip] });
    expect(await addresses(domain)).toEqual([ip]);
    const reg = (await (await rdap(domain)).json()) as {
      events: Array<{ eventAction: string; eventDate: string }>;
    };
    const created = reg.events.find((e) => e.eventAction === "registration")!.eventDate;
    expect(Date.now() - Date.parse(created)).toBeLessThan(3_600_000);
    const page = await wfetch(`http://${domain}/`);
    expect(await page.text()).toMatch(/<form/);
    expect(world.scenario.lookalikes.map((l) => l.domain)).toContain(domain);
    // Copied from an existing lookalike of the same kind.
    expect(
      world.scenario.lookalikes.filter((l) => l.domain !== domain).map((l) => l.registration.registrar),
    ).toContain(entry.registration.registrar);
    await expect(world.changes.registerLookalike({ domain })).rejects.toThrow(/already registered/);
  });

  it("turns a parked page into a phishing page", async () => {
    const parked = kind("parked");
    expect(await (await wfetch(`http://${parked.domain}/`)).text()).toMatch(/for sale/i);
    world.changes.turnPhishing(parked.domain);
    const html = await (await wfetch(`http://${parked.domain}/`)).text();
    expect(html).not.toMatch(/for sale/i);
    expect(html).toMatch(/type="password"/);
  });

  it("takes a site down by its registration or its hosting, and restores it", async () => {
    const a = kind("phishing");
    world.changes.takeDown(a.domain);
    expect(await rcode(a.domain)).toBe("NXDOMAIN");
    expect((await rdap(a.domain)).status).toBe(404);
    await world.changes.restore(a.domain);
    expect(await rcode(a.domain)).toBe("NOERROR");

    const b = kind("unrelated");
    world.changes.takeDown(b.domain, "web");
    expect(await rcode(b.domain)).toBe("NOERROR");
    expect((await wfetch(`http://${b.domain}/`)).status).toBe(404);
    await world.changes.restore(b.domain);
    expect((await wfetch(`http://${b.domain}/`)).status).toBe(200);
    expect(() => world.changes.takeDown("not-in-the-world.com")).toThrow(/no lookalike/);
  });

  it("moves a host to another address, which then serves it", async () => {
    const l = kind("unrelated");
    const ip = freshIp().replace(/\.7$/, ".8");
    await world.changes.moveHost(l.domain, [ip]);
    expect(await addresses(l.domain)).toEqual([ip]);
    const res = await wfetch(`http://${l.domain}/`);
    expect(res.status).toBe(200);
    await expect(world.changes.moveHost(l.domain, ["10.0.0.1"])).rejects.toThrow(/loopback/);
  });

  it("renews a certificate: the next handshake sees a new one", async () => {
    const l = world.scenario.lookalikes.find(
      (x) => x.tls && !x.dns.fault && x.dns.a.length && x.site_kind === "phishing",
    )!;
    const fingerprint = () =>
      new Promise<string>((resolve, reject) => {
        const socket = tls.connect({
          host: l.domain,
          servername: l.domain,
          port: 443,
          lookup: worldLookup(dns()),
          rejectUnauthorized: false,
        });
        socket.once("secureConnect", () => {
          resolve(socket.getPeerCertificate().fingerprint256);
          socket.end();
        });
        socket.once("error", reject);
      });
    const before = await fingerprint();
    expect(await fingerprint()).toBe(before);
    world.changes.renewCertificate(l.domain);
    expect(await fingerprint()).not.toBe(before);
  });
});
