import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZAccountUpdate } from "@brandwarden/contract/browser/account";
import type { TTakedownCase } from "@brandwarden/contract/browser/takedown-cases";
import type { TEvidenceResponse } from "@brandwarden/contract/takedown-worker";
import { waitFor } from "@brandwarden/platform/testing/wait-for";
import { browserAgent } from "./browser-agent.ts";
import { insertScan, insertSocialFindings, insertUser } from "./factories.ts";
import { dbVariants, startTestWeb, type TestWeb } from "./harness.ts";
import { startStubWorker, type StubWorker } from "./stub-worker.ts";
import { answerChecks, sha256 } from "./takedown-harness.ts";

// Social impersonation cases (issue 29): one case per account (201, then 200 with the same
// case), 404 for other users' and unknown social findings, the report naming the platform, the
// account, its profile URL and the brand's official accounts, the platform's report form as the
// recipient the evidence job finds, and a form-only case: e-mail refused with the form named,
// the analyst's own sending recorded with `manual: true`.

const X_FORM = "https://help.x.com/forms/impersonation";

/** The worker's evidence answer for an X profile: a small WARC and X's impersonation form. */
function socialEvidence(profileUrl: string): TEvidenceResponse {
  const body = `WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: ${profileUrl}\r\nContent-Length: 2\r\n\r\nok\r\n\r\n`;
  const warc = Buffer.from(body);
  return {
    recipients: [{ role: "platform", organisation: "X", address: X_FORM, channel: "form", source: "known-provider" }], // prettier-ignore
    escalation_contacts: [],
    live: true,
    captured_at: new Date().toISOString(),
    warc_base64: warc.toString("base64"),
    sha256: sha256(warc),
    size: warc.length,
    screenshot_base64: null,
    baseline: { fuzzy_hash: null, login_form: false, final_url: profileUrl },
  };
}

