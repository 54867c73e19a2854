import type { DecodedPacket } from "dns-packet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dnsQuery } from "../../testing/dns-query.ts";
import { smallScenario, startTestWorld } from "../../testing/test-world.ts";
import { createWorldFetch, type WorldFetch } from "../../testing/world-client.ts";
import type { Network } from "../scenario/schema.ts";
import type { World } from "../world.ts";

// What a takedown tool asks about an address: Team Cymru's IP-to-ASN TXT answers, PTR to the
// provider's site and its security.txt, the RIRs' RDAP (bootstrap, per-RIR layouts, a
// reassignment whose abuse contact is on its parent, autnum) and a CDN's edge headers.

let world: World;
let wfetch: WorldFetch & { close(): Promise<void> };
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

beforeAll(async () => {
  const s = smallScenario({ takedowns: {} });
  // An IPv6 block for the provider and an APNIC network, beyond what the generator plants.
  const networks = s.networks.map((n) =>
    n.provider_domain
      ? { ...n, cidr6: "2a01:4f8::/32" }
      : n.kind === "parking"
        ? { ...n, rir: "apnic" as const }
        : n,
  );
  world = await startTestWorld({ ...s, networks }, { ct: false, services: false });
  wfetch = createWorldFetch(world, { timeoutMs: 3000 });
});
afterAll(async () => {
  await wfetch.close();
  await world.stop();
});

const net = (p: (n: Network) => boolean) => world.scenario.networks.find(p)!;
const firstIp = (n: Network, host = 10) => n.cidr.replace(/\.\d+\/\d+$/, `.${host}`);
const reversed = (ip: string) => ip.split(".").reverse().join(".");
const ask = (name: string, type: "TXT" | "PTR" | "A") =>
  dnsQuery(world.env.DNS_NAMESERVERS!, name, type) as Promise<DecodedPacket & { rcode: string }>;
const txts = (p: DecodedPacket) => (p.answers ?? []).map((a) => Buffer.concat((a as { data: Buffer[] }).data).toString()); // prettier-ignore
const getJson = async (url: string) => {
  const res = await wfetch(url);
  return { status: res.status, body: (await res.json()) as Json };
};
const boot = (file: string) => getJson(`${world.env.RDAP_BOOTSTRAP_URL}${file}`).then((r) => r.body.services as [string[], string[]][]); // prettier-ignore
/** The base the bootstrap names for a key, most specific first as RFC 9224 clients pick. */
const baseFor = async (file: string, key: string) =>
  (await boot(file)).find(([keys]) => keys.includes(key))![1][0]!;

describe("Team Cymru IP-to-ASN over DNS", () => {
  it("answers origin, AS and peer TXT records in the published format", async () => {
    const aeza = net((n) => n.kind === "bulletproof");
    const ip = firstIp(aeza);
    const prefix = aeza.cidr;
    const origin = await ask(`${reversed(ip)}.origin.asn.cymru.com`, "TXT");
    expect(origin.rcode).toBe("NOERROR");
    expect(txts(origin)).toHaveLength(1);
    expect(txts(origin)[0]).toMatch(new RegExp(`^${aeza.asn} \\| ${prefix} \\| ${aeza.country} \\| ripencc \\| \\d{4}-\\d{2}-\\d{2}$`)); // prettier-ignore
    const as = await ask(`AS${aeza.asn}.asn.cymru.com`, "TXT");
    expect(txts(as)[0]).toMatch(new RegExp(`^${aeza.asn} \\| ${aeza.country} \\| ripencc \\| \\d{4}-\\d{2}-\\d{2} \\| ${aeza.as_name}, ${aeza.country}$`)); // prettier-ignore
    const peer = await ask(`${reversed(ip)}.peer.asn.cymru.com`, "TXT");
    expect(txts(peer)[0]).toMatch(new RegExp(`^${aeza.upstream!.asn} \\| ${prefix} \\| `));
  });

  it("answers the CDN's real ASN, IPv6 origin6, and NXDOMAIN for addresses no prefix holds", async () => {
    const cf = net((n) => n.asn === 13335);
    expect(txts(await ask(`${reversed(firstIp(cf, 1))}.origin.asn.cymru.com`, "TXT"))[0]).toMatch(
      /^13335 \| /,
    );
    const nibbles = "1.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.8.f.4.0.1.0.a.2";
    expect(txts(await ask(`${nibbles}.origin6.asn.cymru.com`, "TXT"))[0]).toMatch(/^24940 \| 2a01:4f8::\/32 \| DE \| ripencc \| /); // prettier-ignore
    expect((await ask("1.2.0.192.origin.asn.cymru.com", "TXT")).rcode).toBe("NXDOMAIN");
    expect((await ask("AS64999.asn.cymru.com", "TXT")).rcode).toBe("NXDOMAIN");
  });

  it("answers a reassigned customer's address with its provider's prefix and AS", async () => {
    const customer = net((n) => Boolean(n.parent));
    const parent = net((n) => n.handle === customer.parent);
    const t = txts(await ask(`${reversed(firstIp(customer))}.origin.asn.cymru.com`, "TXT"));
    expect(t).toHaveLength(1);
    expect(t[0]).toMatch(new RegExp(`^${parent.asn} \\| ${parent.cidr.replace(/\./g, "\\.")} \\| `));
  });
});

