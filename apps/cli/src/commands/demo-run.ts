import { randomBytes } from "node:crypto";
import type { TSocialPlatform } from "@brandwarden/contract/brand";
import { loadDemoScenario } from "@brandwarden/world/scenario/demo";
import {
  DEFAULT_DNS,
  DEFAULT_RDAP,
  DEFAULT_WHOIS,
  startWorld,
  type StartWorldOptions,
  type World,
} from "@brandwarden/world/world";
import { UsageError } from "../usage-error.ts";
import { loadCliConfig } from "../config.ts";
import { startEmbedded } from "./start.ts";

const DEMO_EMAIL = "demo@brandwarden.local";

export interface DemoFlags {
  rtt?: string;
  rdapRate?: string;
}

/** A whole number of at least `min` from a flag, or a usage error naming the flag. */
function flagNumber(value: string | undefined, flag: string, min: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || n < min || n > 10_000)
    throw new UsageError(`${flag}: expected a whole number from ${min} to 10000, got "${value}"`);
  return n;
}

/** The world at the speed the flags ask for: loopback by default, or behind internet paths. */
function speedOptions(flags: DemoFlags): Pick<StartWorldOptions, "network" | "registries"> {
  const rttMs = flagNumber(flags.rtt, "--rtt", 1);
  const rdapPerSecond = flagNumber(flags.rdapRate, "--rdap-rate", 1);
  return {
    ...(rttMs ? { network: { default: { rttMs, jitter: 0.05, loss: 0 } } } : {}),
    ...(rdapPerSecond ? { registries: { rdapPerSecond } } : {}),
  };
}

/** The world on its default addresses; without the privilege for ports 53/80/443, on random ports. */
async function startDemoWorld(flags: DemoFlags): Promise<World> {
  const speed = speedOptions(flags);
  const scenario = await loadDemoScenario();
  try {
    return await startWorld(scenario, {
      dns: DEFAULT_DNS,
      rdap: DEFAULT_RDAP,
      whois: DEFAULT_WHOIS,
      publications: true,
      ...speed,
    });
  } catch (err) {
    console.error(`world: default ports unavailable (${(err as Error).message}); using random ports`);
    return startWorld(scenario, {
      dns: "127.0.10.53:0",
      rdap: "127.0.10.43:0",
      whois: "127.0.10.43:0",
      httpPort: 0,
      httpsPort: 0,
      publications: true,
      ...speed,
    });
  }
}

/**
 * `npm run demo`: the world, the service pointed at it, a demo account (printed) with the brand
 * profile of the world's brand, and a first scan; runs until interrupted.
 */
export async function runDemo(flags: DemoFlags = {}): Promise<void> {
  const { env } = loadCliConfig();
  const world = await startDemoWorld(flags);
  const running = await startEmbedded({
    ...env,
    ...world.env,
    RESCAN_INTERVAL: env.RESCAN_INTERVAL ?? "0",
    // The demo world's responsive abuse desks act a minute after a report: checked every minute,
    // a case is seen going down while someone watches, and an ignored one escalates within the hour.
    TAKEDOWN_CHECK_INTERVAL: env.TAKEDOWN_CHECK_INTERVAL ?? "1m",
    TAKEDOWN_ESCALATE_AFTER: env.TAKEDOWN_ESCALATE_AFTER ?? "30m",
  });
  const { services } = running.web.container;
  // 16 random characters: always past the password rule's guessability bar.
  const password = randomBytes(12).toString("base64url");
  const user = await services.users.createOrResetAdmin({ email: DEMO_EMAIL, password });
  const brand = world.scenario.brand;
  const official = world.scenario.services.social.filter((p) => p.kind === "official");
  await services.brandProfile.updateProfile(user.id, {
    brand_name: brand.name,
    brand_names: [],
    keywords: ["bank", "online banking"],
    owned_domains: brand.owned_domains.map((d) => d.domain),
    social_handles: official.map((p) => ({ platform: p.platform as TSocialPlatform, handle: p.handle })),
    webhook_url: world.env.WEBHOOK_RECEIVER_URL ?? null,
  });
  const scan = await services.scans.start({ id: user.id, admin: true });
  // The registries' day is an hour here: the zone files change while the demo runs.
  const days = setInterval(() => void world.publications?.publishZones().catch(() => undefined), 3_600_000);
  const url = running.web.url.replace("127.0.0.1", "localhost");
  console.log(
    [
      "",
      `Brandwarden demo is running: ${url}`,
      `  log in as ${DEMO_EMAIL} / ${password}`,
      `  brand ${brand.name} (${brand.primary_domain}); first scan ${scan.id} is ${scan.status}`,
      `  the world: DNS ${world.env.DNS_NAMESERVERS}, ${world.scenario.lookalikes.length} lookalikes`,
      "Press Ctrl-C to stop.",
      "",
    ].join("\n"),
  );
  await new Promise<void>((resolve) => {
    const stop = () => {
      clearInterval(days);
      void running
        .stop()
        .then(() => world.stop())
        .then(resolve);
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
}
