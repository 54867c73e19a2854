import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startDnsServer, type DnsServer } from "./dns/dns-server.ts";
import { startRdapServer, type RdapServer } from "./registry/rdap-server.ts";
import { startWhoisServer, type WhoisServer } from "./registry/whois-server.ts";
import { rebaseScenario } from "./scenario/rebase.ts";
import { remapScenario } from "./scenario/remap.ts";
import { allDomains, type Scenario, type SiteKind } from "./scenario/schema.ts";
import { startServices, type RunningServices, type StartServicesOptions } from "./services/start-services.ts";
import { WorldCa, type IssuedCert } from "./tls/ca.ts";
import { startCtLog, type RunningCtLog } from "./services/ct-log.ts";
import { ctImpersonators, ctLogSpecs } from "./services/ct-log-content.ts";
import { startWebHosts, type WebHosts } from "./web/web-hosts.ts";
import { liveIndexes } from "./changes/live-indexes.ts";
import { createWorldChanges, type WorldChanges } from "./changes/world-changes.ts";
import { createRegistrationBook, type Registration } from "./registry/registrations.ts";
import { publishesZone, tldOf, writeZoneFiles } from "./registry/zone-files.ts";
import { startNrdFeed, type RunningNrdFeed } from "./services/nrd-feed.ts";
import { startAbuseDesks, type AbuseDesks } from "./abuse/abuse-desks.ts";
import { startLatencyRelay } from "./net/latency-relay.ts";
import { worldNetwork, type NetworkService, type WorldNetworkOptions } from "./net/world-network.ts";
import type { LatencyProfile } from "./net/latency.ts";
import { startRegistryRdap, type RegistryRdap, type RegistryServerStats } from "./registry/registry-rdap.ts";
import { TokenBuckets } from "./registry/token-bucket.ts";

// Starts the whole sandbox internet for one scenario and says how to point the service at it.

export interface StartWorldOptions {
  dns?: string; // "host:port" of the name server; default 127.0.10.53:53 (port 0: random)
  rdap?: string; // default 127.0.10.43:80
  whois?: string; // default 127.0.10.43:43
  httpPort?: number; // web hosts; default 80
  httpsPort?: number; // default 443
  netPrefix?: string; // "127.N": move the scenario's hosting addresses there
  services?: StartServicesOptions | false; // false: core only
  rebase?: boolean; // shift the scenario's dates to now (default true)
  dir?: string; // where ca.pem is written; default a new temp directory
  ct?: false | { pageCap?: number; port?: number }; // the CT log and its impersonators; false: none
  /**
   * The registries' publications: daily zone files (ZONE_FILES) and a newly-registered-domains
   * list (NRD_FEED_URL), with unrelated registrations coming and going each day. Off by default
   * (a product pointed at them reads them as discovery sources).
   */
  publications?: boolean | { base?: number; daily?: number };
  /**
   * Internet round trips between the product and the world's servers: each kind of server is
   * reached across a path with that profile (DNS over UDP and TCP, RDAP, WHOIS, the web hosts,
   * the application services, the CT log). Addresses and env stay as without it. Implies
   * `registries` (one RDAP server per registry operator).
   */
  network?: WorldNetworkOptions;
  /**
   * The registries as on the internet: one RDAP server per registry operator on its own address
   * (the bootstrap's dns.json lists each with its TLDs), each limiting every client address.
   * Without it one RDAP server answers for every TLD, unlimited.
   */
  registries?: WorldRegistriesOptions;
}

interface WorldRegistriesOptions {
  /** Each registry's RDAP limit per client address, requests a second; unset: unlimited. */
  rdapPerSecond?: number;
  /** Requests a client may make at once before the rate applies; default one second's worth. */
  rdapBurst?: number;
  /** The WHOIS server's limit per client address, queries a second; unset: unlimited. */
  whoisPerSecond?: number;
  whoisBurst?: number;
  /** The first registry's RDAP address; the rest follow it (default 127.0.10.100). */
  rdapHost?: string;
}

/** What the registries saw and the network in use, for benchmarks. */
interface WorldRegistries {
  /** Every registry RDAP server and the WHOIS server, with what each received and refused. */
  stats(): RegistryServerStats[];
  /** The latency profile each kind of server is reached through; null: direct. */
  profiles: Record<NetworkService, LatencyProfile | null>;
}

