import { isIP } from "node:net";

/** One `host[:port]` an operator allowed on a private address; `port` null: any port. */
export interface AllowedHost {
  host: string;
  port: number | null;
}

const HOST_PORT = /^(?:\[([0-9a-f:.]+)\]|([^\s:/[\]]+))(?::(\d{1,5}))?$/i;

/**
 * Parses `name`, `ip`, `name:port`, `[ipv6]` or `[ipv6]:port` entries (a bare IPv6 address is
 * accepted too); throws naming the first entry that is none of these.
 */
export function parseAllowedHosts(entries: readonly string[]): AllowedHost[] {
  return entries.map((raw) => {
    const entry = raw.trim();
    if (isIP(entry) === 6) return { host: entry.toLowerCase(), port: null };
    const m = HOST_PORT.exec(entry);
    const port = m?.[3] === undefined ? null : Number(m[3]);
    if (!m || (port !== null && (port < 1 || port > 65_535)))
      throw new Error(`"${raw}" is not a host[:port] (e.g. localhost:11434 or [::1]:8000)`);
    return { host: (m[1] ?? m[2]!).toLowerCase().replace(/\.$/, ""), port };
  });
}

/** Whether a request to `host` on `port` (empty: the protocol's default) is to an allowed host. */
export function hostAllowed(
  allowed: readonly AllowedHost[],
  host: string,
  port: string | number | undefined,
  protocol: string | undefined,
): boolean {
  if (!allowed.length) return false;
  const name = host.toLowerCase().replace(/\.$/, "");
  const effective = port ? Number(port) : protocol === "https:" ? 443 : 80;
  return allowed.some((a) => a.host === name && (a.port === null || a.port === effective));
}
