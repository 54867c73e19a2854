import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TAlert } from "@brandwarden/contract/alerts";
import type { TTakedownCase, TTakedownStats } from "@brandwarden/contract/browser/takedown-cases";
import { waitFor } from "@brandwarden/platform/testing/wait-for";
import type { RunningSmtp } from "@brandwarden/world/services/smtp";
import type { browserAgent } from "./browser-agent.ts";
import { reports } from "../src/db/schema.ts";
import { insertDomainFinding } from "./factories.ts";
import { dbVariants, type TestWeb } from "./harness.ts";
import type { StubWorker } from "./stub-worker.ts";
import { answerChecks, answerTakedowns, startTakedownWeb } from "./takedown-harness.ts";

const HOUR_MS = 3600 * 1000;
const plus = (iso: string, ms: number) => new Date(Date.parse(iso) + ms);

// After sending (issue 29): the checks move a case down (how, time-to-down from the sending) and
// back (`reemerged`, the tracked lookalike's alert raised once); a site still up after
// TAKEDOWN_ESCALATE_AFTER escalates once per period (a follow-up answering each desk's first
// message, the report to the registry); the stats give the medians. The checks' clock is the
// one each round is given, so nothing here waits for time to pass.
for (const { variant, status } of await dbVariants()) {
  describe(`takedown checks and escalation on ${variant}`, () => {
    let t: TestWeb;
    let worker: StubWorker;
    let smtp: RunningSmtp;
    let owner: ReturnType<typeof browserAgent>;
    let userId: string;
    let scanId: string;
    const caseOf = (id: string) => h.caseOf(id);
    const alerts = async (type: string) =>
      ((await owner.get("/alerts")).json().alerts as TAlert[]).filter((a) => a.type === type);
    const runChecks = (now: Date) => t.container.services.takedownChecks.runDue(now);

    /** Opens a case for a new lookalike, waits for its evidence, sends it and waits until it is sent. */
    async function sentCase(domain: string) {
      const f = await insertDomainFinding(t.db, scanId, userId, {
        domain,
        registrar: "NameSilo, LLC",
        registrar_abuse_email: "abuse@namesilo.example",
        resolve_status: "registered",
        http_status: 200,
      });
      const id = ((await owner.post("/takedowns/cases", { finding_id: f.id })).json() as TTakedownCase)
        .case_id;
      await waitFor(async () => (await caseOf(id)).evidence.status === "ready", "the evidence pack", 30_000);
      expect((await owner.post(`/takedowns/cases/${id}/send`, {})).statusCode).toBe(202);
      await waitFor(async () => (await caseOf(id)).state === "sent", "the case sent", 30_000);
      // The owner hears of it (and Slack/Teams with them): once, linking to the case.
      const sentAlerts = (await alerts("takedown.sent")).filter((a) => a.subject === domain);
      expect(sentAlerts).toHaveLength(1);
      expect(sentAlerts[0]).toMatchObject({ link: `/takedowns/${id}` });
      expect(sentAlerts[0]!.reason).toContain("abuse@namesilo.example");
      const lookalike = async () => (await owner.get(`/findings/${f.id}`)).json().lookalike?.state;
      await waitFor(
        async () => (await lookalike()) === "takedown_requested",
        "the lookalike followed",
        30_000,
      );
      return { c: await caseOf(id), lookalike };
    }

    let h: Awaited<ReturnType<typeof startTakedownWeb>>;
    beforeAll(async () => {
      status?.assertAvailable();
      h = await startTakedownWeb(variant, { env: { TAKEDOWN_ESCALATE_AFTER: "48h" } });
      ({ t, worker, owner, userId, scanId } = h);
      smtp = h.smtp!;
      answerTakedowns(worker, "acmebank-login.com");
    });
    afterAll(async () => {
      await h?.close();
    });

    it("a site that goes down ends the case with time-to-down; back up, it re-emerges and alerts once", async () => {
      const { c, lookalike } = await sentCase("acmebank-down.com");
      const downAt = plus(c.first_sent_at!, HOUR_MS);
      answerChecks(worker, [{ case_id: c.case_id, up: false, how: "nxdomain", detail: "NXDOMAIN", checked_at: downAt.toISOString() }]); // prettier-ignore
      await runChecks(downAt);
      const down = await caseOf(c.case_id);
      expect(down).toMatchObject({ state: "down", down_how: "nxdomain", time_to_down_s: 3600 });
      expect(down.down_at).toBe(downAt.toISOString());
      expect(down.timeline.at(-1)).toMatchObject({
        event: "down",
        detail: expect.stringContaining("NXDOMAIN"),
      });
      await waitFor(async () => (await lookalike()) === "down", "the lookalike down", 30_000);
      await waitFor(async () => (await alerts("lookalike.down")).length === 1, "the down alert", 30_000);

      const backAt = plus(c.first_sent_at!, 5 * HOUR_MS);
      answerChecks(worker, [
        { case_id: c.case_id, up: true, detail: "HTTP 200", checked_at: backAt.toISOString() },
      ]);
      await runChecks(backAt);
      expect((await caseOf(c.case_id)).state).toBe("reemerged");
      await waitFor(async () => (await lookalike()) === "reemerged", "the lookalike back", 30_000);
      await runChecks(backAt);
      await waitFor(
        async () => (await alerts("lookalike.reemerged")).length === 1,
        "the reemerged alert",
        30_000,
      );
      expect(await alerts("lookalike.reemerged")).toHaveLength(1);
      expect((await caseOf(c.case_id)).timeline.filter((e) => e.event === "reemerged")).toHaveLength(1);
    });

    it("a site still up after the period escalates once per period: follow-ups and the registry", async () => {
      const { c } = await sentCase("acmebank-stubborn.com");
      const check = (at: Date) =>
        answerChecks(worker, [
          { case_id: c.case_id, up: true, detail: "HTTP 200", checked_at: at.toISOString() },
        ]);
      const early = plus(c.first_sent_at!, 47 * HOUR_MS);
      check(early);
      await runChecks(early);
      expect((await caseOf(c.case_id)).state).toBe("sent");

      const due = plus(c.first_sent_at!, 49 * HOUR_MS);
      check(due);
      await runChecks(due);
      const escalated = await caseOf(c.case_id);
      expect(escalated.state).toBe("escalated");
      expect(escalated.escalations).toHaveLength(1);
      const [first] = escalated.escalations;
      expect(first!.level).toBe(1);
      expect(first!.to.map((x) => x.role).sort()).toEqual(["hosting", "registrar", "registry"]);
      expect(first!.message_ids).toHaveLength(3);
      for (const r of escalated.recipients) {
        const followUp = smtp.messages().find((m) => m.headers["in-reply-to"] === r.message_id)!;
        expect(followUp.subject).toMatch(/^Follow-up: /);
        expect(followUp.headers.references).toBe(r.message_id);
        expect(followUp.to).toEqual([r.address]);
      }
      const registry = smtp.messages().filter((m) => m.to.includes("abuse@registry.example"));
      expect(registry).toHaveLength(1);
      expect(registry[0]!.subject).toMatch(/^Escalation: /);
      expect(registry[0]!.attachments).toHaveLength(3);

      await runChecks(plus(c.first_sent_at!, 50 * HOUR_MS));
      expect((await caseOf(c.case_id)).escalations).toHaveLength(1);
      const next = plus(c.first_sent_at!, 97 * HOUR_MS);
      check(next);
      await runChecks(next);
      const again = await caseOf(c.case_id);
      expect(again.escalations.map((e) => e.level)).toEqual([1, 2]);
      expect(again.timeline.filter((e) => e.event === "escalated")).toHaveLength(2);
      // One `takedown.escalated` alert per escalation, each linking to the case.
      const raised = (await alerts("takedown.escalated")).filter(
        (a) => a.subject === "acmebank-stubborn.com",
      );
      expect(raised.map((a) => a.data.level).sort()).toEqual([1, 2]);
      expect(raised.every((a) => a.link === `/takedowns/${c.case_id}`)).toBe(true);
    });

    it("a case that moves makes the latest scan's reports again, so they show it", async () => {
      const old = Buffer.from("%PDF-1.4 before the case");
      const key = await t.container.infra.blobs.put(old);
      await t.db
        .insert(reports)
        .values({ scan_id: scanId, status: "ready", full_key: key, summary_key: key });
      const fresh = Buffer.from("%PDF-1.4 with the takedown section");
      worker.answer("/report/generate", 200, {
        full: fresh.toString("base64"),
        summary: fresh.toString("base64"),
      });
      await sentCase("acmebank-reported.com");
      const pdf = async () => (await owner.get(`/reports/${scanId}`)).rawPayload;
      await waitFor(async () => (await pdf()).equals(fresh), "the report made again", 30_000);
      expect(worker.calls.filter((c) => c.path === "/report/generate").length).toBeGreaterThanOrEqual(1);
    });

    it("the stats count the cases by state and give the medians per desk", async () => {
      const stats = (await owner.get("/takedowns/stats")).json() as TTakedownStats;
      expect(stats).toMatchObject({
        open: 0,
        sent: 1,
        escalated: 1,
        down: 0,
        reemerged: 1,
        median_time_to_down_s: 3600,
        down_within_24h_share: 1 / 3,
      });
      expect(stats.by_recipient).toEqual(
        expect.arrayContaining([
          {
            organisation: "NameSilo, LLC",
            role: "registrar",
            cases: 3,
            down: 1,
            median_time_to_down_s: 3600,
          },
        ]),
      );
    });
  });
}
