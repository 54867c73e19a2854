import type net from "node:net";
import { createRng } from "../scenario/prng.ts";
import { delayServer, type DelayedEntry } from "./delayed-entry.ts";
import { checkProfile, systemClock, type Clock, type LatencyProfile } from "./latency.ts";
import type { LinkOptions } from "./latency-link.ts";

// Which internet path stands between the product and each kind of world server.

const NETWORK_SERVICES = ["dns", "rdap", "whois", "web", "services", "ct"] as const;
export type NetworkService = (typeof NETWORK_SERVICES)[number];

export interface WorldNetworkOptions {
  /** The path to each kind of server; one not named here takes `default`, or none. */
  profiles?: Partial<Record<NetworkService, LatencyProfile>>;
  default?: LatencyProfile;
  /** Seeds the paths' jitter and loss: the same seed, the same delays (default "world-network"). */
  seed?: string | number;
  clock?: Clock;
}

export interface WorldNetwork {
  /** The profile each kind of server is reached through; null: direct. */
  profiles: Record<NetworkService, LatencyProfile | null>;
  /** The path for a kind of server, with its own seeded random stream; null: direct. */
  link(service: NetworkService): LinkOptions | null;
  /** Puts a kind of server's path in front of a listening server (none when it has no path). */
  delay(service: NetworkService, server: net.Server): Promise<DelayedEntry | null>;
}

export function worldNetwork(opts: WorldNetworkOptions): WorldNetwork {
  const profiles = Object.fromEntries(
    NETWORK_SERVICES.map((s) => {
      const p = opts.profiles?.[s] ?? opts.default ?? null;
      return [s, p ? checkProfile(p, `network.profiles.${s}`) : null];
    }),
  ) as Record<NetworkService, LatencyProfile | null>;
  const seed = opts.seed ?? "world-network";
  const count = new Map<NetworkService, number>();
  const link = (service: NetworkService): LinkOptions | null => {
    const profile = profiles[service];
    if (!profile) return null;
    // Every path its own stream, so one server's traffic does not shift another's draws.
    const n = (count.get(service) ?? 0) + 1;
    count.set(service, n);
    return { profile, rng: createRng(`${seed}:${service}:${n}`), clock: opts.clock ?? systemClock };
  };
  return {
    profiles,
    link,
    async delay(service, server) {
      const l = link(service);
      return l ? delayServer(server, l) : null;
    },
  };
}
