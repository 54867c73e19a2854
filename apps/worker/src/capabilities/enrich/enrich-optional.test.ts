import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smallScenario, startTestWorld } from "@brandwarden/world/testing/test-world";
import type { World } from "@brandwarden/world/world";
import { createEnricher } from "../../wiring/enricher.ts";
import { resetWarnings } from "./optional.ts";
import { probeSmtp } from "./smtp-probe.ts";
import { brandContext, resolvedOf, worldEnrichConfig } from "../../../test/enrich-world.ts";
import type { BrandContext } from "../brand/brand-context.ts";

// The optional sources: screenshots (Chromium), the SMTP probe, intelligence clients.

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// These tests need Debian's Chromium (`.ci/run` installs it); without it they fail, never skip.

let world: World;
let brand: BrandContext;

beforeAll(async () => {
  world = await startTestWorld(smallScenario(), { services: { basePort: 0 } });
  brand = brandContext(world);
});
afterAll(() => world?.stop());

function warnings() {
  const seen: string[] = [];
  const logger = {
    warn: (o: { code?: string }) => void seen.push(String(o?.code)),
    info() {},
    error() {},
    debug() {},
  };
  return { logger: logger as never, seen };
}

describe("screenshots", () => {
  it("captures the lookalike pinned to the scan's address and compares it with the brand's", async () => {
    const e = createEnricher(worldEnrichConfig(world, { SCREENSHOTS: "true", CHROMIUM_PATH: CHROMIUM, HTTP_TIMEOUT_MS: "10000" })); // prettier-ignore
    try {
      const owned = await e.profileOwnedDomain("acmebank.com");
      expect(owned.screenshot_hash).toMatch(/^dhash:/);
      const b = { ...brand, profiles: [owned] };
      const r = await e.enrichLookalike("rewardsacmebank.com", resolvedOf(world, "rewardsacmebank.com"), b);
      expect(r.provenance.screenshot).toMatchObject({ status: "ok", source: "chromium" });
      expect(Buffer.from(r.fields.screenshot_png!, "base64").subarray(1, 4).toString()).toBe("PNG");
      expect(r.fields.screenshot_similarity!).toBeGreaterThan(0.85);
      const parked = await e.enrichLookalike("aclebank.com", resolvedOf(world, "aclebank.com"), b);
      expect(parked.fields.screenshot_similarity!).toBeLessThan(r.fields.screenshot_similarity!);
    } finally {
      await e.close();
    }
  }, 60_000);

  it("degrades when Chromium is missing: unavailable, one warning, the rest of the finding intact", async () => {
    resetWarnings();
    const { logger, seen } = warnings();
    const e = createEnricher(worldEnrichConfig(world, { SCREENSHOTS: "true", CHROMIUM_PATH: "/nonexistent/chromium" }), { logger }); // prettier-ignore
    try {
      const r1 = await e.enrichLookalike(
        "rewardsacmebank.com",
        resolvedOf(world, "rewardsacmebank.com"),
        brand,
      );
      const r2 = await e.enrichLookalike("acmebankr.io", resolvedOf(world, "acmebankr.io"), brand);
      expect(r1.provenance.screenshot).toMatchObject({ status: "unavailable" });
      expect(r1.provenance.screenshot!.error).toMatch(/Chromium not found/);
      expect(r1.fields.screenshot_hash ?? null).toBeNull();
      expect(r1.fields.http_status).toBe(200);
      expect(r1.attempts).toBe(1);
      expect(r2.provenance.screenshot).toMatchObject({ status: "unavailable" });
      expect(seen.filter((c) => c === "screenshot_unavailable")).toHaveLength(1);
    } finally {
      await e.close();
    }
  });
});

describe("SMTP probe", () => {
  const sink = () => new URL(world.env.SMTP_URL!);

  it("walks EHLO/MAIL/RCPT without DATA and sees the MX accept the brand's recipients", async () => {
    const before = (await world.services!.smtpSink.messages()).length;
    const r = await probeSmtp("acmebank-login.example", [sink().hostname], { dns: null as never, allowPrivateNetwork: true, timeoutMs: 5000, port: Number(sink().port) }); // prettier-ignore
    expect(r.accepts).toBe(true);
    expect(r.transcript.some((l) => l.startsWith("C: RCPT TO:<ceo@acmebank-login.example>"))).toBe(true);
    expect(r.transcript.some((l) => /^C: DATA/.test(l))).toBe(false);
    expect((await world.services!.smtpSink.messages()).length).toBe(before);
  });

  it("refuses a private MX address when private networks are not allowed", async () => {
    await expect(probeSmtp("x.example", [sink().hostname], { dns: null as never, allowPrivateNetwork: false, timeoutMs: 2000, port: Number(sink().port) })).rejects.toThrow(/Refusing/); // prettier-ignore
  });

  it("is opt-in in the enrichment run and fills mx_accepts_mail when on", async () => {
    const domain = world.scenario.lookalikes.find(
      (l) => l.dns.mx.length && l.dns.a.length && !l.dns.fault,
    )!.domain;
    const off = createEnricher(worldEnrichConfig(world));
    const on = createEnricher(worldEnrichConfig(world, { SMTP_PROBE: "true" }), {
      smtpPort: Number(sink().port),
    });
    try {
      const resolved = { ...resolvedOf(world, domain), mx: [sink().hostname] };
      const a = await off.enrichLookalike(domain, resolved, brand);
      expect(a.provenance.smtp).toMatchObject({ status: "unavailable" });
      expect(a.fields.mx_accepts_mail ?? null).toBeNull();
      const b = await on.enrichLookalike(domain, resolved, brand);
      expect(b.provenance.smtp).toMatchObject({ status: "ok" });
      expect(b.fields.mx_accepts_mail).toBe(true);
    } finally {
      await Promise.all([off.close(), on.close()]);
    }
  });
});

describe("intelligence clients", () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url?.startsWith("/vt/domains/") && req.headers["x-apikey"] === "vt-key") {
        res.writeHead(200, { "content-type": "application/json" });
        return res.end(JSON.stringify({ data: { attributes: { last_analysis_stats: { malicious: 4, suspicious: 1, harmless: 60 } } } })); // prettier-ignore
      }
      res.writeHead(503).end();
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("uses a client only when its key is set, and reports a failing one as unavailable", async () => {
    const e = createEnricher(worldEnrichConfig(world, { VIRUSTOTAL_API_KEY: "vt-key", VIRUSTOTAL_BASE_URL: `${base}/vt/`, ABUSEIPDB_API_KEY: "k", ABUSEIPDB_BASE_URL: `${base}/abuse/` })); // prettier-ignore
    try {
      const r = await e.enrichLookalike(
        "rewardsacmebank.com",
        resolvedOf(world, "rewardsacmebank.com"),
        brand,
      );
      const intel = r.provenance.intel as Record<string, { status: string; data?: unknown; error?: string }>;
      expect(intel.virustotal).toMatchObject({ status: "ok", data: { malicious: 4 } });
      expect(intel.abuseipdb).toMatchObject({ status: "unavailable" });
      expect(intel.abuseipdb!.error).toMatch(/503/);
      expect(intel.shodan).toMatchObject({ status: "unavailable", error: "not configured" });
      expect(r.fields.http_status).toBe(200); // the scan goes on
    } finally {
      await e.close();
    }
  });
});