/** What the registries publish, when the world was started with `publications`. */
interface WorldPublications {
  /** Where the `<tld>.zone.gz` files are (ZONE_FILES). */
  zonesDir: string;
  /** The 1-day NRD list (NRD_FEED_URL). */
  nrdUrl: string;
  nrd: RunningNrdFeed;
  /** Every registered name now, with its creation date. */
  registrations(): Registration[];
  /**
   * A registry day passes: unrelated names come and go, and every generic TLD's zone file is
   * written again from the registries as they stand (with what the world registered since).
   */
  publishZones(): Promise<string[]>;
}

interface ManifestDomain {
  domain: string;
  owned: boolean;
  ips: string[];
  ipv6: string[];
  site_kind: SiteKind | "owned";
  fuzzer: string | null;
  campaign_id: string | null;
  dns_fault: string | null;
}

export interface WorldManifest {
  dns: string;
  rdap: string;
  whois: string;
  ca_cert: string;
  env: Record<string, string>;
  brand: { name: string; primary_domain: string };
  domains: ManifestDomain[];
  services: Record<string, string>;
}

export interface World {
  scenario: Scenario; // as served: dates rebased, addresses remapped
  manifest: WorldManifest;
  env: Record<string, string>;
  ca: WorldCa;
  services: RunningServices | null;
  ctLog: RunningCtLog | null;
  /** Zone files and the NRD list; null unless started with `publications`. */
  publications: WorldPublications | null;
  certificateFor(name: string): IssuedCert | null;
  /** Changes between scans: register, turn phishing, take down, restore, move, renew (changes/). */
  changes: WorldChanges;
  /** The registrars', hosts' and registries' abuse desks on the SMTP sink; null without services. */
  abuseDesks: AbuseDesks | null;
  /** Per-registry servers' counts and the network profiles; null without `registries` or `network`. */
  registries: WorldRegistries | null;
  stop(): Promise<void>;
}

export const DEFAULT_DNS = "127.0.10.53:53";
export const DEFAULT_RDAP = "127.0.10.43:80";
export const DEFAULT_WHOIS = "127.0.10.43:43";
const DEFAULT_REGISTRY_RDAP_HOST = "127.0.10.100";

const limitOf = (perSecond: number | undefined, burst: number | undefined) =>
  perSecond === undefined ? null : { perSecond, burst: burst ?? Math.max(1, Math.ceil(perSecond)) };

function parseHostPort(text: string, what: string): { host: string; port: number } {
  const m = /^(\d{1,3}(?:\.\d{1,3}){3}):(\d{1,5})$/.exec(text);
  if (!m || Number(m[2]) > 65535) throw new Error(`${what} must be IPv4:port, got "${text}"`);
  return { host: m[1]!, port: Number(m[2]) };
}

function manifestDomains(s: Scenario): ManifestDomain[] {
  return allDomains(s).map((d) => ({
    domain: d.domain,
    owned: d.owned,
    ips: d.dns.a,
    ipv6: d.dns.aaaa,
    site_kind: d.owned ? "owned" : d.site_kind,
    fuzzer: d.owned ? null : d.fuzzer,
    campaign_id: d.owned ? null : d.campaign_id,
    dns_fault: d.dns.fault,
  }));
}

