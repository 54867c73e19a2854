import type { TMonitoredBrand } from "@brandwarden/contract/monitored-brands";
import { ZAlertRaise } from "@brandwarden/contract/alerts";
import { describe, expect, it } from "vitest";
import { createBrandRegistry } from "./brand-registry.ts";
import { discoveredAlert } from "./discovered-alert.ts";

const brand = (id: string, name: string): TMonitoredBrand => ({
  user_id: id,
  brand_name: name,
  brand_names: [],
  keywords: [],
  owned_domains: [`${name.toLowerCase()}.com`],
  domain_profiles: [],
});

describe("every user's brand, for the follower", () => {
  it("reloads when due, keeps what it had when a reload fails, and retries soon", async () => {
    const clock = { t: 0, now: () => clock.t };
    let answer: TMonitoredBrand[] | Error = new Error("web app down");
    let loads = 0;
    const reported: string[] = [];
    const registry = createBrandRegistry({
      load: async () => {
        loads++;
        if (answer instanceof Error) throw answer;
        return answer;
      },
      refreshMs: 60_000,
      clock,
      onError: (err) => reported.push((err as Error).message),
    });
    expect(await registry.current()).toBeNull();
    expect(reported).toEqual([]); // the web app may still be starting
    answer = [brand("u1", "Contoso")];
    clock.t += 5_000;
    expect(await registry.current()).toBeNull(); // not due yet
    clock.t += 5_000;
    const first = (await registry.current())!;
    expect(first.index.match("contoso-login.xyz").map((m) => m.brand_id)).toEqual(["u1"]);
    expect(loads).toBe(2);
    answer = new Error("web app down again");
    clock.t += 60_000;
    expect(await registry.current()).toBe(first); // kept
    expect(reported).toEqual(["web app down again"]);
    answer = [brand("u1", "Contoso")];
    clock.t += 60_000;
    expect(await registry.current()).toBe(first); // unchanged: the index is not rebuilt
    answer = [brand("u1", "Contoso"), brand("u2", "Fabrikam")];
    clock.t += 60_000;
    const second = (await registry.current())!;
    expect(second.byUser.get("u2")?.brand_name).toBe("Fabrikam");
    expect(second.index.match("fabrikam-login.xyz").map((m) => m.brand_id)).toEqual(["u2"]);
  });

  it("reports a first load that keeps failing past the start grace", async () => {
    const clock = { t: 0, now: () => clock.t };
    const reported: string[] = [];
    const registry = createBrandRegistry({
      load: () => Promise.reject(new Error("web app unreachable")),
      refreshMs: 60_000,
      clock,
      startGraceMs: 30_000,
      onError: (err) => reported.push((err as Error).message),
    });
    for (; clock.t < 30_000; clock.t += 10_000) expect(await registry.current()).toBeNull();
    expect(reported).toEqual([]);
    expect(await registry.current()).toBeNull();
    expect(reported).toEqual(["web app unreachable"]);
  });
});

describe("the lookalike.discovered alert", () => {
  it("is a valid alert raise, deduplicated per user and name, saying where the certificate was logged", () => {
    const alert = discoveredAlert({
      user_id: "11111111-1111-4111-8111-111111111111",
      domain: "contosopay-refund.xyz",
      rule: "brand",
      term: "contosopay",
      reason: 'label "contosopay-refund" contains the brand "contosopay"',
      finding: { domain: "contosopay-refund.xyz", severity: "high", score: 74 },
      log: { url: "https://ct.example/log/", description: "Example log", kind: "rfc6962" },
      entry: { index: 12345, timestamp: Date.parse("2026-02-01T10:00:00Z"), entry_type: "precert_entry" },
    });
    expect(ZAlertRaise.parse(alert)).toEqual(alert);
    expect(alert).toMatchObject({
      type: "lookalike.discovered",
      subject: "contosopay-refund.xyz",
      severity: "high",
      dedupe_key: "ct:11111111-1111-4111-8111-111111111111:contosopay-refund.xyz",
      data: { entry_index: 12345, log: "Example log", logged_at: "2026-02-01T10:00:00.000Z" },
    });
    expect(alert.reason).toBe(
      'label "contosopay-refund" contains the brand "contosopay". A precertificate for it was logged by Example log at 2026-02-01T10:00:00.000Z.',
    );
  });
});
