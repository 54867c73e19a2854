import { describe, expect, it } from "vitest";
import { createUnresponsiveHosts } from "./unresponsive-hosts.ts";

describe("unresponsive hosts", () => {
  it("skips an address after two timeouts in a row, and tries it again later", () => {
    let t = 0;
    const hosts = createUnresponsiveHosts({ after: 2, forMs: 60_000, now: () => t });
    hosts.record("192.0.2.1", true);
    expect(hosts.skip("192.0.2.1")).toBe(false);
    hosts.record("192.0.2.1", true);
    expect(hosts.skip("192.0.2.1")).toBe(true);
    expect(hosts.skip("192.0.2.2")).toBe(false);
    t = 60_001;
    expect(hosts.skip("192.0.2.1")).toBe(false);
  });

  it("forgets the timeouts once the address answers", () => {
    const hosts = createUnresponsiveHosts({ after: 2, now: () => 0 });
    hosts.record("192.0.2.1", true);
    hosts.record("192.0.2.1", false);
    hosts.record("192.0.2.1", true);
    expect(hosts.skip("192.0.2.1")).toBe(false);
  });
});
