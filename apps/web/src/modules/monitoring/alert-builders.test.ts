import { describe, expect, it } from "vitest";
import { detectedPhrase, registeredAlert } from "./alert-builders.ts";
import type { TrackedRow } from "../../db/rows.ts";

const now = new Date("2026-03-10T12:00:00Z");
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);

const tracked = (over: Partial<TrackedRow> = {}): TrackedRow => ({
  id: "00000000-0000-4000-8000-0000000000aa",
  user_id: "00000000-0000-4000-8000-000000000001",
  kind: "domain",
  name: "acmebankk.com",
  platform: null,
  handle: null,
  state: "live",
  discovered_by: "watch",
  first_seen_at: now,
  registered_at: hoursAgo(3),
  cert_first_seen_at: null,
  last_seen_at: now,
  last_checked_at: now,
  state_changed_at: now,
  last_scan_id: null,
  last_finding_id: null,
  evidence: {
    original_domain: "acmebank.com",
    registration_created: hoursAgo(3).toISOString(),
    login_form: true,
    registrar: "NameSilo, LLC",
  },
  score: 88,
  severity: "critical",
  takedown_requested_at: null,
  down_at: null,
  reemerged_at: null,
  created_at: now,
  updated_at: now,
  ...over,
});

describe("alerts say how fresh a lookalike is and who found it", () => {
  it("a watched registration: registered 3 h ago, found by the watch", () => {
    const a = registeredAlert(tracked(), "round-1", "watchlist", now);
    expect(a.reason).toBe(
      "A watched lookalike of acmebank.com was registered and scores 88 (critical): registered 3 h ago, " +
        "found by the watch; its page asks for a login; registrar NameSilo, LLC.",
    );
  });

  it("a pinned one says so; without a creation date the phrase is left out", () => {
    expect(registeredAlert(tracked(), "round-1", "pinned", now).reason).toContain(
      "registered 3 h ago, found by the watch (pinned)",
    );
    const unknown = registeredAlert(
      tracked({ registered_at: null, evidence: { original_domain: "acmebank.com" } }),
      "round-1",
      "watchlist",
      now,
    );
    expect(unknown.reason).toBe(
      "A watched lookalike of acmebank.com was registered and scores 88 (critical).",
    );
  });

  it("names the zone file, the NRD list and CT", () => {
    expect(detectedPhrase(hoursAgo(52), "zone", now, "com")).toBe(
      "registered 2 d 4 h ago, found in the .com zone file",
    );
    expect(detectedPhrase(hoursAgo(1), "nrd", now)).toBe(
      "registered 1 h ago, found in the newly registered domains list",
    );
    expect(detectedPhrase(hoursAgo(5), "ct", now)).toBe(
      "registered 5 h ago, found by Certificate Transparency",
    );
    expect(detectedPhrase(null, "ct", now)).toBeNull();
  });
});