describe("PTR and security.txt", () => {
  it("goes IP -> PTR -> provider domain -> security.txt (RFC 9116)", async () => {
    const provider = net((n) => Boolean(n.provider_domain));
    const ip = firstIp(provider, 77);
    const ptr = await ask(`${reversed(ip)}.in-addr.arpa`, "PTR");
    const name = (ptr.answers ?? [])[0] as { type: string; data: string };
    expect(name.type).toBe("PTR");
    expect(name.data).toBe(`host-77.${provider.provider_domain}`);
    const forward = await ask(name.data, "A");
    expect((forward.answers ?? []).map((a) => (a as { data: string }).data)).toEqual([ip]);
    const res = await wfetch(`https://${provider.provider_domain}/.well-known/security.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toContain(`Contact: mailto:${provider.abuse_email}`);
    const expires = new Date(/^Expires: (.+)$/m.exec(text)![1]!);
    expect(expires.getTime()).toBeGreaterThan(Date.now());
    expect(text).toMatch(/^Preferred-Languages: en$/m);
    expect(text).toMatch(new RegExp(`^Policy: https://${provider.provider_domain}/`, "m"));
  });
});

describe("RIR RDAP", () => {
  it("points each RIR's networks and ASes at its base in ipv4.json, ipv6.json and asn.json", async () => {
    const hetzner = net((n) => Boolean(n.provider_domain));
    expect(await baseFor("ipv4.json", "127.0.0.0/8")).toBe(`${world.manifest.rdap}rdap/`);
    expect(await baseFor("ipv4.json", hetzner.cidr)).toBe(`${world.manifest.rdap}rir/ripe/`);
    expect(await baseFor("ipv6.json", "2a01:4f8::/32")).toBe(`${world.manifest.rdap}rir/ripe/`);
    expect(await baseFor("asn.json", "13335-13335")).toBe(`${world.manifest.rdap}rir/arin/`);
  });

  it("RIPE: abuse at top level; an ASSIGNED PA reassignment has none, its parent has it (parentHandle, rel up)", async () => {
    const customer = net((n) => Boolean(n.parent));
    const parent = net((n) => n.handle === customer.parent);
    const base = await baseFor("ipv4.json", customer.cidr);
    const child = (await getJson(`${base}ip/${firstIp(customer)}`)).body;
    expect(child).toMatchObject({ objectClassName: "ip network", type: "ASSIGNED PA", name: customer.name, port43: "whois.ripe.net" }); // prettier-ignore
    expect(JSON.stringify(child.entities)).not.toContain('"abuse"');
    const up = (child.links as Json[]).find((l) => l.rel === "up")!;
    // RIPE names a network by its range ("first - last").
    expect(child.parentHandle).toMatch(/^[\d.]+ - [\d.]+$/);
    const top = (await getJson(up.href)).body;
    expect(top.handle).toBe(child.parentHandle);
    expect(top.type).toBe("ALLOCATED PA");
    const abuse = (top.entities as Json[]).find((e) => e.roles.includes("abuse"))!;
    expect(abuse.vcardArray[1]).toContainEqual(["email", {}, "text", parent.abuse_email]);
    // No registrant vCard: the organisation is the network's name.
    expect((top.entities as Json[]).find((e) => e.roles.includes("registrant"))!.vcardArray).toBeUndefined();
  });

  it("ARIN: the abuse POC inside the registrant; autnum with its abuse entity", async () => {
    const cf = net((n) => n.asn === 13335);
    const body = (await getJson(`${await baseFor("ipv4.json", cf.cidr)}ip/${firstIp(cf, 1)}`)).body;
    expect(body).toMatchObject({ handle: cf.handle, type: "DIRECT ALLOCATION", arin_originas0_originautnums: [13335], port43: "whois.arin.net" }); // prettier-ignore
    const registrant = (body.entities as Json[]).find((e) => e.roles.includes("registrant"))!;
    expect(registrant.vcardArray[1]).toContainEqual(["fn", {}, "text", cf.owner]);
    expect(registrant.entities[0].roles).toEqual(["abuse"]);
    const as = (await getJson(`${await baseFor("asn.json", "13335-13335")}autnum/13335`)).body;
    expect(as).toMatchObject({
      objectClassName: "autnum",
      handle: "AS13335",
      startAutnum: 13335,
      name: "CLOUDFLARENET",
    });
    expect(JSON.stringify(as.entities)).toContain(cf.abuse_email);
  });

  it("APNIC: the IRT as top-level abuse entity and no registrant", async () => {
    const apnic = net((n) => n.rir === "apnic");
    const body = (await getJson(`${await baseFor("ipv4.json", apnic.cidr)}ip/${firstIp(apnic)}`)).body;
    expect(body.port43).toBe("whois.apnic.net");
    const roles = (body.entities as Json[]).map((e) => e.roles);
    expect(roles).toContainEqual(["abuse"]);
    expect(roles.flat()).not.toContain("registrant");
    expect((await getJson(`${world.manifest.rdap}rir/arin/ip/${firstIp(apnic)}`)).status).toBe(404);
  });
});

describe("a lookalike behind a CDN", () => {
  it("answers with Cloudflare's edge headers and a Google Trust Services certificate", async () => {
    const cf = net((n) => n.asn === 13335);
    const prefix = cf.cidr.split(".").slice(0, 2).join(".");
    const site = world.scenario.lookalikes.find((l) => l.site_kind === "phishing" && l.dns.a[0]!.startsWith(`${prefix}.${cf.cidr.split(".")[2]}.`))!; // prettier-ignore
    const res = await wfetch(`https://${site.domain}/`);
    expect(res.headers.get("server")).toBe("cloudflare");
    expect(res.headers.get("cf-ray")).toMatch(/^[0-9a-f]{16}-[A-Z]{3}$/);
    expect(world.certificateFor(site.domain)!.chainPem).toMatch(/^-----BEGIN CERTIFICATE-----/);
    expect(site.tls!.issuer_org).toBe("Google Trust Services");
  });
});
