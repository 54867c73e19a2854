import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { TTakedownCase } from "@brandwarden/contract/browser/takedown-cases";
import { waitFor } from "@brandwarden/platform/testing/wait-for";
import { users } from "../src/db/schema.ts";
import type { MispEvent } from "../src/modules/threat-intel/misp-event.ts";
import { browserAgent } from "./browser-agent.ts";
import { insertDomainFinding, insertScan, insertSocialFindings } from "./factories.ts";
import { loadWithPyMisp, mispProblems } from "./misp-checks.ts";
import { answerChecks, answerTakedowns, startTakedownWeb } from "./takedown-harness.ts";

// GET /exports/misp (issue 30) over a user's scan as the app stores it: the event follows MISP's
// templates and loads in PyMISP; phishing and infrastructure objects; the TLP the user chose on
// the account page; the takedown request, its desks and time once the case was sent; the same
// UUIDs on re-export; 404 for another user's scan, 422 for a malformed id; an admin acts for the
// owner only by naming them.

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const PHISHING = "acmebank-login.com";

describe("MISP export", () => {
  let h: Awaited<ReturnType<typeof startTakedownWeb>>;
  let phishingId: string;

  type Ev = MispEvent["Event"];
  const objects = (ev: Ev, name: string) => ev.Object.filter((o) => o.name === name);
  const values = (o: Ev["Object"][number], rel: string) =>
    o.Attribute.filter((a) => a.object_relation === rel).map((a) => a.value);
  const exportOf = async (agent = h.owner, query = `scan_id=${h.scanId}`) => {
    const res = await agent.get(`/exports/misp?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return { res, doc: res.json() as MispEvent };
  };

  beforeAll(async () => {
    h = await startTakedownWeb("pglite");
    answerTakedowns(h.worker, PHISHING);
    // The user's sharing settings, saved as the account page saves them.
    const saved = await h.owner.put("/account", {
      brand_name: "Acme Bank",
      owned_domains: ["acmebank.com"],
      social_handles: [{ platform: "x", handle: "acmebank" }],
      intel: { min_severity: "high", tlp: "amber+strict" },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const screenshot_key = await h.t.container.infra.blobs.put(PNG);
    const f = (domain: string, over: Record<string, unknown>) =>
      insertDomainFinding(h.t.db, h.scanId, h.userId, {
        domain,
        resolve_status: "registered",
        dns_a: ["203.0.113.20"],
        http_status: 200,
        final_url: `https://${domain}/`,
        registration_created: new Date("2026-10-01T00:00:00Z"),
        ...over,
      });
    phishingId = (
      await f(PHISHING, {
        login_form: true,
        password_form: true,
        registrar_abuse_email: "abuse@namesilo.example",
        score: 85,
        severity: "critical",
        screenshot_key,
      })
    ).id;
    await f("acmebank-pay.com", { parked: true, score: 65, severity: "high" });
    await f("acmebank.info", { parked: true, score: 30, severity: "low" });
    await insertSocialFindings(h.t.db, [
      { scan_id: h.scanId, user_id: h.userId, platform: "x", handle: "acmebank_help", status: "found", profile_url: "https://x.com/acmebank_help", score: 70, severity: "high" }, // prettier-ignore
      { scan_id: h.scanId, user_id: h.userId, platform: "x", handle: "acmebank_fans", status: "found", score: 25, severity: "low" }, // prettier-ignore
    ]);
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  it("answers one MISP event as a file, within MISP's templates, loadable by PyMISP", async () => {
    const { res, doc } = await exportOf(h.owner, "");
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="brandwarden-misp-${h.scanId}.json"`,
    );
    expect(mispProblems(doc)).toEqual([]);
    const view = loadWithPyMisp(doc);
    expect(view.objects.map((o) => [o.known_template, o.valid])).toEqual(
      doc.Event.Object.map(() => [true, true]),
    );
    expect(view.warnings).toEqual([]);
  });

  it("has the phishing lookalike, the infrastructure at or above the user's floor, the TLP they chose", async () => {
    const ev = (await exportOf()).doc.Event;
    expect(ev.Tag.map((t) => t.name)).toContain("tlp:amber+strict");
    expect(ev.distribution).toBe("0");
    const [phish, ...more] = objects(ev, "phishing");
    expect(more).toEqual([]);
    expect(values(phish!, "url")).toEqual([`https://${PHISHING}/`]);
    expect(values(phish!, "target")).toEqual(["Acme Bank"]);
    expect(values(phish!, "ip")).toEqual(["203.0.113.20"]);
    const shot = phish!.Attribute.find((a) => a.object_relation === "screenshot");
    expect(Buffer.from(shot!.data!, "base64").equals(PNG)).toBe(true);
    for (const rel of ["takedown-request", "takedown-request-to", "takedown-time"])
      expect(values(phish!, rel)).toEqual([]);
    // Floor "high": the high parked name is in, the low one is not.
    expect(
      objects(ev, "domain-ip")
        .map((o) => values(o, "domain")[0])
        .sort(),
    ).toEqual([PHISHING, "acmebank-pay.com"]);
    expect(objects(ev, "impersonation").map((o) => values(o, "account-name")[0])).toEqual(["acmebank_help"]);
    expect(values(objects(ev, "impersonation")[0]!, "impersonated-account-name")).toEqual(["acmebank"]);
  });

  it("adds the takedown request and its desks once the case was sent, the time once the site is down", async () => {
    const before = (await exportOf()).doc.Event;
    const opened = await h.owner.post("/takedowns/cases", { finding_id: phishingId });
    expect(opened.statusCode, opened.body).toBe(201);
    const c = await h.ready((opened.json() as TTakedownCase).case_id);
    expect((await h.owner.post(`/takedowns/cases/${c.case_id}/send`, {})).statusCode).toBe(202);
    let sent = c;
    await waitFor(
      async () => {
        sent = await h.caseOf(c.case_id);
        return sent.first_sent_at !== null && sent.recipients.every((r) => r.state !== "sending");
      },
      "the case sent",
      30_000,
    );
    const ev = (await exportOf()).doc.Event;
    const phish = objects(ev, "phishing")[0]!;
    expect(values(phish, "takedown-request")).toEqual([sent.first_sent_at]);
    const desks = sent.recipients.filter((r) => r.state === "sent").map((r) => r.address);
    expect(desks.length).toBeGreaterThan(0);
    expect(values(phish, "takedown-request-to").sort()).toEqual([...new Set(desks)].sort());
    expect(values(phish, "takedown-time")).toEqual([]); // not down yet
    const url = phish.Attribute.find((a) => a.object_relation === "url")!;
    expect(url.Tag?.map((t) => t.name)).toContain('phishing:action="take-down"');
    // The same event and objects: MISP updates what it holds.
    expect(ev.uuid).toBe(before.uuid);
    expect(ev.Object.map((o) => o.uuid).sort()).toEqual(before.Object.map((o) => o.uuid).sort());
    expect(Number(ev.timestamp)).toBeGreaterThanOrEqual(Number(before.timestamp));
    expect(mispProblems({ Event: ev })).toEqual([]);

    // A check finds the site gone: the case ends down, and the export says when.
    const downAt = new Date(Date.parse(sent.first_sent_at!) + 3_600_000);
    answerChecks(h.worker, [{ case_id: c.case_id, up: false, how: "nxdomain", detail: "NXDOMAIN", checked_at: downAt.toISOString() }]); // prettier-ignore
    await h.t.container.services.takedownChecks.runDue(downAt);
    expect((await h.caseOf(c.case_id)).state).toBe("down");
    const gone = objects((await exportOf()).doc.Event, "phishing")[0]!;
    expect(values(gone, "takedown-time")).toEqual([downAt.toISOString()]);
    expect(values(gone, "online")).toEqual(["No"]);
    expect(gone.Attribute.find((a) => a.object_relation === "url")!.Tag?.map((t) => t.name)).toContain(
      'phishing:state="down"',
    );
  });

  it("is 404 for another user's scan and for none, 422 for a malformed scan id", async () => {
    const other = browserAgent(h.t.app);
    await other.signup(`misp-other-${randomUUID()}@example.com`);
    expect((await other.get(`/exports/misp?scan_id=${h.scanId}`)).statusCode).toBe(404);
    expect((await other.get("/exports/misp")).statusCode).toBe(404);
    const bad = await h.owner.get("/exports/misp?scan_id=not-a-scan");
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ error: "invalid" });
    expect((await h.owner.get(`/exports/misp?scan_id=${randomUUID()}`)).statusCode).toBe(404);
  });

  it("answers a personal API token (no session, no CSRF) as the signed-in user, and nobody without one", async () => {
    const created = await h.owner.post("/account/api-tokens", { name: "misp sync" });
    expect(created.statusCode).toBe(201);
    const { token } = created.json() as { token: string };
    const res = await h.t.app.inject({
      method: "GET",
      url: `/exports/misp?scan_id=${h.scanId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as MispEvent).Event.uuid).toBe((await exportOf()).doc.Event.uuid);
    expect((await h.t.app.inject({ method: "GET", url: "/exports/misp" })).statusCode).toBe(401);
  });

  it("lets an admin export a user's event only by acting for them", async () => {
    const admin = browserAgent(h.t.app);
    const adminUser = await admin.signup(`misp-admin-${randomUUID()}@example.com`);
    await h.t.db.update(users).set({ admin: true }).where(eq(users.id, adminUser.id));
    await insertScan(h.t.db, adminUser.id);
    expect((await admin.get(`/exports/misp?scan_id=${h.scanId}`)).statusCode).toBe(404);
    const mine = (await exportOf()).doc.Event;
    const acted = (await exportOf(admin, `scan_id=${h.scanId}&user_id=${h.userId}`)).doc.Event;
    expect(acted.uuid).toBe(mine.uuid);
    expect(acted.Object.length).toBe(mine.Object.length);
  });
});
