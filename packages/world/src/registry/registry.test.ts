import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestWorld, smallScenario } from "../../testing/test-world.ts";
import type { World } from "../world.ts";

let world: World;

beforeAll(async () => {
  world = await startTestWorld(smallScenario(), { services: false });
});
afterAll(() => world.stop());

interface Bootstrap {
  services: [string[], string[]][];
}
type Rdap = Record<string, unknown> & {
  entities: {
    roles: string[];
    vcardArray: [string, unknown[][]];
    entities?: Rdap["entities"];
    publicIds?: unknown[];
  }[];
  events: { eventAction: string; eventDate: string }[];
};

// An RDAP client's path: bootstrap file -> base URL for the TLD (or range) -> query.
async function rdapBase(file: "dns.json" | "ipv4.json", key: (entry: string) => boolean): Promise<string> {
  const boot = (await (await fetch(new URL(file, world.env.RDAP_BOOTSTRAP_URL))).json()) as Bootstrap;
  const service = boot.services.find(([keys]) => keys.some(key));
  if (!service) throw new Error(`no RDAP service in ${file}`);
  return service[1][0]!;
}

const vcardValue = (e: Rdap["entities"][number], prop: string) =>
  e.vcardArray[1].find((p) => p[0] === prop)?.[3];

describe("RDAP", () => {
  it("answers a domain found through the bootstrap file", async () => {
    const l = world.scenario.lookalikes.find((x) => x.site_kind === "phishing")!;
    const tld = l.domain.split(".").pop()!;
    const base = await rdapBase("dns.json", (t) => t === tld);
    const res = await fetch(`${base}domain/${l.domain}`);
    expect(res.headers.get("content-type")).toBe("application/rdap+json");
    const body = (await res.json()) as Rdap;
    expect(body.objectClassName).toBe("domain");
    expect(body.ldhName).toBe(l.domain.toUpperCase());
    const registrar = body.entities.find((e) => e.roles.includes("registrar"))!;
    expect(vcardValue(registrar, "fn")).toBe(l.registration.registrar);
    expect(registrar.publicIds).toEqual([
      { type: "IANA Registrar ID", identifier: String(l.registration.registrar_iana_id) },
    ]);
    const abuse = registrar.entities!.find((e) => e.roles.includes("abuse"))!;
    expect(vcardValue(abuse, "email")).toBe(l.registration.abuse_email);
    const ev = Object.fromEntries(body.events.map((e) => [e.eventAction, e.eventDate]));
    expect(ev.registration).toBe(l.registration.created);
    expect(ev.expiration).toBe(l.registration.expires);
    expect(ev["last changed"]).toBe(l.registration.updated);
    expect(body.status).toContain("client transfer prohibited");
    const registrant = body.entities.find((e) => e.roles.includes("registrant"))!;
    expect(vcardValue(registrant, "fn")).toBe("REDACTED FOR PRIVACY");
  });

  it("answers 404 for an unregistered domain", async () => {
    const base = await rdapBase("dns.json", (t) => t === "com");
    const res = await fetch(`${base}domain/never-registered-acmebank.com`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { errorCode: number }).errorCode).toBe(404);
  });

  it("answers an IP with its network, owner, abuse contact and origin AS", async () => {
    const l = world.scenario.lookalikes.find((x) => x.site_kind === "phishing")!;
    const ip = l.dns.a[0]!;
    const base = await rdapBase("ipv4.json", (r) => r === "127.0.0.0/8");
    const body = (await (await fetch(`${base}ip/${ip}`)).json()) as Rdap & Record<string, unknown>;
    const net0 = world.scenario.networks.find((n) => n.cidr.startsWith(ip.split(".").slice(0, 2).join(".")) && body.handle === n.handle)!; // prettier-ignore
    expect(body.objectClassName).toBe("ip network");
    expect(body.startAddress).toBe(net0.cidr.split("/")[0]);
    expect(body.arin_originas0_originautnums).toEqual([net0.asn]);
    expect(body.name).toBe(net0.name);
    expect(body.country).toBe(net0.country);
    const abuse = body.entities.find((e) => e.roles.includes("abuse"))!;
    expect(vcardValue(abuse, "email")).toBe(net0.abuse_email);
    const owner = body.entities.find((e) => e.roles.includes("registrant"))!;
    expect(vcardValue(owner, "fn")).toBe(net0.owner);
  });
});

