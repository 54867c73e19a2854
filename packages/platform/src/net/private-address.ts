import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

/**
 * Outbound requests may reach global unicast addresses only (an allow-list, not a list of bad
 * ranges): a public IPv4 address, or an IPv6 address inside 2000::/3 that no special-purpose
 * block claims (Teredo 2001::/32 and the rest of 2001::/23, 6to4 2002::/16, documentation
 * 2001:db8::/32 and 3fff::/20...). Everything else — loopback, private, carrier-grade NAT,
 * link-local (cloud metadata), multicast, reserved, IPv4-compatible ::/96, site-local fec0::/10,
 * unique local fc00::/7, local-use NAT64 64:ff9b:1::/48 — is refused. Two IPv6 forms carry an
 * IPv4 address and are judged by it: IPv4-mapped ::ffff:0:0/96 and well-known NAT64 64:ff9b::/96.
 */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR("2000::/3");
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR("64:ff9b::/96");

function ipv4IsGlobal(v4: ipaddr.IPv4): boolean {
  return v4.range() === "unicast";
}

function ipv6IsGlobal(v6: ipaddr.IPv6): boolean {
  if (v6.isIPv4MappedAddress()) return ipv4IsGlobal(v6.toIPv4Address());
  if (v6.match(NAT64_WELL_KNOWN)) {
    const bytes = v6.toByteArray();
    return ipv4IsGlobal(new ipaddr.IPv4(bytes.slice(12)));
  }
  return v6.match(GLOBAL_UNICAST_V6) && v6.range() === "unicast";
}

/** True for an IP literal an outbound request may reach; false for anything else, names included. */
export function isGlobalUnicast(address: string): boolean {
  if (isIP(address) === 0) return false;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return false; // Node calls it an address but it does not parse: fail closed.
  }
  return parsed.kind() === "ipv4" ? ipv4IsGlobal(parsed as ipaddr.IPv4) : ipv6IsGlobal(parsed as ipaddr.IPv6);
}

/** True for an IP literal outside global unicast (refused unless private networking is allowed). */
export function isPrivateAddress(address: string): boolean {
  return isIP(address) !== 0 && !isGlobalUnicast(address);
}

/** True for link-local addresses (169.254.0.0/16, fe80::/10, also IPv4-mapped): where cloud metadata lives. */
export function isLinkLocal(address: string): boolean {
  if (isIP(address) === 0) return false;
  try {
    let parsed = ipaddr.parse(address);
    if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
      parsed = (parsed as ipaddr.IPv6).toIPv4Address();
    return parsed.range() === "linkLocal";
  } catch {
    return true; // unparsable: fail closed
  }
}
