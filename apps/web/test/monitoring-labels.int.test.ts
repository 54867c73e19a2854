import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TDomainFindingInitial } from "@brandwarden/contract/findings";
import { browserAgent } from "./browser-agent.ts";
import { insertScan, parkedFindingInitial, reportCompletedScan } from "./factories.ts";
import { dbVariants, startTestWeb, type TestWeb } from "./harness.ts";

type Item = TDomainFindingInitial;
const site = parkedFindingInitial;
const liveOver: Partial<Item> = {
  page_title: "Acme Bank news",
  parked: false,
  score: 50,
  severity: "medium",
};
// A credential form on a copy of the brand's page: malicious on hard evidence, whatever the label.
const phishingOver: Partial<Item> = {
  page_title: "Acme Bank - Sign in",
  login_form: true,
  password_form: true,
  parked: false,
  html_similarity: 0.9,
  score: 85,
  severity: "critical",
};

interface Timeline {
  lookalike: { id: string; state: string };
  timeline: Array<{
    event: string;
    source: string;
    state: string;
    finding_id: string | null;
    note: string | null;
  }>;
}

// Issue 21: a lookalike is `malicious` once an analyst confirms it, and an analyst confirms it by
// labelling its finding `confirmed` (triage page, findings table) as much as on its own page.
for (const { variant, status } of await dbVariants()) {
  describe(`labels move tracked lookalikes on ${variant}`, () => {
    let t: TestWeb;
    let owner: ReturnType<typeof browserAgent>;
    let userId: string;
    const findings = new Map<string, string>(); // domain (or x:handle) -> finding id of the first scan

    /** A scan as the worker reports it: its findings, then its completion. */
    async function scan(domains: Item[], handles: string[] = []) {
      const s = await insertScan(t.db, userId, { status: "running" });
      await reportCompletedScan(
        t.container.consumer,
        s.id,
        domains,
        handles.map((handle) => ({ platform: "x", handle, status: "found" })),
      );
      return s.id;
    }
    /** Both scans see the same world: only the analyst's labels change between them. */
    const scanTheWorld = () =>
      scan(
        [
          site("acmebank-parked.com"),
          site("acmebank-news.com", liveOver),
          site("acmebank-other.com"),
          site("acmebank-secure.com", phishingOver),
          site("acmebank-sent.com", liveOver),
        ],
        ["acmebank_help"],
      );
    const pageOf = async (findingId: string, kind = "domain") =>
      (await owner.get(`/findings/${findingId}?kind=${kind}`)).json() as Timeline;
    const label = (
      kind: "domain" | "social",
      ids: string[],
      value: "confirmed" | "benign",
      reason?: string,
    ) =>
      ids.length === 1
        ? owner.post("/triage/feedback", { kind, finding_id: ids[0], label: value, reason })
        : owner.post("/triage/bulk_feedback", { kind, finding_ids: ids, label: value, reason });

    beforeAll(async () => {
      status?.assertAvailable();
      t = await startTestWeb(variant, {}, { consume: true });
      owner = browserAgent(t.app);
      userId = (await owner.signup(`labels-${randomUUID()}@example.com`)).id;
      const first = await scanTheWorld();
      const rows = (await owner.get(`/dashboard/findings?scan_id=${first}`)).json().findings;
      for (const r of rows as Array<{ id: string; domain: string }>) findings.set(r.domain, r.id);
      const social = (await owner.get(`/dashboard/social_findings?scan_id=${first}`)).json().findings;
      for (const r of social as Array<{ id: string; handle: string }>) findings.set(`x:${r.handle}`, r.id);
    });
    afterAll(async () => {
      await t?.close();
    });

    it("a finding labelled confirmed makes its lookalike malicious at once, on its timeline", async () => {
      const id = findings.get("acmebank-parked.com")!;
      expect((await pageOf(id)).lookalike.state).toBe("registered");
      expect((await label("domain", [id], "confirmed", "login clone seen by hand")).statusCode).toBe(200);
      const page = await pageOf(id);
      expect(page.lookalike.state).toBe("malicious");
      expect(page.timeline[0]).toMatchObject({
        event: "confirmed_malicious",
        source: "analyst",
        state: "malicious",
        finding_id: id,
        note: "login clone seen by hand",
      });
      expect((await owner.get("/lookalikes?state=malicious")).json().lookalikes).toEqual(
        expect.arrayContaining([expect.objectContaining({ name: "acmebank-parked.com" })]),
      );
      // Labelled again: nothing new happened, so nothing new on the timeline.
      await label("domain", [id], "confirmed");
      expect((await pageOf(id)).timeline).toHaveLength(page.timeline.length);
    });

    it("a bulk label confirms every lookalike it names, domains and social accounts alike", async () => {
      const ids = [findings.get("acmebank-news.com")!, findings.get("acmebank-other.com")!];
      expect((await label("domain", ids, "confirmed")).json()).toMatchObject({ labeled: 2 });
      for (const id of ids) {
        const page = await pageOf(id);
        expect(page.lookalike.state).toBe("malicious");
        expect(page.timeline[0]).toMatchObject({
          event: "confirmed_malicious",
          note: "confirmed by an analyst",
        });
      }
      const handle = findings.get("x:acmebank_help")!;
      expect((await pageOf(handle, "social")).lookalike.state).toBe("live");
      await label("social", [handle], "confirmed");
      expect((await pageOf(handle, "social")).lookalike.state).toBe("malicious");
    });

    it("a takedown in progress stays so, with the confirmation on its timeline", async () => {
      const id = findings.get("acmebank-sent.com")!;
      // Its takedown case went out (sending moves the lookalike as the service does here).
      await t.container.services.monitoring.lookalikes.takedownSent(userId, id, null);
      await label("domain", [id], "confirmed");
      const page = await pageOf(id);
      expect(page.lookalike.state).toBe("takedown_requested");
      expect(page.timeline.map((e) => e.event).slice(0, 2)).toEqual([
        "confirmed_malicious",
        "takedown_requested",
      ]);
    });

    it("relabelled benign, a lookalike goes back to what its evidence says, unless the evidence proves it malicious", async () => {
      const parked = findings.get("acmebank-parked.com")!;
      await label("domain", [parked], "benign");
      const page = await pageOf(parked);
      expect(page.lookalike.state).toBe("registered");
      expect(page.timeline[0]).toMatchObject({
        event: "state_changed",
        source: "analyst",
        state: "registered",
        note: "labelled benign by an analyst",
      });
      const live = findings.get("acmebank-news.com")!;
      await label("domain", [live], "benign", "our own news site");
      expect((await pageOf(live)).lookalike.state).toBe("live");
      expect((await pageOf(live)).timeline[0]).toMatchObject({
        event: "state_changed",
        note: "our own news site",
      });

      // A credential form on a clone of the brand's page: still malicious, and nothing moved.
      const phishing = findings.get("acmebank-secure.com")!;
      const before = await pageOf(phishing);
      expect(before.lookalike.state).toBe("malicious");
      await label("domain", [phishing], "benign");
      const after = await pageOf(phishing);
      expect(after.lookalike).toEqual(before.lookalike);
      expect(after.timeline).toEqual(before.timeline);
    });

    it("the next scan agrees with the labels: confirmed stays malicious, withdrawn stays as it is", async () => {
      const second = await scanTheWorld();
      const states = new Map(
        ((await owner.get("/lookalikes")).json().lookalikes as Array<{ name: string; state: string }>).map(
          (l) => [l.name, l.state],
        ),
      );
      expect(Object.fromEntries(states)).toEqual({
        "acmebank-parked.com": "registered",
        "acmebank-news.com": "live",
        "acmebank-other.com": "malicious",
        "acmebank-secure.com": "malicious",
        "acmebank-sent.com": "takedown_requested",
        "x:acmebank_help": "malicious",
      });
      expect((await owner.get(`/dashboard/changes?scan_id=${second}`)).json().counts).toMatchObject({
        unchanged: 5,
      });
    });

    it("another user's finding is not theirs to label, and its lookalike does not move", async () => {
      const other = browserAgent(t.app);
      await other.signup(`labels-other-${randomUUID()}@example.com`);
      const id = findings.get("acmebank-parked.com")!;
      const res = await other.post("/triage/feedback", {
        kind: "domain",
        finding_id: id,
        label: "confirmed",
      });
      expect(res.statusCode).toBe(404);
      expect((await pageOf(id)).lookalike.state).toBe("registered");
    });
  });
}
