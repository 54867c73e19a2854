import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smallScenario, startTestWorld } from "@brandwarden/world/testing/test-world";
import type { World } from "@brandwarden/world/world";
import type { DnsClient } from "../../../ports/dns/dns.port.ts";
import { createDnsClient } from "../../../ports/dns/dns-client.ts";
import { createScreenshotter, ScreenshotUnavailableError } from "./screenshotter.ts";
import { dHash, perceptualSimilarity } from "@brandwarden/platform/images/perceptual-hash";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// These tests need Debian's Chromium (`.ci/run` installs it); without it they fail, never skip.

describe("perceptual hash (pure)", () => {
  const img = (f: (x: number, y: number) => number, w = 64, h = 48) => {
    const d = new Uint8Array(w * h * 4);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const v = f(x, y);
        d.set([v, v, v, 255], (y * w + x) * 4);
      }
    return d;
  };
  it("is stable under small changes and far for different images", () => {
    const a = dHash(
      img((x, y) => (x * 4 + y * 2) % 256),
      64,
      48,
    );
    const b = dHash(
      img((x, y) => Math.min(255, ((x * 4 + y * 2) % 256) + 3)),
      64,
      48,
    );
    const c = dHash(
      img((x, y) => ((x * 37) ^ (y * 91)) & 255),
      64,
      48,
    );
    expect(a).toMatch(/^dhash:[0-9a-f]{16}$/);
    expect(perceptualSimilarity(a, b)).toBeGreaterThan(0.9);
    expect(perceptualSimilarity(a, c)!).toBeLessThan(0.8);
    expect(perceptualSimilarity(a, null)).toBeNull();
  });
});

describe("screenshotter against the world", () => {
  let world: World;
  let dns: DnsClient;
  beforeAll(async () => {
    world = await startTestWorld(smallScenario(), { services: false });
    dns = createDnsClient({ nameservers: [world.env.DNS_NAMESERVERS!] });
  });
  afterAll(async () => {
    await dns?.close();
    await world?.stop();
  });
  const ipOf = (d: string) => world.scenario.lookalikes.find((l) => l.domain === d)?.dns.a ?? world.scenario.brand.owned_domains.find((o) => o.domain === d)!.dns.a; // prettier-ignore

  it("captures a pinned phishing page and the brand page; the clone looks alike", async () => {
    const shots = createScreenshotter({ chromiumPath: CHROMIUM, dns, allowPrivateNetwork: true, userAgent: "bw-test", timeoutMs: 15_000 }); // prettier-ignore
    try {
      const brand = await shots.capture(
        "https://acmebank.com/",
        new Map([["acmebank.com", ipOf("acmebank.com")]]),
      );
      const phish = await shots.capture("https://rewardsacmebank.com/", new Map([["rewardsacmebank.com", ipOf("rewardsacmebank.com")]])); // prettier-ignore
      const parked = await shots.capture(
        "http://aclebank.com/",
        new Map([["aclebank.com", ipOf("aclebank.com")]]),
      );
      expect(brand.png.subarray(1, 4).toString()).toBe("PNG");
      expect(perceptualSimilarity(brand.hash, phish.hash)!).toBeGreaterThan(0.85);
      expect(perceptualSimilarity(brand.hash, parked.hash)!).toBeLessThan(perceptualSimilarity(brand.hash, phish.hash)!); // prettier-ignore
    } finally {
      await shots.close();
    }
  }, 60_000);

  it("the browser does not reach a private address when private networks are refused", async () => {
    const shots = createScreenshotter({ chromiumPath: CHROMIUM, dns, allowPrivateNetwork: false, userAgent: "bw-test", timeoutMs: 8000 }); // prettier-ignore
    try {
      await expect(shots.capture("http://rewardsacmebank.com/", new Map([["rewardsacmebank.com", ipOf("rewardsacmebank.com")]]))).rejects.toThrow(); // prettier-ignore
    } finally {
      await shots.close();
    }
  }, 30_000);

  it("reports Chromium missing as unavailable", async () => {
    const shots = createScreenshotter({ chromiumPath: "/nonexistent/chromium", dns, allowPrivateNetwork: true, userAgent: "x", timeoutMs: 5000 }); // prettier-ignore
    await expect(shots.capture("http://acmebank.com/", new Map())).rejects.toBeInstanceOf(
      ScreenshotUnavailableError,
    );
    await shots.close();
  });
});
