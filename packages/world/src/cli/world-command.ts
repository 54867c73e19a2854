import { writeFile } from "node:fs/promises";
import { loadDemoScenario } from "../scenario/demo.ts";
import { generateScenario } from "../scenario/generate.ts";
import { loadScenario } from "../scenario/load.ts";
import type { Scenario } from "../scenario/schema.ts";
import { startWorld, type World } from "../world.ts";

// `brandwarden world [--scenario FILE | --domain D --brand NAME --lookalikes N --seed S]
//  [--dns HOST:PORT] [--manifest FILE]`: start the world, write the manifest, print the
// environment lines, run until interrupted.

export interface WorldCommandOptions {
  scenario?: string;
  domain?: string;
  brand?: string;
  lookalikes?: number;
  seed?: string;
  dns?: string;
  rdap?: string;
  whois?: string;
  netPrefix?: string;
  manifest?: string;
  /** Real-internet noise: CDN and shared hosting crowded with unrelated names (generate.ts). */
  noise?: boolean;
  /** The brand, its defensive registrations and one campaign behind one CDN. */
  brandBehindCdn?: boolean;
  /** Every lookalike behind one CDN. */
  allBehindCdn?: boolean;
  publications?: boolean;
}

export const WORLD_USAGE = `usage: brandwarden world [--scenario FILE | --domain D [--brand NAME] [--lookalikes N] [--seed S]
                          [--noise] [--brand-behind-cdn] [--all-behind-cdn]] [--publications]
                        [--dns HOST:PORT] [--rdap HOST:PORT] [--whois HOST:PORT] [--net-prefix 127.N] [--manifest FILE]
Without --scenario or --domain the bundled demo scenario (Acme Bank, acmebank.com) is served.
--noise adds what real worlds have: unrelated names crowded on CDNs and shared hosting, one parking
service, a kit shared by two actors, campaigns registered over weeks and one of 30+ names.
--publications serves what registries publish: daily zone files (ZONE_FILES) and a newly
registered domains list (NRD_FEED_URL); a new registry day (zone files written again) every hour.`;

const SWITCHES: Record<string, "noise" | "brandBehindCdn" | "allBehindCdn" | "publications"> = {
  "--noise": "noise",
  "--publications": "publications",
  "--brand-behind-cdn": "brandBehindCdn",
  "--all-behind-cdn": "allBehindCdn",
};

const FLAGS: Record<string, keyof WorldCommandOptions> = {
  "--scenario": "scenario",
  "--domain": "domain",
  "--brand": "brand",
  "--lookalikes": "lookalikes",
  "--seed": "seed",
  "--dns": "dns",
  "--rdap": "rdap",
  "--whois": "whois",
  "--net-prefix": "netPrefix",
  "--manifest": "manifest",
};

export function parseWorldArgs(argv: string[]): WorldCommandOptions {
  const opts: WorldCommandOptions = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const eq = arg.indexOf("=");
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    const sw = SWITCHES[flag];
    if (sw) {
      if (eq > 0) throw new Error(`${flag} takes no value`);
      opts[sw] = true;
      continue;
    }
    const key = FLAGS[flag];
    if (!key) throw new Error(`unknown flag ${flag} (${WORLD_USAGE.split("\n")[0]})`);
    const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined || value === "" || (eq < 0 && value.startsWith("--")))
      throw new Error(`${flag} needs a value`);
    if (key === "lookalikes") {
      if (!/^\d+$/.test(value) || Number(value) < 1)
        throw new Error(`--lookalikes must be a positive integer, got "${value}"`);
      opts.lookalikes = Number(value);
    } else if (
      (key === "dns" || key === "rdap" || key === "whois") &&
      !/^\d{1,3}(\.\d{1,3}){3}:\d{1,5}$/.test(value)
    ) {
      throw new Error(`${flag} must be HOST:PORT with an IPv4 host, got "${value}"`);
    } else if (key === "netPrefix" && !/^127\.\d{1,3}$/.test(value)) {
      throw new Error(`--net-prefix must look like 127.N, got "${value}"`);
    } else {
      opts[key as Exclude<keyof WorldCommandOptions, "lookalikes" | (typeof SWITCHES)[string]>] = value;
    }
  }
  if (opts.scenario && (opts.domain || opts.brand || opts.lookalikes || opts.seed))
    throw new Error("--scenario cannot be combined with --domain, --brand, --lookalikes or --seed");
  const generated = opts.noise || opts.brandBehindCdn || opts.allBehindCdn;
  if (opts.scenario && generated)
    throw new Error("--scenario cannot be combined with --noise, --brand-behind-cdn or --all-behind-cdn");
  if (!opts.domain && (opts.brand || opts.lookalikes || opts.seed || generated))
    throw new Error(
      "--domain is required with --brand, --lookalikes, --seed, --noise, --brand-behind-cdn or --all-behind-cdn",
    );
  return opts;
}

// "acmebank.com" -> "Acmebank" when no brand name is given.
function brandFromDomain(domain: string): string {
  const label = domain.split(".")[0] ?? domain;
  return label.charAt(0).toUpperCase() + label.slice(1);
}

export async function scenarioFor(opts: WorldCommandOptions): Promise<Scenario> {
  if (opts.scenario) return loadScenario(opts.scenario);
  if (opts.domain) {
    return generateScenario({
      domain: opts.domain,
      brand: opts.brand ?? brandFromDomain(opts.domain),
      lookalikes: opts.lookalikes ?? 300,
      seed: opts.seed ?? "1",
      noise: opts.noise,
      brandBehindCdn: opts.brandBehindCdn,
      allBehindCdn: opts.allBehindCdn,
    });
  }
  return loadDemoScenario();
}

export interface WorldCommandIo {
  out?: (line: string) => void;
  signal?: AbortSignal; // stops the world like Ctrl-C
  // Awaited: when it throws, the world stops and the command rejects with its error.
  onStarted?: (world: World) => void | Promise<void>;
}

export async function runWorldCommand(opts: WorldCommandOptions, io: WorldCommandIo = {}): Promise<void> {
  const out = io.out ?? ((line: string) => process.stdout.write(line + "\n"));
  const scenario = await scenarioFor(opts);
  const world = await startWorld(scenario, {
    dns: opts.dns,
    rdap: opts.rdap,
    whois: opts.whois,
    netPrefix: opts.netPrefix,
    publications: opts.publications,
  });
  // The world's registry "day" is an hour, so a watcher of the zone files sees them change.
  const days = world.publications
    ? setInterval(() => void world.publications!.publishZones().catch(() => undefined), 3_600_000)
    : null;
  try {
    if (opts.manifest) await writeFile(opts.manifest, JSON.stringify(world.manifest, null, 2) + "\n");
    out(
      `# Brandwarden world: ${scenario.brand.name}, ${world.manifest.domains.length} domains, DNS ${world.manifest.dns}`,
    );
    if (opts.manifest) out(`# manifest: ${opts.manifest}`);
    for (const [k, v] of Object.entries(world.env)) out(`${k}=${v}`);
    await io.onStarted?.(world);
    await new Promise<void>((resolve) => {
      const done = () => {
        process.off("SIGINT", done);
        process.off("SIGTERM", done);
        resolve();
      };
      process.once("SIGINT", done);
      process.once("SIGTERM", done);
      if (io.signal?.aborted) done();
      io.signal?.addEventListener("abort", done, { once: true });
    });
  } finally {
    if (days) clearInterval(days);
    await world.stop();
  }
}
