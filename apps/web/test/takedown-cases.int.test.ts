import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { TTakedownCase } from "@brandwarden/contract/browser/takedown-cases";
import { waitFor } from "@brandwarden/platform/testing/wait-for";
import type { RunningSmtp } from "@brandwarden/world/services/smtp";
import { takedownCases } from "../src/db/schema.ts";
import { browserAgent } from "./browser-agent.ts";
import { insertDomainFinding, insertScan, insertUser } from "./factories.ts";
import { auth, dbVariants, startTestWeb, type TestWeb } from "./harness.ts";
import { startStubWorker, type StubWorker } from "./stub-worker.ts";
import { answerTakedowns, startTakedownWeb, attachmentOf, sha256 } from "./takedown-harness.ts";

// Takedown cases, from opening to sending (issue 29): one case per lookalike (also when opened
// twice at once), 404 for other users' and unknown findings, the evidence pack stored and
// served, the report e-mailed once per desk with its own Message-ID and three attachments, the
// reasons a case cannot be sent, and the per-user message limit.
for (const { variant, status } of await dbVariants()) {
  describe(`takedown cases on ${variant}`, () => {
    let t: TestWeb;
    let worker: StubWorker;
    let smtp: RunningSmtp;
    let owner: ReturnType<typeof browserAgent>;
    let userId: string;
    let scanId: string;
    const finding = async (domain: string, over: Record<string, unknown> = {}) =>
      insertDomainFinding(t.db, scanId, userId, {
        domain,
        registrar: "NameSilo, LLC",
        registrar_abuse_email: "abuse@namesilo.example",
        hosting_abuse_email: "abuse@host.example",
        asn_org: "Example Hosting",
        dns_a: ["203.0.113.20"],
        resolve_status: "registered",
        http_status: 200,
        login_form: true,
        password_form: true,
        ...over,
      });
    const caseOf = (id: string) => h.caseOf(id);
    const ready = (id: string) => h.ready(id);

    let h: Awaited<ReturnType<typeof startTakedownWeb>>;
    beforeAll(async () => {
      status?.assertAvailable();
      h = await startTakedownWeb(variant, { env: { TAKEDOWN_SEND_LIMIT: "4" } });
      ({ t, worker, owner, userId, scanId } = h);
      smtp = h.smtp!;
      answerTakedowns(worker, "acmebank-login.com");
    });
    afterAll(async () => {
      await h?.close();
    });

    it("opens one case per lookalike: 201, then 200 with the same case, also when opened at once", async () => {
      const f = await finding("acmebank-login.com");
      const first = await owner.post("/takedowns/cases", { finding_id: f.id });
      expect(first.statusCode).toBe(201);
      const opened = first.json() as TTakedownCase;
      expect(opened).toMatchObject({
        finding_id: f.id,
        domain: "acmebank-login.com",
        state: "open",
        draft: { subject: "Phishing site acmebank-login.com" },
        sending: { available: true, reason: null },
        link: `/takedowns/${opened.case_id}`,
      });
      expect(opened.recipients.map((r) => [r.role, r.address, r.source])).toEqual([
        ["registrar", "abuse@namesilo.example", "rdap"],
        ["hosting", "abuse@host.example", "rdap"],
      ]);
      const again = await owner.post("/takedowns/cases", { finding_id: f.id });
      expect([again.statusCode, again.json().case_id]).toEqual([200, opened.case_id]);

      const g = await finding("acmebank-secure.com");
      const answers = await Promise.all(
        [1, 2, 3, 4].map(() => owner.post("/takedowns/cases", { finding_id: g.id })),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 201]);
      expect(new Set(answers.map((a) => a.json().case_id)).size).toBe(1);
      const rows = await t.db
        .select()
        .from(takedownCases)
        .where(eq(takedownCases.target, "acmebank-secure.com"));
      expect(rows).toHaveLength(1);
    });

    it("another user's finding and an unknown one are 404; so is another user's case", async () => {
      const other = await insertUser(t.db);
      const otherScan = await insertScan(t.db, other.id);
      const theirs = await insertDomainFinding(t.db, otherScan.id, other.id, { domain: "acme-theirs.com" });
      expect((await owner.post("/takedowns/cases", { finding_id: theirs.id })).statusCode).toBe(404);
      expect((await owner.post("/takedowns/cases", { finding_id: randomUUID() })).statusCode).toBe(404);
      expect((await owner.post("/takedowns/cases/bulk", { finding_ids: [theirs.id] })).statusCode).toBe(404);
      const stranger = browserAgent(t.app);
      await stranger.signup(`stranger-${randomUUID()}@example.com`);
      const mine = (await owner.get("/takedowns/cases")).json().cases[0] as TTakedownCase;
      expect((await stranger.get(`/takedowns/cases/${mine.case_id}`)).statusCode).toBe(404);
      expect((await stranger.get(`/takedowns/cases/${mine.case_id}/evidence`)).statusCode).toBe(404);
    });

    it("stores the evidence pack and serves the WARC with the SHA-256 the case records", async () => {
      const [c] = (await owner.get("/takedowns/cases?page=1")).json().cases as TTakedownCase[];
      const done = await ready(c!.case_id);
      expect(done.evidence).toMatchObject({ status: "ready", live: true, screenshot: true, error: null });
      expect(done.escalation_contacts).toEqual([expect.objectContaining({ role: "registry" })]);
      expect(done.timeline.map((e) => e.event)).toEqual(["opened", "evidence_captured"]);
      const res = await owner.get(done.evidence.url!);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/warc");
      expect(res.headers["content-disposition"]).toBe(
        `attachment; filename="${done.domain}-${done.case_id}.warc.gz"`,
      );
      expect(sha256(res.rawPayload)).toBe(done.evidence.sha256);
      expect(res.rawPayload.length).toBe(done.evidence.size);
    });

    it("e-mails each recipient its own message with the screenshot, the WARC and the X-ARF report", async () => {
      const f = await finding("acmebank-verify.com");
      const opened = (await owner.post("/takedowns/cases", { finding_id: f.id })).json() as TTakedownCase;
      const c = await ready(opened.case_id);
      const res = await owner.post(`/takedowns/cases/${c.case_id}/send`, {});
      expect(res.statusCode).toBe(202);
      await waitFor(async () => (await caseOf(c.case_id)).state === "sent", "the case sent", 30_000);
      const sent = await caseOf(c.case_id);
      expect(sent.first_sent_at).not.toBeNull();
      expect(sent.recipients.every((r) => r.state === "sent" && r.sent_at)).toBe(true);
      const ids = sent.recipients.map((r) => r.message_id!);
      expect(new Set(ids).size).toBe(2);
      for (const r of sent.recipients) {
        expect(r.message_id).toMatch(/^<[0-9a-f-]{36}@brandwarden\.test>$/);
        const m = smtp.messages().find((x) => x.headers["message-id"] === r.message_id)!;
        expect(m.to).toEqual([r.address]);
        expect(m.subject).toBe("Phishing site acmebank-login.com");
        expect(m.attachments.map((a) => a.content_type).sort()).toEqual([
          "application/json",
          "application/warc",
          "image/png",
        ]);
        expect(sha256(attachmentOf(m, `acmebank-verify.com-${c.case_id}.warc.gz`)!)).toBe(c.evidence.sha256);
        const xarf = JSON.parse(attachmentOf(m, "x-arf.json")!.toString("utf8"));
        expect(xarf).toMatchObject({ category: "content", type: "phishing", domain: "acmebank-verify.com" });
      }
      expect(sent.timeline.map((e) => e.event)).toContain("sent");
      // The tracked lookalike follows, as "takedown sent" moves it.
      const lookalikeState = async () => (await owner.get(`/findings/${f.id}`)).json().lookalike?.state;
      await waitFor(
        async () => (await lookalikeState()) === "takedown_requested",
        "the lookalike moved",
        30_000,
      );
      // The PDF reports read the owner's cases.
      const report = await t.app.inject({
        method: "GET",
        url: `/v1/scans/${scanId}/takedown_cases`,
        headers: auth,
      });
      expect(report.json().cases).toEqual(
        expect.arrayContaining([expect.objectContaining({ case_id: c.case_id, state: "sent" })]),
      );
    });

    it("records a desk's web form filled in after the e-mails went out, leaving the sent ones as they are", async () => {
      // A user of its own, so the hourly message budget the next test spends is untouched.
      const analyst = browserAgent(t.app);
      const analystId = (await analyst.signup(`forms-${randomUUID()}@example.com`)).id;
      const scan = await insertScan(t.db, analystId, { completed_at: new Date() });
      const f = await insertDomainFinding(t.db, scan.id, analystId, {
        domain: "acmebank-forms.com",
        registrar_abuse_email: "abuse@namesilo.example",
        hosting_abuse_email: "abuse@host.example",
        dns_a: ["203.0.113.20"],
        resolve_status: "registered",
      });
      const caseOf = async (id: string) =>
        (await analyst.get(`/takedowns/cases/${id}`)).json() as TTakedownCase;
      const opened = (await analyst.post("/takedowns/cases", { finding_id: f.id })).json() as TTakedownCase;
      await waitFor(
        async () => (await caseOf(opened.case_id)).evidence.status === "ready",
        "the evidence pack",
        30_000,
      );
      const c = await caseOf(opened.case_id);
      const cdn = {
        role: "cdn",
        organisation: "Cloudflare",
        channel: "form",
        address: "https://abuse.cloudflare.com/",
      };
      const keep = c.recipients.map(({ recipient_id, role, organisation, address, channel }) => ({ recipient_id, role, organisation, address, channel })); // prettier-ignore
      const saved = await analyst.put(`/takedowns/cases/${c.case_id}/recipients`, {
        recipients: [...keep, cdn],
      });
      expect(saved.statusCode).toBe(200);
      expect((await analyst.post(`/takedowns/cases/${c.case_id}/send`, {})).statusCode).toBe(202);
      await waitFor(async () => { const x = await caseOf(c.case_id); return x.state === "sent" && x.recipients.filter((r) => r.state === "sent").length === 2; }, "the e-mails sent", 30_000); // prettier-ignore
      const sent = await caseOf(c.case_id);
      const form = sent.recipients.find((r) => r.channel === "form")!;
      expect(form.state).toBe("ready");
      const before = sent.recipients.filter((r) => r.state === "sent").map((r) => r.message_id);

      const marked = await analyst.post(`/takedowns/cases/${c.case_id}/send`, { manual: true, recipient_ids: [form.recipient_id] }); // prettier-ignore
      expect(marked.statusCode).toBe(202);
      const after = marked.json() as TTakedownCase;
      expect(after.state).toBe("sent");
      expect(after.first_sent_at).toBe(sent.first_sent_at);
      expect(after.recipients.find((r) => r.recipient_id === form.recipient_id)).toMatchObject({ state: "manual", sent_at: expect.any(String) }); // prettier-ignore
      expect(after.recipients.filter((r) => r.state === "sent").map((r) => r.message_id)).toEqual(before);
      // Nothing is left to record: every desk was written to.
      const again = await analyst.post(`/takedowns/cases/${c.case_id}/send`, { manual: true });
      expect(again.statusCode).toBe(422);
      expect(again.json().message).toMatch(/already been written to/);
    });

    it("says why a case cannot be sent: no recipient, not sendable, over the hourly limit", async () => {
      const f = await finding("acmebank-empty.com");
      const c = await ready(((await owner.post("/takedowns/cases", { finding_id: f.id })).json() as TTakedownCase).case_id); // prettier-ignore
      expect(
        (await owner.put(`/takedowns/cases/${c.case_id}/recipients`, { recipients: [] })).statusCode,
      ).toBe(200);
      const none = await owner.post(`/takedowns/cases/${c.case_id}/send`, {});
      expect(none.statusCode).toBe(422);
      expect(none.json()).toMatchObject({
        error: "invalid",
        message: expect.stringContaining("no recipient"),
      });
      const form = await owner.put(`/takedowns/cases/${c.case_id}/recipients`, {
        recipients: [
          { role: "hosting", organisation: "Host", address: "https://host.example/abuse", channel: "form" },
        ],
      });
      expect(form.json().recipients[0]).toMatchObject({ source: "analyst", channel: "form" });
      const formOnly = await owner.post(`/takedowns/cases/${c.case_id}/send`, {});
      expect(formOnly.statusCode).toBe(422);
      expect(formOnly.json().message).toMatch(/no e-mail recipient/);

      const withdrawn = await owner.post(`/takedowns/cases/${c.case_id}/withdraw`, { reason: "ours" });
      expect(withdrawn.json().state).toBe("withdrawn");
      const ended = await owner.post(`/takedowns/cases/${c.case_id}/send`, {});
      expect(ended.statusCode).toBe(422);
      expect(ended.json().message).toMatch(/withdrawn/);

      // Two messages went out above; the limit is 4 an hour: one more case of two, then 429.
      const g = await finding("acmebank-limit1.com");
      const c1 = await ready(((await owner.post("/takedowns/cases", { finding_id: g.id })).json() as TTakedownCase).case_id); // prettier-ignore
      expect((await owner.post(`/takedowns/cases/${c1.case_id}/send`, {})).statusCode).toBe(202);
      const h = await finding("acmebank-limit2.com");
      const c2 = await ready(((await owner.post("/takedowns/cases", { finding_id: h.id })).json() as TTakedownCase).case_id); // prettier-ignore
      const limited = await owner.post(`/takedowns/cases/${c2.case_id}/send`, {});
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({
        error: "rate_limited",
        message: expect.stringContaining("per hour"),
      });
      expect((await caseOf(c2.case_id)).recipients.every((r) => r.state === "ready")).toBe(true);
    });
  });

  describe(`takedown cases without SMTP on ${variant}`, () => {
    let t: TestWeb;
    let worker: StubWorker;
    let owner: ReturnType<typeof browserAgent>;
    let userId: string;

    beforeAll(async () => {
      status?.assertAvailable();
      worker = await startStubWorker();
      t = await startTestWeb(variant, { WORKER_URL: worker.url }, { consume: true });
      answerTakedowns(worker, "acmebank-login.com");
      owner = browserAgent(t.app);
      userId = (await owner.signup(`nosmtp-${randomUUID()}@example.com`)).id;
    });
    afterAll(async () => {
      await t?.close();
      await worker?.close();
    });

    it("says e-mail is not configured, and records a sending by hand", async () => {
      const scan = await insertScan(t.db, userId);
      const f = await insertDomainFinding(t.db, scan.id, userId, {
        domain: "acmebank-manual.com",
        registrar_abuse_email: "abuse@namesilo.example",
      });
      const opened = (await owner.post("/takedowns/cases", { finding_id: f.id })).json() as TTakedownCase;
      expect(opened.sending).toEqual({ available: false, reason: expect.stringContaining("SMTP_URL") });
      const res = await owner.post(`/takedowns/cases/${opened.case_id}/send`, {});
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        error: "invalid",
        message: expect.stringContaining("e-mail is not configured (SMTP_URL), send it by hand"),
      });
      // By hand, with the evidence pack downloaded: once it is captured.
      await waitFor(async () => (await owner.get(`/takedowns/cases/${opened.case_id}`)).json().evidence.status !== "capturing", "the evidence pack", 30_000); // prettier-ignore
      const manual = await owner.post(`/takedowns/cases/${opened.case_id}/send`, { manual: true });
      expect(manual.statusCode).toBe(202);
      expect(manual.json()).toMatchObject({ state: "sent", first_sent_at: expect.any(String) });
      expect(manual.json().recipients.every((r: { state: string }) => r.state === "manual")).toBe(true);
    });
  });
}
