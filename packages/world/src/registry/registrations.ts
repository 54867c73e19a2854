import { createRng, pick, shuffle } from "../scenario/prng.ts";
import { allDomains, type Scenario } from "../scenario/schema.ts";

// Every name the world's registries hold, with when it was registered: the scenario's domains
// (as served now, so a lookalike registered between scans is there and a taken-down one is not)
// and the everyday registrations of people who have nothing to do with the brand. Real zones move
// by hundreds of thousands of names a day (.com: ~100k added, ~90k deleted); the world's "day" is
// one publication, and each adds and deletes a few unrelated names so a zone diff has noise to
// sift, as it does on the real internet.

export interface Registration {
  domain: string;
  /** ISO instant of creation (RDAP's `registration` event). */
  created: string;
  /** Name servers the zone delegates to. */
  ns: string[];
}

const WORDS = [
  "acorn", "alpine", "amber", "anchor", "apex", "arbor", "atlas", "aurora", "bakery", "bay",
  "beacon", "birch", "bistro", "bloom", "bolt", "bright", "brook", "cabin", "canyon", "cedar",
  "clinic", "cloud", "coast", "cobalt", "craft", "creek", "crest", "dental", "delta", "echo",
  "ember", "fable", "farm", "fern", "field", "forge", "garden", "glade", "granite", "grove",
  "harbor", "haven", "hollow", "indigo", "iron", "ivy", "jade", "juniper", "kettle", "lake",
  "lantern", "laurel", "linen", "lotus", "maple", "meadow", "mesa", "mill", "mint", "moss",
  "north", "oak", "olive", "orbit", "orchard", "pebble", "pine", "pixel", "plaza", "prairie",
  "quill", "rain", "ridge", "river", "rose", "sage", "salt", "shore", "sierra", "slate",
  "solar", "spruce", "stone", "studio", "summit", "tide", "timber", "trail", "tulip", "vale",
  "velvet", "vista", "willow", "yard", "zephyr",
]; // prettier-ignore

const PARKING_NS = ["ns1.dns-parking.com", "ns2.dns-parking.com"];
const RETAIL_NS = [
  ["ns1.domaincontrol.com", "ns2.domaincontrol.com"],
  ["dns1.registrar-servers.com", "dns2.registrar-servers.com"],
  ["ns-cloud-a1.googledomains.com", "ns-cloud-a2.googledomains.com"],
  ["amy.ns.cloudflare.com", "bob.ns.cloudflare.com"],
  PARKING_NS,
];

const DAY_MS = 86_400_000;

export interface RegistrationBook {
  /** Everything registered now (scenario domains and unrelated ones). */
  current(scenario: Scenario): Registration[];
  /** One registry day passes: a few unrelated names are registered (dated `now`), a few deleted. */
  nextDay(now: Date): void;
  /** How many days have passed. */
  readonly day: number;
}

/**
 * The unrelated registrations, deterministic per seed: `base` names registered long before the
 * world started, then `daily` more (and `daily / 4` fewer) every day.
 */
export function createRegistrationBook(opts: {
  seed: string;
  tlds: readonly string[];
  start: Date;
  base?: number;
  daily?: number;
}): RegistrationBook {
  const rng = createRng(`registrations:${opts.seed}`);
  const daily = opts.daily ?? 40;
  const unrelated = new Map<string, Registration>();
  // Half of all registrations are .com (Verisign's Domain Name Industry Brief: ~44 % of gTLDs).
  const tld = () => (opts.tlds.includes("com") && rng() < 0.5 ? "com" : pick(rng, opts.tlds));
  let serial = 0;
  const fresh = (created: Date) => {
    for (;;) {
      const name = `${pick(rng, WORDS)}${pick(rng, WORDS)}${serial++ % 7 === 0 ? serial : ""}.${tld()}`;
      if (unrelated.has(name)) continue;
      unrelated.set(name, { domain: name, created: created.toISOString(), ns: pick(rng, RETAIL_NS) });
      return;
    }
  };
  const longAgo = new Date(opts.start.getTime() - 400 * DAY_MS);
  for (let i = 0; i < (opts.base ?? 400); i++) fresh(longAgo);
  let day = 0;
  return {
    get day() {
      return day;
    },
    current(scenario) {
      const own = allDomains(scenario).map((d) => ({
        domain: d.domain,
        created: d.registration.created,
        ns: d.dns.ns,
      }));
      const taken = new Set(own.map((d) => d.domain));
      return [...own, ...[...unrelated.values()].filter((r) => !taken.has(r.domain))];
    },
    nextDay(now) {
      day++;
      const deleted = shuffle(rng, [...unrelated.keys()]).slice(0, Math.floor(daily / 4));
      for (const d of deleted) unrelated.delete(d);
      for (let i = 0; i < daily; i++) fresh(now);
    },
  };
}
