import { describe, expect, it } from "vitest";
import type { ScanRow } from "../../db/rows.ts";
import { buildWebhookPayload } from "./webhook-payload.ts";

// Issue 26: the webhook's scan carries the social platforms the scan could not check, as the
// dashboard and the report do; a scan that checked them all says nothing more.

const scan = (social_coverage: ScanRow["social_coverage"]): ScanRow =>
  ({
    id: "6c1f7f4e-4a8e-4c36-9d0a-1b2c3d4e5f60",
    user_id: "7d2e8a5f-5b9f-4d47-8e1b-2c3d4e5f6071",
    status: "completed",
    stage_states: {},
    error: null,
    social_coverage,
    created_at: new Date("2026-01-01T00:00:00Z"),
    completed_at: new Date("2026-01-01T01:00:00Z"),
  }) as ScanRow;

const payload = (s: ScanRow) =>
  buildWebhookPayload({
    event: "scan.completed",
    scan: s,
    findings: [],
    socialFindings: [],
    campaigns: [],
    pdfs: null,
    snapshot: { url: "https://app.example/webhooks/snapshot?t=x", expires_at: "2026-01-08T00:00:00Z", page_size: 500 }, // prettier-ignore
  });

describe("webhook payload: social coverage", () => {
  it("names each platform that could not be checked, with why", () => {
    const coverage = [{ platform: "linkedin" as const, reason: "login_wall" as const, detail: "40 login wall (e.g. linkedin 999)", probes: 40 }]; // prettier-ignore
    expect(payload(scan(coverage)).data.scan).toMatchObject({ social_coverage: coverage });
    expect(payload(scan(null)).data.scan).not.toHaveProperty("social_coverage");
  });
});
