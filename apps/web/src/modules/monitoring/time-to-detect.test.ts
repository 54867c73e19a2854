import { describe, expect, it } from "vitest";
import { detectionOf } from "./time-to-detect.ts";
import { applyLook, type Look } from "./tracking.ts";
import type { TrackedRow } from "../../db/rows.ts";

const H = 3_600_000;
const start = new Date("2026-03-01T00:00:00Z");
const at = (h: number) => new Date(start.getTime() + h * H);

const look = (over: Partial<Look> = {}): Look => ({
  userId: "00000000-0000-4000-8000-000000000001",
  kind: "domain",
  name: "acmebank-pay.com",
  source: "watch",
  at: at(10),
  facts: { present: true, reachable: true, live: true, malicious: false },
  evidence: { resolve_status: "registered" },
  changes: [],
  ...over,
});

/** The row an applied look would be once saved. */
const saved = (row: ReturnType<typeof applyLook>["row"]) => row as unknown as TrackedRow;

describe("time to detect of one lookalike", () => {
  it("is first seen minus registered, by the source that saw it first", () => {
    const d = detectionOf(
      { registered_at: at(7), cert_first_seen_at: null, first_seen_at: at(10), discovered_by: "zone" },
      start,
    );
    expect(d).toMatchObject({ time_to_detect_ms: 3 * H, pre_existing: false, first_seen_by: "zone" });
  });

  it("counts a name registered before monitoring began as pre-existing, not as a time", () => {
    const d = detectionOf(
      { registered_at: at(-24 * 400), cert_first_seen_at: null, first_seen_at: at(1), discovered_by: "scan" },
      start,
    );
    expect(d).toMatchObject({ time_to_detect_ms: null, pre_existing: true });
  });

  it("is unknown without a creation date, and never negative", () => {
    expect(
      detectionOf(
        { registered_at: null, cert_first_seen_at: null, first_seen_at: at(1), discovered_by: "ct" },
        start,
      ),
    ).toMatchObject({ time_to_detect_ms: null, pre_existing: false, registered_at: null });
    expect(
      detectionOf(
        { registered_at: at(5), cert_first_seen_at: null, first_seen_at: at(4), discovered_by: "ct" },
        start,
      ).time_to_detect_ms,
    ).toBe(0);
  });
});

describe("a look keeps the dates time-to-detect needs", () => {
  it("takes the creation date when first known and keeps it (a later date is a re-registration)", () => {
    const first = saved(applyLook(null, look({ evidence: { resolve_status: "registered" } })).row);
    expect(first.registered_at).toBeNull();
    const known = saved(
      applyLook(first, look({ at: at(11), evidence: { registration_created: at(7).toISOString() } })).row,
    );
    expect(known.registered_at).toEqual(at(7));
    expect(known.first_seen_at).toEqual(at(10));
    const later = applyLook(
      known,
      look({ at: at(50), evidence: { registration_created: at(40).toISOString() } }),
    );
    expect(later.row.registered_at).toEqual(at(7));
  });

  it("keeps the earliest certificate sighting: the CT entry's logged time or a validity start", () => {
    const ct = saved(
      applyLook(
        null,
        look({ source: "ct", certLoggedAt: at(8), evidence: { tls_not_before: at(9).toISOString() } }),
      ).row,
    );
    expect(ct.cert_first_seen_at).toEqual(at(8));
    expect(ct.discovered_by).toBe("ct");
    const scan = applyLook(ct, look({ source: "scan", evidence: { tls_not_before: at(6).toISOString() } }));
    expect(scan.row.cert_first_seen_at).toEqual(at(6));
    expect(scan.row.discovered_by).toBe("ct");
  });

  it("records zone, NRD and pinned names as first seen by them", () => {
    for (const source of ["zone", "nrd"] as const) {
      const a = applyLook(null, look({ source }));
      expect(a.row.discovered_by).toBe(source);
      expect(a.observation).toMatchObject({ source, event: "first_seen" });
    }
    const pinned = applyLook(null, look({ firstSeenBy: "pinned", firstEvent: "registered" }));
    expect(pinned.row.discovered_by).toBe("pinned");
    expect(pinned.observation?.source).toBe("watch");
  });
});
