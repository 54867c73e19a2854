import { ZoneIndex, type LookupResult } from "../dns/zone-index.ts";
import { RegistryIndex, type NetworkRange } from "../registry/registry-index.ts";
import type { DomainEntry, Scenario } from "../scenario/schema.ts";
import { SiteDirectory } from "../web/site-router.ts";

// The servers' views of the scenario, replaceable while they run: each is the index the server
// was built for, answering from a fresh index once the world changed. Servers hold these from
// the start, so a change reaches DNS, RDAP, WHOIS and the web hosts at once.

class LiveZoneIndex extends ZoneIndex {
  private current: ZoneIndex | null = null;
  replace(scenario: Scenario): void {
    this.current = new ZoneIndex(scenario);
  }
  override lookup(name: string, type: string): LookupResult {
    return this.current ? this.current.lookup(name, type) : super.lookup(name, type);
  }
  override get size(): number {
    return this.current ? this.current.size : super.size;
  }
}

class LiveRegistryIndex extends RegistryIndex {
  private current: RegistryIndex | null = null;
  replace(scenario: Scenario): void {
    this.current = new RegistryIndex(scenario);
  }
  override domain(name: string): DomainEntry | null {
    return this.current ? this.current.domain(name) : super.domain(name);
  }
  override network(ip: string): NetworkRange | null {
    return this.current ? this.current.network(ip) : super.network(ip);
  }
  override networks() {
    return this.current ? this.current.networks() : super.networks();
  }
  override tlds(): string[] {
    return this.current ? this.current.tlds() : super.tlds();
  }
  override rdapTlds(): string[] {
    return this.current ? this.current.rdapTlds() : super.rdapTlds();
  }
}

class LiveSiteDirectory extends SiteDirectory {
  private current: SiteDirectory | null = null;
  replace(scenario: Scenario): void {
    this.current = new SiteDirectory(scenario);
  }
  override find(rawHost: string): DomainEntry | null {
    return this.current ? this.current.find(rawHost) : super.find(rawHost);
  }
  override entries(): IterableIterator<DomainEntry> {
    return this.current ? this.current.entries() : super.entries();
  }
}

/** The three live views of one scenario. */
export function liveIndexes(scenario: Scenario) {
  const zones = new LiveZoneIndex(scenario);
  const registry = new LiveRegistryIndex(scenario);
  const sites = new LiveSiteDirectory(scenario);
  return {
    zones,
    registry,
    sites,
    replace(next: Scenario): void {
      zones.replace(next);
      registry.replace(next);
      sites.replace(next);
    },
  };
}
