import { describe, expect, it } from "vitest";
import { isGlobalUnicast, isPrivateAddress } from "./private-address.ts";

// Every range the security review named, and the usual suspects, each with what the guard must say.
const REFUSED: Array<[range: string, address: string]> = [
  // IPv4 special-purpose blocks
  ["0.0.0.0/8 this network", "0.0.0.0"],
  ["0.0.0.0/8 this network", "0.1.2.3"],
  ["10.0.0.0/8 private", "10.0.0.1"],
  ["100.64.0.0/10 carrier-grade NAT", "100.64.0.1"],
  ["127.0.0.0/8 loopback", "127.0.0.1"],
  ["127.0.0.0/8 loopback", "127.255.255.254"],
  ["169.254.0.0/16 link-local (cloud metadata)", "169.254.169.254"],
  ["172.16.0.0/12 private", "172.20.1.1"],
  ["192.0.0.0/24 IETF protocol assignments", "192.0.0.8"],
  ["192.0.2.0/24 documentation", "192.0.2.1"],
  ["192.88.99.0/24 6to4 relay anycast", "192.88.99.1"],
  ["192.168.0.0/16 private", "192.168.1.1"],
  ["198.18.0.0/15 benchmarking", "198.19.0.1"],
  ["198.51.100.0/24 documentation", "198.51.100.7"],
  ["203.0.113.0/24 documentation", "203.0.113.9"],
  ["224.0.0.0/4 multicast", "224.0.0.251"],
  ["240.0.0.0/4 reserved", "240.0.0.1"],
  ["255.255.255.255 broadcast", "255.255.255.255"],
  // IPv6 outside global unicast
  [":: unspecified", "::"],
  ["::1 loopback", "::1"],
  ["::/96 IPv4-compatible (loopback inside)", "::7f00:1"],
  ["::/96 IPv4-compatible (metadata inside)", "::a9fe:a9fe"],
  ["::/96 IPv4-compatible (public inside, still deprecated)", "::808:808"],
  ["::ffff:0:0/96 IPv4-mapped loopback", "::ffff:127.0.0.1"],
  ["::ffff:0:0/96 IPv4-mapped loopback, hex form", "::ffff:7f00:1"],
  ["::ffff:0:0/96 IPv4-mapped metadata", "::ffff:169.254.169.254"],
  ["::ffff:0:0/96 IPv4-mapped private", "::ffff:10.0.0.1"],
  ["::ffff:0:0:0/96 SIIT", "::ffff:0:808:808"],
  ["64:ff9b::/96 NAT64 of a private address", "64:ff9b::10.0.0.1"],
  ["64:ff9b::/96 NAT64 of the metadata address", "64:ff9b::a9fe:a9fe"],
  ["64:ff9b:1::/48 local-use NAT64", "64:ff9b:1::a9fe:a9fe"],
  ["64:ff9b:1::/48 local-use NAT64", "64:ff9b:1::808:808"],
  ["100::/64 discard", "100::1"],
  ["2001::/32 Teredo", "2001::1"],
  ["2001::/32 Teredo", "2001:0:4136:e378:8000:63bf:3fff:fdd2"],
  ["2001::/23 IETF protocol assignments (benchmarking)", "2001:2::1"],
  ["2001::/23 IETF protocol assignments (ORCHIDv2)", "2001:20::1"],
  ["2001:db8::/32 documentation", "2001:db8::1"],
  ["2002::/16 6to4 (metadata inside)", "2002:a9fe:a9fe::1"],
  ["2002::/16 6to4 (public inside)", "2002:808:808::1"],
  ["3fff::/20 documentation", "3fff::1"],
  ["fc00::/7 unique local", "fd00::1"],
  ["fc00::/7 unique local", "fc00::1"],
  ["fe80::/10 link-local", "fe80::1"],
  ["fe80::/10 link-local with a zone", "fe80::1%eth0"],
  ["fec0::/10 site-local", "fec0::1"],
  ["ff00::/8 multicast", "ff02::1"],
  ["4000::/3 not yet allocated", "4000::1"],
  ["5f00::/16 segment routing", "5f00::1"],
];

const ALLOWED: Array<[what: string, address: string]> = [
  ["public IPv4", "93.184.216.34"],
  ["public IPv4", "8.8.8.8"],
  ["just outside 172.16.0.0/12", "172.32.0.1"],
  ["just outside 100.64.0.0/10", "100.128.0.1"],
  ["global unicast IPv6", "2606:4700::1111"],
  ["global unicast IPv6", "2a00:1450:4001:82b::200e"],
  ["global unicast IPv6 next to 2001::/23", "2001:200::1"],
  ["IPv4-mapped public", "::ffff:8.8.8.8"],
  ["well-known NAT64 of a public address", "64:ff9b::808:808"],
];

describe("the address guard allows only global unicast", () => {
  it.each(REFUSED)("refuses %s: %s", (_range, address) => {
    expect(isGlobalUnicast(address)).toBe(false);
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(ALLOWED)("allows %s: %s", (_what, address) => {
    expect(isGlobalUnicast(address)).toBe(true);
    expect(isPrivateAddress(address)).toBe(false);
  });

  it("judges names as no address at all (the resolver's answer is what gets checked)", () => {
    expect(isPrivateAddress("metadata.google.internal")).toBe(false);
    expect(isGlobalUnicast("example.com")).toBe(false);
  });
});