for (const { variant, status } of await dbVariants()) {
  describe(`social takedown cases on ${variant}`, () => {
    let t: TestWeb;
    let worker: StubWorker;
    let owner: ReturnType<typeof browserAgent>;
    let userId: string;
    let scanId: string;
    const socialFinding = async (handle: string, over: Record<string, unknown> = {}) => {
      const [f] = await insertSocialFindings(t.db, [
        {
          scan_id: scanId,
          user_id: userId,
          platform: "x",
          handle,
          status: "found",
          profile_url: `https://x.com/${handle}`,
          display_name: "Acme Bank Support",
          bio: "Official Acme Bank help desk. DM us your account number.",
          followers: 321,
          name_similarity: 0.92,
          avatar_similarity: 0.88,
          score: 86,
          severity: "critical",
          ...over,
        },
      ]);
      return f!;
    };
    const caseOf = async (id: string) => (await owner.get(`/takedowns/cases/${id}`)).json() as TTakedownCase;
    const ready = async (id: string) => {
      await waitFor(async () => (await caseOf(id)).evidence.status === "ready", "the evidence pack", 30_000);
      return caseOf(id);
    };

    beforeAll(async () => {
      status?.assertAvailable();
      worker = await startStubWorker();
      for (const path of ["/domain/enrich", "/social/enrich", "/brand/keyword_expand"])
        worker.answer(path, 202, { accepted: true });
      worker.answer("/takedown/evidence", 200, socialEvidence("https://x.com/acrnebank"));
      // No SMTP: a form-only case is sent by hand either way.
      t = await startTestWeb(variant, { WORKER_URL: worker.url }, { consume: true });
      owner = browserAgent(t.app);
      userId = (await owner.signup(`takedown-social-${randomUUID()}@example.com`)).id;
      await t.container.services.brandProfile.updateProfile(
        userId,
        ZAccountUpdate.parse({
          brand_name: "Acme Bank",
          brand_names: ["Acme Bank"],
          keywords: ["bank"],
          owned_domains: ["acmebank.com"],
          social_handles: [
            { platform: "instagram", handle: "acmebank" },
            { platform: "x", handle: "acmebank" },
          ],
        }),
      );
      scanId = (await insertScan(t.db, userId, { completed_at: new Date() })).id;
    });
    afterAll(async () => {
      await t?.close();
      await worker?.close();
    });

    it("opens one case per account (201, then 200 with the same case); other users' and unknown findings are 404", async () => {
      const f = await socialFinding("acrnebank");
      const first = await owner.post("/takedowns/cases", { social_finding_id: f.id });
      expect(first.statusCode, first.body).toBe(201);
      const opened = first.json() as TTakedownCase;
      expect(opened).toMatchObject({
        kind: "social",
        finding_id: f.id,
        domain: null,
        platform: "x",
        handle: "acrnebank",
        profile_url: "https://x.com/acrnebank",
        state: "open",
        link: `/takedowns/${opened.case_id}`,
      });
      const again = await owner.post("/takedowns/cases", { social_finding_id: f.id });
      expect([again.statusCode, again.json().case_id]).toEqual([200, opened.case_id]);

      const other = await insertUser(t.db);
      const otherScan = await insertScan(t.db, other.id);
      const [theirs] = await insertSocialFindings(t.db, [
        { scan_id: otherScan.id, user_id: other.id, platform: "x", handle: "acmebank_help", status: "found" },
      ]);
      expect((await owner.post("/takedowns/cases", { social_finding_id: theirs!.id })).statusCode).toBe(404);
      expect((await owner.post("/takedowns/cases", { social_finding_id: randomUUID() })).statusCode).toBe(
        404,
      );
    });

    it("writes an impersonation report naming the platform, the account, its URL and the brand's official accounts", async () => {
      const f = await socialFinding("acmebank_care", { account_created: new Date("2025-05-20T00:00:00Z") });
      const c = (await owner.post("/takedowns/cases", { social_finding_id: f.id })).json() as TTakedownCase;
      expect(c.draft!.subject).toBe("Impersonation of Acme Bank on X: @acmebank_care, request for removal");
      const body = c.draft!.body;
      expect(body).toContain("Dear X trust and safety team,");
      expect(body).toContain(
        "We report the X account @acmebank_care (https://x.com/acmebank_care), which impersonates Acme Bank: " +
          `it calls itself "Acme Bank Support", its name is 92% similar to Acme Bank's and its profile picture matches Acme Bank's logo (88% similar).`, // prettier-ignore
      );
      // The official account on the reported platform comes first.
      expect(body).toContain(
        "Acme Bank's official accounts are @acmebank on X and @acmebank on Instagram; its official website is acmebank.com.",
      );
      expect(body).toContain("- Profile URL: https://x.com/acmebank_care");
      expect(body).toContain("- Account created: 2025-05-20");
      expect(body).toContain("- Risk assessment: critical (86/100) by Brandwarden's scoring");
      expect(body).toContain(
        "- Please remove or suspend the account @acmebank_care under X's impersonation policy.",
      );
      expect(c.draft!.warning).toBeUndefined();
      // The same finding gives the same words.
      await owner.post(`/takedowns/cases/${c.case_id}/withdraw`, {});
      const again = (
        await owner.post("/takedowns/cases", { social_finding_id: f.id })
      ).json() as TTakedownCase;
      expect(again.case_id).not.toBe(c.case_id);
      expect(again.draft).toEqual(c.draft);
    });

    it("warns when the account is the brand's own", async () => {
      const f = await socialFinding("acmebank_official", { owned_evidence: "links back to acmebank.com" });
      const c = (await owner.post("/takedowns/cases", { social_finding_id: f.id })).json() as TTakedownCase;
      expect(c.draft!.warning).toMatch(/@acmebank_official is probably Acme Bank's own account \(links back to acmebank\.com\)/); // prettier-ignore
    });

    it("shows the platform's form as recipient; e-mail is refused naming the form, sending by hand is recorded", async () => {
      const f = await socialFinding("acrnebank_support");
      const opened = (
        await owner.post("/takedowns/cases", { social_finding_id: f.id })
      ).json() as TTakedownCase;
      expect(opened.recipients).toEqual([]);
      const c = await ready(opened.case_id);
      expect(c.recipients).toEqual([
        expect.objectContaining({ role: "platform", organisation: "X", address: X_FORM, channel: "form", source: "known-provider", state: "ready" }), // prettier-ignore
      ]);
      expect(c.timeline.map((e) => e.event)).toEqual(["opened", "evidence_captured"]);
      const call = worker.calls.filter((x) => x.path === "/takedown/evidence").at(-1)!;
      expect(call.body).toMatchObject({ kind: "social", finding_id: f.id, platform: "x", handle: "acrnebank_support", domain: null }); // prettier-ignore

      const refused = await owner.post(`/takedowns/cases/${c.case_id}/send`, {});
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toBe(
        `The case has no e-mail recipient to send to: the desk takes reports through a web form, not by e-mail. Use X's form ${X_FORM}: fill it in with the report and the evidence pack, then record the sending with manual: true`,
      );
      expect((await caseOf(c.case_id)).state).toBe("open");

      const manual = await owner.post(`/takedowns/cases/${c.case_id}/send`, { manual: true });
      expect(manual.statusCode).toBe(202);
      const sent = await caseOf(c.case_id);
      expect(sent.state).toBe("sent");
      expect(sent.first_sent_at).not.toBeNull();
      expect(sent.recipients).toEqual([expect.objectContaining({ address: X_FORM, state: "manual" })]);
      expect(sent.recipients[0]!.sent_at).not.toBeNull();
      expect(sent.timeline.at(-1)).toMatchObject({ event: "sent", detail: expect.stringContaining(`Sent by hand`) }); // prettier-ignore
      expect(sent.timeline.at(-1)!.detail).toContain(X_FORM);

      // The platform suspends the account: the check round asks for the profile URL and ends the case.
      const goneAt = new Date(new Date(sent.first_sent_at!).getTime() + 2 * 3600_000);
      answerChecks(worker, [{ case_id: c.case_id, up: false, how: "profile_gone", detail: "x: suspended", checked_at: goneAt.toISOString() }]); // prettier-ignore
      await t.container.services.takedownChecks.runDue(goneAt);
      const checked = worker.calls.filter((x) => x.path === "/takedown/check").at(-1)!;
      expect(checked.body).toEqual({ sites: [{ case_id: c.case_id, kind: "social", domain: null, profile_url: "https://x.com/acrnebank_support", baseline: expect.objectContaining({ final_url: "https://x.com/acrnebank" }) }] }); // prettier-ignore
      expect(await caseOf(c.case_id)).toMatchObject({ state: "down", down_how: "profile_gone", time_to_down_s: 7200 }); // prettier-ignore
      const stats = (await owner.get("/takedowns/stats")).json();
      expect(stats.by_recipient).toEqual(
        expect.arrayContaining([expect.objectContaining({ organisation: "X", role: "platform", cases: 1, down: 1, median_time_to_down_s: 7200 })]), // prettier-ignore
      );
    });
  });
}
