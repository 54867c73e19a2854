import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { impersonatorNames } from "../services/ct-log-content.ts";
import { dnsQuery } from "../../testing/dns-query.ts";
import { parseWorldArgs, runWorldCommand, scenarioFor } from "./world-command.ts";

describe("parseWorldArgs", () => {
  it("reads every flag, with a space or an equals sign", () => {
    expect(
      parseWorldArgs(["--domain", "acmebank.com", "--brand=Acme Bank", "--lookalikes", "300", "--seed", "7", "--dns", "127.0.10.53:53", "--manifest", "m.json"]), // prettier-ignore
    ).toEqual({ domain: "acmebank.com", brand: "Acme Bank", lookalikes: 300, seed: "7", dns: "127.0.10.53:53", manifest: "m.json" }); // prettier-ignore
    expect(parseWorldArgs(["--scenario", "s.json"])).toEqual({ scenario: "s.json" });
    expect(parseWorldArgs([])).toEqual({});
  });

  it("reads the realism switches, which need --domain and take no value", () => {
    expect(
      parseWorldArgs(["--domain", "acmebank.com", "--noise", "--brand-behind-cdn", "--lookalikes=500"]),
    ).toEqual({
      domain: "acmebank.com",
      noise: true,
      brandBehindCdn: true,
      lookalikes: 500,
    });
    expect(parseWorldArgs(["--domain", "x.com", "--all-behind-cdn"])).toEqual({
      domain: "x.com",
      allBehindCdn: true,
    });
    // Zone files and the NRD list go with any scenario, the bundled one too.
    expect(parseWorldArgs(["--publications"])).toEqual({ publications: true });
    expect(() => parseWorldArgs(["--publications=1"])).toThrow(/--publications takes no value/);
    expect(() => parseWorldArgs(["--noise"])).toThrow(/--domain is required/);
    expect(() => parseWorldArgs(["--scenario", "s.json", "--noise"])).toThrow(
      /--scenario cannot be combined/,
    );
    expect(() => parseWorldArgs(["--domain", "x.com", "--noise=yes"])).toThrow(/--noise takes no value/);
  });

  it("generates a noisy world when asked", async () => {
    const plain = await scenarioFor({ domain: "acmebank.com", lookalikes: 400, seed: "n" });
    const noisy = await scenarioFor({ domain: "acmebank.com", lookalikes: 400, seed: "n", noise: true });
    const onCdn = (s: typeof plain) =>
      s.lookalikes.filter((l) => l.dns.ns.some((n) => n.endsWith(".ns.cloudflare.com"))).length;
    expect(onCdn(plain)).toBe(0);
    expect(onCdn(noisy)).toBeGreaterThan(30);
    const behind = await scenarioFor({
      domain: "acmebank.com",
      lookalikes: 100,
      seed: "n",
      brandBehindCdn: true,
    });
    expect(behind.brand.owned_domains[0]!.dns.ns.every((n) => n.endsWith(".ns.cloudflare.com"))).toBe(true);
  });

  it("names the bad flag", () => {
    expect(() => parseWorldArgs(["--domian", "x.com"])).toThrow(/--domian/);
    expect(() => parseWorldArgs(["--lookalikes", "many", "--domain", "x.com"])).toThrow(/--lookalikes/);
    expect(() => parseWorldArgs(["--dns", "localhost"])).toThrow(/--dns/);
    expect(() => parseWorldArgs(["--manifest"])).toThrow(/--manifest needs a value/);
    expect(() => parseWorldArgs(["--scenario", "s.json", "--domain", "x.com"])).toThrow(/--scenario/);
    expect(() => parseWorldArgs(["--lookalikes", "5"])).toThrow(/--domain/);
  });
});

describe("runWorldCommand", () => {
  it("starts the world, writes the manifest, prints the environment and stops when interrupted", async () => {
    const dir = await mkdtemp(join(tmpdir(), "world-cmd-"));
    const manifest = join(dir, "manifest.json");
    const lines: string[] = [];
    const stop = new AbortController();
    const net = `127.${100 + Math.floor(Math.random() * 150)}`;
    const run = runWorldCommand(
      { domain: "acmebank.com", brand: "Acme Bank", lookalikes: 30, seed: "cmd", dns: "127.0.10.53:0", rdap: "127.0.10.43:0", whois: "127.0.10.43:0", netPrefix: net, manifest }, // prettier-ignore
      {
        out: (l) => lines.push(l),
        signal: stop.signal,
        onStarted: async (world) => {
          const m = JSON.parse(await readFile(manifest, "utf8"));
          // The 30 lookalikes and the brand's own domains, plus the impersonators that only the
          // world's Certificate Transparency log reveals (no permutation finds them).
          const names = (m.domains as Array<{ domain: string; owned: boolean }>).map((d) => d.domain);
          const impersonators = impersonatorNames("acmebank");
          expect(impersonators).toHaveLength(5);
          expect(names).toEqual(expect.arrayContaining(impersonators));
          expect(m.domains.filter((d: { owned: boolean }) => d.owned).map((d: { domain: string }) => d.domain)).toEqual(["acmebank.com", "acmebank.net"]); // prettier-ignore
          expect(m.domains).toHaveLength(30 + 2 + 5);
          expect(m.services.ct_log).toBe(world.env.CT_LOGS);
          expect(m.env.DNS_NAMESERVERS).toBe(world.env.DNS_NAMESERVERS);
          const some = m.domains.find(
            (d: { ips: string[]; site_kind: string }) => d.ips.length && d.site_kind === "parked",
          );
          const r = await dnsQuery(m.dns, some.domain, "A");
          expect(r.answers?.map((a) => (a as { data: string }).data)).toEqual(some.ips);
          stop.abort();
        },
      },
    );
    await run;
    expect(lines.some((l) => l.startsWith("DNS_NAMESERVERS=127.0.10.53:"))).toBe(true);
    expect(lines.some((l) => l.startsWith("EXTRA_CA_CERTS="))).toBe(true);
    expect(lines).toContain("ALLOW_PRIVATE_NETWORK=true");
    expect(lines.some((l) => l.startsWith("CT_LOGS=http"))).toBe(true);
    await rm(dir, { recursive: true, force: true });
  });
});
