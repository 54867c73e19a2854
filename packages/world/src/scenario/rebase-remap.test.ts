import { describe, expect, it } from "vitest";
import { smallScenario } from "../../testing/test-world.ts";
import { rebaseScenario } from "./rebase.ts";
import { remapScenario } from "./remap.ts";

describe("rebaseScenario", () => {
  it("moves every domain date by now - anchor and keeps the intervals", () => {
    const s = smallScenario({ lookalikes: 10 });
    const now = new Date("2030-03-04T05:06:07.000Z");
    const r = rebaseScenario(s, now);
    const delta = now.getTime() - Date.parse(s.anchor);
    expect(r.anchor).toBe(now.toISOString());
    s.lookalikes.forEach((l, i) => {
      const m = r.lookalikes[i]!;
      expect(Date.parse(m.registration.created) - Date.parse(l.registration.created)).toBe(delta);
      expect(Date.parse(m.registration.expires) - Date.parse(l.registration.expires)).toBe(delta);
      if (l.tls) expect(Date.parse(m.tls!.not_after) - Date.parse(l.tls.not_after)).toBe(delta);
    });
  });
});

describe("remapScenario", () => {
  it("moves every hosting address and network to another 127.N/16", () => {
    const s = smallScenario({ lookalikes: 10 });
    const r = remapScenario(s, "127.142");
    const ips = [...r.lookalikes.flatMap((l) => l.dns.a), ...r.hosts.flatMap((h) => h.a)];
    expect(ips.every((ip) => ip.startsWith("127.142."))).toBe(true);
    expect(r.networks.every((n) => n.cidr.startsWith("127.142.") && n.handle.includes("127-142-"))).toBe(
      true,
    );
    expect(r.lookalikes.map((l) => l.dns.a[0]?.split(".").slice(2))).toEqual(
      s.lookalikes.map((l) => l.dns.a[0]?.split(".").slice(2)),
    );
    expect(() => remapScenario(s, "10.1")).toThrow(/127\.N/);
  });
});