function whois(query: string): Promise<string> {
  const [host, port] = world.env.WHOIS_SERVER!.split(":");
  return new Promise((resolve, reject) => {
    let out = "";
    const s = net.connect(Number(port), host!, () => s.write(`${query}\r\n`));
    s.on("data", (c) => (out += c.toString()));
    s.on("end", () => resolve(out));
    s.on("error", reject);
  });
}

describe("WHOIS on port 43", () => {
  it("answers a domain in Verisign's layout", async () => {
    const l = world.scenario.lookalikes.find((x) => x.domain.endsWith(".com"))!;
    const text = await whois(l.domain);
    expect(text).toContain(`Domain Name: ${l.domain.toUpperCase()}`);
    expect(text).toContain(`Registrar: ${l.registration.registrar}`);
    expect(text).toContain(`Creation Date: ${l.registration.created.replace(/\.\d+Z$/, "Z")}`);
    expect(text).toContain(`Registrar Abuse Contact Email: ${l.registration.abuse_email}`);
    expect(text).toContain(`Name Server: ${l.dns.ns[0]!.toUpperCase()}`);
  });

  it("answers other TLDs in their registry's layout", async () => {
    const other = world.scenario.lookalikes.filter((x) => !x.domain.endsWith(".com"));
    const layouts = { ".com.br": /^domain: {6}\S+\.com\.br\r\n/m, ".co.uk": /^ {4}Relevant dates:\r\n {8}Registered on: \d\d-[A-Z][a-z]{2}-\d{4}/m, ".de": /^Nserver: /m, ".eu": /^Registrar:\r\n {8}Name: /m, ".xyz": /^Registry Expiry Date: \d{4}-\d\d-\d\dT[\d:]+\.0Z/m }; // prettier-ignore
    let seen = 0;
    for (const [suffix, layout] of Object.entries(layouts)) {
      const l = other.find((x) => x.domain.endsWith(suffix));
      if (!l) continue;
      seen++;
      expect(await whois(l.domain)).toMatch(layout);
    }
    expect(seen).toBeGreaterThanOrEqual(2);
  });

  it("answers an IP in ARIN's layout and says No match for the unknown", async () => {
    const ip = world.scenario.brand.owned_domains[0]!.dns.a[0]!;
    const text = await whois(ip);
    expect(text).toMatch(/OriginAS:\s+AS20940/);
    expect(text).toMatch(/OrgAbuseEmail:\s+abuse@akamai.com/);
    expect(await whois("unknown-domain.com")).toContain('No match for "UNKNOWN-DOMAIN.COM".');
  });
});

describe("TLDs without RDAP", () => {
  it("leaves rdap_missing_tlds out of the bootstrap while WHOIS still answers them", async () => {
    const w = await startTestWorld({ ...smallScenario(), rdap_missing_tlds: ["de"] }, { services: false });
    try {
      const boot = (await (await fetch(new URL("dns.json", w.env.RDAP_BOOTSTRAP_URL))).json()) as Bootstrap;
      const tlds = boot.services.flatMap(([keys]) => keys);
      expect(tlds).not.toContain("de");
      expect(tlds).toContain("com");
      const de = w.scenario.lookalikes.find((l) => l.domain.endsWith(".de"))!;
      const [host, port] = w.env.WHOIS_SERVER!.split(":");
      const text = await new Promise<string>((resolve, reject) => {
        let out = "";
        const s = net.connect(Number(port), host!, () => s.write(`${de.domain}\r\n`));
        s.on("data", (c) => (out += c.toString()));
        s.on("end", () => resolve(out));
        s.on("error", reject);
      });
      // DENIC's layout: name servers, status and last change; no registrar.
      expect(text).toContain(`Domain: ${de.domain}`);
      expect(text).toContain(`Nserver: ${de.dns.ns[0]}`);
      expect(text).not.toContain("Registrar");
    } finally {
      await w.stop();
    }
  });
});