export async function startWorld(input: Scenario, opts: StartWorldOptions = {}): Promise<World> {
  let scenario = opts.rebase === false ? input : rebaseScenario(input);
  if (opts.netPrefix) scenario = remapScenario(scenario, opts.netPrefix);
  const now = new Date();
  const impersonators = opts.ct === false ? [] : ctImpersonators(scenario, now);
  scenario = { ...scenario, lookalikes: [...scenario.lookalikes, ...impersonators] };
  const dnsAt = parseHostPort(opts.dns ?? DEFAULT_DNS, "dns");
  const rdapAt = parseHostPort(opts.rdap ?? DEFAULT_RDAP, "rdap");
  const whoisAt = parseHostPort(opts.whois ?? DEFAULT_WHOIS, "whois");

  const ownDir = !opts.dir;
  const dir = opts.dir ?? (await mkdtemp(join(tmpdir(), "brandwarden-world-")));
  const ca = new WorldCa();
  const caPath = join(dir, "world-ca.pem");
  await writeFile(caPath, ca.rootPem);

  // Views the servers answer from; the world's changes replace what they answer.
  const live = liveIndexes(scenario);
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    await Promise.allSettled(stops.splice(0).map((s) => s()));
    if (ownDir) await rm(dir, { recursive: true, force: true });
  };
  const track = async <T extends { close(): Promise<void> }>(p: Promise<T>): Promise<T> => {
    const v = await p;
    stops.push(() => v.close());
    return v;
  };
  try {
    const ctHost = opts.services ? (opts.services.host ?? "127.0.10.1") : "127.0.10.1";
    const network = opts.network ? worldNetwork(opts.network) : null;
    const perRegistry = Boolean(opts.registries || opts.network);
    const reg = opts.registries ?? {};
    const rdapLimit = limitOf(reg.rdapPerSecond, reg.rdapBurst);
    const whoisLimit = limitOf(reg.whoisPerSecond, reg.whoisBurst);
    const registryRdap = perRegistry
      ? await track<RegistryRdap>(
          startRegistryRdap(live.registry, {
            firstHost: reg.rdapHost ?? DEFAULT_REGISTRY_RDAP_HOST,
            port: rdapAt.port,
            limit: rdapLimit,
          }),
        )
      : null;
    // With a network, DNS answers from a private address behind a relay where it is expected.
    const dnsPath = network?.link("dns") ?? null;
    const [dnsServer, rdap, whois, web, services, ctLog] = await Promise.all([
      track<DnsServer>(startDnsServer(live.zones, dnsPath ? { host: "127.0.0.1", port: 0 } : dnsAt)),
      track<RdapServer>(
        startRdapServer(live.registry, {
          ...rdapAt,
          ...(registryRdap ? { dnsServices: registryRdap.dnsServices } : {}),
        }),
      ),
      track<WhoisServer>(
        startWhoisServer(live.registry, { ...whoisAt, limit: whoisLimit && new TokenBuckets(whoisLimit) }),
      ),
      track<WebHosts>(
        startWebHosts(scenario, {
          ca,
          httpPort: opts.httpPort ?? 80,
          httpsPort: opts.httpsPort ?? 443,
          directory: live.sites,
          ...(network?.profiles.web ? { latency: network.link("web")! } : {}),
        }),
      ),
      opts.services === false
        ? Promise.resolve(null)
        : startServices(scenario.services, opts.services ?? {}).then((s) => {
            stops.push(() => s.stop());
            return s;
          }),
      opts.ct === false
        ? Promise.resolve(null)
        : track<RunningCtLog>(
            startCtLog(ca, ctLogSpecs(scenario, impersonators, now), ctHost, opts.ct?.port ?? 0, opts.ct),
          ),
    ]);
    const dns = dnsPath
      ? await track(
          startLatencyRelay({
            listen: dnsAt,
            target: { host: dnsServer.host, port: dnsServer.port },
            protocol: "both",
            profile: dnsPath.profile,
            rng: dnsPath.rng,
            clock: dnsPath.clock,
          }),
        )
      : dnsServer;
    if (network) {
      const delayed = [
        network.delay("rdap", rdap.server),
        ...(registryRdap?.servers ?? []).map((s) => network.delay("rdap", s)),
        network.delay("whois", whois.server),
        ...(ctLog ? [network.delay("ct", ctLog.app.server)] : []),
        ...(services
          ? [
              ...Object.values(services.platforms).map((p) => p.app.server),
              services.search.app.server,
              services.feeds.app.server,
              services.llm.app.server,
              services.slack.app.server,
              services.teams.app.server,
            ].map((s) => network.delay("services", s))
          : []),
      ];
      for (const entry of await Promise.all(delayed)) if (entry) stops.push(() => entry.close());
    }
    let current = scenario;
    const publications = opts.publications
      ? await startPublications(() => current, {
          dir: join(dir, "zones"),
          host: ctHost,
          ...(opts.publications === true ? {} : opts.publications),
        })
      : null;
    if (publications) stops.push(() => publications.nrd.close());
    const nrdPath =
      publications && network ? await network.delay("services", publications.nrd.app.server) : null;
    if (nrdPath) stops.push(() => nrdPath.close());
    const registries: WorldRegistries | null = registryRdap
      ? {
          stats: () => [
            ...(registryRdap?.stats(live.registry.rdapTlds()) ?? []),
            {
              kind: "whois",
              name: "WHOIS",
              baseUrl: `${whois.host}:${whois.port}`,
              tlds: live.registry.tlds(),
              ...whois.counts,
              ratePerSecond: whoisLimit?.perSecond ?? null,
              burst: whoisLimit?.burst ?? null,
            },
          ],
          profiles: network
            ? network.profiles
            : { dns: null, rdap: null, whois: null, web: null, services: null, ct: null },
        }
      : null;
    const env: Record<string, string> = {
      DNS_NAMESERVERS: `${dns.host}:${dns.port}`,
      RDAP_BOOTSTRAP_URL: rdap.bootstrapUrl,
      WHOIS_SERVER: `${whois.host}:${whois.port}`,
      EXTRA_CA_CERTS: caPath,
      ALLOW_PRIVATE_NETWORK: "true",
      ...(services?.env ?? {}),
      ...(ctLog ? { CT_LOGS: ctLog.baseUrl } : {}),
      ...(publications ? { ZONE_FILES: publications.zonesDir, NRD_FEED_URL: publications.nrdUrl } : {}),
    };
    const manifest: WorldManifest = {
      dns: env.DNS_NAMESERVERS!,
      rdap: rdap.url,
      whois: env.WHOIS_SERVER!,
      ca_cert: caPath,
      env,
      brand: { name: scenario.brand.name, primary_domain: scenario.brand.primary_domain },
      domains: manifestDomains(scenario),
      services: {
        ...(services?.urls ?? {}),
        ...(ctLog
          ? { ct_log: ctLog.baseUrl, ct_log_tiled: ctLog.tiledUrl, ct_log_list: ctLog.logListUrl }
          : {}),
        ...(publications ? { nrd_feed: publications.nrdUrl, zone_files: publications.zonesDir } : {}),
      },
    };
    const changes = createWorldChanges({
      current: () => current,
      apply: (next) => {
        current = next;
        live.replace(next);
      },
      listenOn: (ip) => web.listenOn(ip),
      forgetCertificate: (domain) => web.forgetCertificate(domain),
      ...(services
        ? {
            accounts: {
              setAccount: (platform, handle, change) => {
                const running = services.platforms[platform as keyof typeof services.platforms];
                if (!running) throw new Error(`the world has no platform ${platform}`);
                running.setAccount(handle, change);
              },
            },
          }
        : {}),
    });
    const abuseDesks = services
      ? startAbuseDesks({ scenario: () => current, changes, sink: services.smtpSink })
      : null;
    if (abuseDesks) stops.push(async () => abuseDesks.close());
    return {
      get scenario() {
        return current;
      },
      manifest,
      env,
      ca,
      services,
      ctLog,
      publications,
      certificateFor: web.certificateFor,
      changes,
      abuseDesks,
      registries,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** The registries' zone files (written once now) and the NRD list's server. */
async function startPublications(
  scenario: () => Scenario,
  opts: { dir: string; host: string; base?: number; daily?: number },
): Promise<WorldPublications> {
  await mkdir(opts.dir, { recursive: true });
  const s = scenario();
  const tlds = [...new Set(allDomains(s).map((d) => tldOf(d.domain)))].filter(publishesZone);
  const book = createRegistrationBook({
    seed: s.seed || s.brand.primary_domain,
    tlds: tlds.length ? tlds : ["com"],
    start: new Date(),
    ...(opts.base !== undefined ? { base: opts.base } : {}),
    ...(opts.daily !== undefined ? { daily: opts.daily } : {}),
  });
  const registrations = () => book.current(scenario());
  const glue = (host: string) => scenario().hosts.find((h) => h.name === host)?.a ?? [];
  // A zone's SOA serial, as registries number them: the date and the day's revision.
  const serial = () =>
    Number(new Date().toISOString().slice(0, 10).replace(/-/g, "")) * 100 + (book.day % 100);
  await writeZoneFiles(opts.dir, registrations(), { serial: serial(), glue });
  const nrd = await startNrdFeed(registrations, opts.host);
  return {
    zonesDir: opts.dir,
    nrdUrl: nrd.listUrl,
    nrd,
    registrations,
    async publishZones() {
      book.nextDay(new Date());
      return writeZoneFiles(opts.dir, registrations(), { serial: serial(), glue });
    },
  };
}
