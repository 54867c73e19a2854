import { describe, expect, it } from "vitest";
import { severityForScore } from "./common.ts";
import { DOMAIN_SIGNALS } from "./signals.ts";
import { ZAuditConfig, DEFAULT_AUDIT_CONFIG } from "./settings.ts";
import { ZEventMessage } from "./events.ts";
import { ZScanStartPayload } from "./scan.ts";

describe("contract decisions", () => {
  it("bands scores into severities at 20/40/60/80", () => {
    expect([0, 19.9, 20, 39, 40, 59, 60, 79, 80, 100].map(severityForScore)).toEqual([
      "info",
      "info",
      "low",
      "low",
      "medium",
      "medium",
      "high",
      "high",
      "critical",
      "critical",
    ]);
  });

  it("names exactly 29 domain signals", () => {
    expect(Object.keys(DOMAIN_SIGNALS)).toHaveLength(29);
  });

  it("accepts the default audit configuration and rejects inverted or out-of-range adjustments", () => {
    expect(ZAuditConfig.safeParse(DEFAULT_AUDIT_CONFIG).success).toBe(true);
    expect(ZAuditConfig.safeParse({ threshold: "high", adjustment_min: 5, adjustment_max: 10 }).success).toBe(
      false,
    );
    expect(
      ZAuditConfig.safeParse({ threshold: "high", adjustment_min: -80, adjustment_max: 10 }).success,
    ).toBe(false);
    expect(
      ZAuditConfig.safeParse({ threshold: "severe", adjustment_min: -5, adjustment_max: 10 }).success,
    ).toBe(false);
  });

  it("validates event envelopes by kind", () => {
    const ok = ZEventMessage.safeParse({
      v: 1,
      kind: "log",
      scan_id: "4b0e8a51-1e5c-4a53-9f35-3b8a0b8f2f11",
      seq: 3,
      ts: "2026-11-22T03:00:00.000Z",
      data: { level: "warn", message: "feed down" },
    });
    expect(ok.success).toBe(true);
    const wrongData = ZEventMessage.safeParse({
      v: 1,
      kind: "scan_update",
      seq: 1,
      ts: "2026-11-22T03:00:00.000Z",
      data: { level: "warn", message: "not a scan update" },
    });
    expect(wrongData.success).toBe(false);
  });

  it("normalises keywords and domains in the scan start payload", () => {
    const parsed = ZScanStartPayload.parse({
      scan_id: "4b0e8a51-1e5c-4a53-9f35-3b8a0b8f2f11",
      user_id: "5b0e8a51-1e5c-4a53-9f35-3b8a0b8f2f11",
      brand_name: "Acme Bank",
      keywords: [" Login "],
      owned_domains: ["AcmeBank.com"],
      social_handles: [{ platform: "x", handle: "acmebank" }],
      logo_url: null,
      domain_profiles: [],
      resume_from_stage: null,
    });
    expect(parsed.keywords).toEqual(["login"]);
    expect(parsed.owned_domains).toEqual(["acmebank.com"]);
    expect(ZScanStartPayload.safeParse({ ...parsed, owned_domains: ["not a domain"] }).success).toBe(false);
  });
});
