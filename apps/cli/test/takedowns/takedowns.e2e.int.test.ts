import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WARCParser } from "warcio";
import { and, eq } from "drizzle-orm";
import type { TTakedownCase, TTakedownStats } from "@brandwarden/contract/browser/takedown-cases";
import { severityRank } from "@brandwarden/contract/common";
import type { TStoredDomainFinding, TStoredSocialFinding } from "@brandwarden/contract/findings";
import { sleep, waitFor } from "@brandwarden/platform/testing/wait-for";
import { domainFindings } from "@brandwarden/web/db/schema";
import type { MispEvent } from "@brandwarden/web/modules/threat-intel/misp-event";
import { loadWithPyMisp, mispProblems } from "@brandwarden/web/test/misp-checks";
import { attachmentBytes } from "@brandwarden/world/services/mail-parse";
import type { SmtpMessage } from "@brandwarden/world/services/types";
import { smallScenario } from "@brandwarden/world/testing/test-world";
import type { World } from "@brandwarden/world/world";
import { webSession, type WebSession } from "../ct/web-session.ts";
import { startWorldProduct, type RunningProduct } from "../world-product.ts";

/**
 * Takedowns end to end on the world, as an analyst runs them: a scan; a case per phishing
 * lookalike with its evidence pack (a WARC holding the page and the screenshot) and the desks to
 * write to (the registrar's from RDAP, the host's from the IP's RDAP through a reassignment's
 * parent network, the CDN's from the known list, the registry for escalation); the reports go out
 * with the WARC, the screenshot and X-ARF attached; the world's responsive desks take their sites
 * down (a registrar's client hold, a host's suspension page) and the cases end `down` with their
 * time to down; a desk that never answers gets a follow-up and the registry a report; a site that
 * comes back reopens its case and alerts; the stats give the medians. The scan's MISP export then
 * holds a phishing object per phishing site, its infrastructure, the impersonating accounts and
 * the takedown requests (MISP's templates, PyMISP).
 *
 * The world's desks (packages/world, `takedowns` option): Porkbun takes a site down 1 s after a
 * report and Hetzner suspends one; Namecheap's desk never answers.
 */
describe("takedowns end to end: evidence, desks, sending, down, escalation, re-emergence", () => {
  let world: World;
  let running: RunningProduct;
  let stop: (() => Promise<void>) | undefined;
  let web: WebSession;
  let scanId: string;
  const cases = new Map<string, TTakedownCase>();
  /** The lookalikes as planted (desks' takedowns change what the world serves afterwards). */
  let planted: World["scenario"]["lookalikes"];
  let plantedPhishing: Set<string>;

  // rewardsacmebank.com: registered at Porkbun (acts), behind Cloudflare.
  // acmebankclient.de: on a customer network reassigned from Hetzner (acts: suspension page).
  // acmebank-us.info: registrar and host Namecheap (never answers): escalates.
  const CDN_SITE = "rewardsacmebank.com";
  const REASSIGNED_SITE = "acmebankclient.de";
  const IGNORED_SITE = "acmebank-us.info";

  const caseOf = (id: string) => web.json<TTakedownCase>("GET", `/takedowns/cases/${id}`);
  async function caseUntil(domain: string, what: string, pred: (c: TTakedownCase) => boolean) {
    let last = cases.get(domain)!;
    await waitFor(
      async () => {
        last = await caseOf(last.case_id);
        if (pred(last)) return true;
        await sleep(200);
        return false;
      },
      `${domain}: ${what} (last state ${last.state})`,
      120_000,
    );
    cases.set(domain, last);
    return last;
  }
  const mailTo = (address: string, pred: (m: SmtpMessage) => boolean = () => true) =>
    world.services!.smtpSink.messages().filter((m) => m.to.includes(address) && pred(m));

  beforeAll(async () => {
    ({ world, running, stop } = await startWorldProduct(smallScenario({ takedowns: { after_s: 1 } }), {
      dataDirPrefix: "bw-takedowns-",
      env: { SCREENSHOTS: "true", TAKEDOWN_CHECK_INTERVAL: "1s", TAKEDOWN_ESCALATE_AFTER: "8s" },
    }));
    planted = world.scenario.lookalikes;
    plantedPhishing = new Set(planted.filter((l) => l.site_kind === "phishing").map((l) => l.domain));
    web = webSession(running.web.url);
    await web.signUp("takedowns@acme.example", "correct horse battery staple");
    await web.json("PUT", "/account", {
      brand_name: world.scenario.brand.name,
      keywords: ["bank"],
      owned_domains: [world.scenario.brand.primary_domain],
      intel: { min_severity: "medium", tlp: "green" },
    });
    ({ scan_id: scanId } = await web.json<{ scan_id: string }>("POST", "/dashboard/scans"));
    await waitFor(
      async () => {
        const s = await web.json<{ scan: { status: string } | null }>(
          "GET",
          `/dashboard/status?scan_id=${scanId}`,
        );
        if (s.scan?.status === "failed") throw new Error("the scan failed");
        if (s.scan?.status === "completed") return true;
        await sleep(500);
        return false;
      },
      "the scan to complete",
      400_000,
    );
  }, 480_000);

  afterAll(async () => {
    await stop?.();
  });

  async function findingId(domain: string): Promise<string> {
    const [row] = await running.web.container.infra.db
      .select({ id: domainFindings.id })
      .from(domainFindings)
      .where(and(eq(domainFindings.scan_id, scanId), eq(domainFindings.domain, domain)));
    expect(row, `a finding for ${domain}`).toBeDefined();
    return row!.id;
  }

  it("opens one case per phishing lookalike, with a frozen evidence pack and the right desks", async () => {
    const phishing = world.scenario.lookalikes.filter((l) => l.site_kind === "phishing").map((l) => l.domain);
    expect(phishing).toEqual(expect.arrayContaining([CDN_SITE, REASSIGNED_SITE, IGNORED_SITE]));
    for (const domain of [CDN_SITE, REASSIGNED_SITE, IGNORED_SITE]) {
      const id = await findingId(domain);
      const opened = await web.request("POST", "/takedowns/cases", { body: { finding_id: id } });
      expect(opened.status).toBe(201);
      const c = (await opened.json()) as TTakedownCase;
      expect(c).toMatchObject({ domain, state: "open", finding_id: id, link: `/takedowns/${c.case_id}` });
      // Opening it again answers the open case, never a second one.
      const again = await web.request("POST", "/takedowns/cases", { body: { finding_id: id } });
      expect(again.status).toBe(200);
      expect(((await again.json()) as TTakedownCase).case_id).toBe(c.case_id);
      cases.set(domain, c);
    }
    for (const domain of cases.keys())
      await caseUntil(domain, "evidence captured", (c) => c.evidence.status !== "capturing");

    // The pack: the page as it answers now, every hop, the screenshot, frozen by its SHA-256.
    const cdn = cases.get(CDN_SITE)!;
    expect(cdn.evidence).toMatchObject({ status: "ready", live: true, screenshot: true });
    const res = await web.request("GET", cdn.evidence.url!, { accept: "*/*" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/warc/);
    const warc = Buffer.from(await res.arrayBuffer());
    expect(createHash("sha256").update(warc).digest("hex")).toBe(cdn.evidence.sha256);
    expect(warc.length).toBe(cdn.evidence.size);
    const records = await readWarc(warc);
    expect(records[0]).toMatchObject({ type: "warcinfo" });
    expect(records[0]!.text).toMatch(/capture: live/);
    const page = records.find((r) => r.type === "response" && new URL(r.uri).hostname === CDN_SITE);
    expect(page, "the phishing page's response record").toBeDefined();
    expect(page!.text).toMatch(/type=["']?password/i);
    expect(records.some((r) => r.type === "request" && new URL(r.uri).hostname === CDN_SITE)).toBe(true);
    const shot = records.find((r) => r.type === "resource" && r.contentType === "image/png");
    expect(shot?.bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
    const metadata = records.filter((r) => r.type === "metadata").map((r) => r.uri);
    for (const what of ["dns", "hosting", "signals"])
      expect(metadata.some((u) => u.includes(`:${what}:`)), `${what} metadata in ${metadata.join(", ")}`).toBe(true); // prettier-ignore
    expect(metadata.some((u) => /:(rdap|whois):/.test(u))).toBe(true);

    // The desks, each with where it came from.
    const desk = (domain: string) =>
      cases.get(domain)!.recipients.map((r) => `${r.role} ${r.address} ${r.source}`);
    expect(desk(CDN_SITE)).toContain("registrar abuse@porkbun.com rdap");
    expect(desk(CDN_SITE)).toContain("cdn https://abuse.cloudflare.com/ known-provider");
    expect(desk(REASSIGNED_SITE)).toContain("registrar abuse@namecheap.com rdap");
    // The customer network has no abuse contact of its own: its parent's (Hetzner's) is used.
    expect(desk(REASSIGNED_SITE)).toContain("hosting abuse@hetzner.com rdap");
    expect(cases.get(IGNORED_SITE)!.escalation_contacts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ role: "registry", address: "abuse@identity.digital" }),
      ]),
    );
  });

  it("rejects what cannot be done with a clear answer, never a 500", async () => {
    const unknown = await web.request("POST", "/takedowns/cases", {
      body: { finding_id: "00000000-0000-4000-8000-000000000000" },
    });
    expect(unknown.status).toBe(404);
    const other = webSession(running.web.url);
    await other.signUp("someone-else@other.example", "correct horse battery staple");
    const foreign = await other.request("POST", "/takedowns/cases", {
      body: { finding_id: await findingId(CDN_SITE) },
    });
    expect(foreign.status).toBe(404);
    expect((await other.request("GET", `/takedowns/cases/${cases.get(CDN_SITE)!.case_id}`)).status).toBe(404);

    // A case without any recipient cannot be sent: 422 naming why.
    const spare = world.scenario.lookalikes.find(
      (l) => l.site_kind === "phishing" && ![CDN_SITE, REASSIGNED_SITE, IGNORED_SITE].includes(l.domain),
    )!.domain;
    const c = await web.json<TTakedownCase>("POST", "/takedowns/cases", {
      finding_id: await findingId(spare),
    });
    cases.set(spare, c);
    await caseUntil(spare, "evidence captured", (x) => x.evidence.status !== "capturing");
    await web.json("PUT", `/takedowns/cases/${c.case_id}/recipients`, { recipients: [] });
    const send = await web.request("POST", `/takedowns/cases/${c.case_id}/send`, { body: {} });
    expect(send.status).toBe(422);
    expect(((await send.json()) as { message: string }).message).toMatch(/recipient/i);
  });

  it("sends the reports with the evidence; responsive desks take the sites down", async () => {
    for (const domain of [CDN_SITE, REASSIGNED_SITE, IGNORED_SITE]) {
      const res = await web.request("POST", `/takedowns/cases/${cases.get(domain)!.case_id}/send`, {
        body: {},
      });
      expect(res.status, `send ${domain}`).toBe(202);
    }
    const report = (address: string, domain: string) =>
      mailTo(address, (m) => m.subject.includes(domain) && !/^(Follow-up|Escalation)/.test(m.subject))[0];
    await waitFor(
      () => !!report("abuse@porkbun.com", CDN_SITE) && !!report("abuse@hetzner.com", REASSIGNED_SITE),
      "the reports at the registrar's and the host's abuse mailboxes",
      60_000,
    );
    for (const [address, domain] of [
      ["abuse@porkbun.com", CDN_SITE],
      ["abuse@hetzner.com", REASSIGNED_SITE],
    ] as const) {
      const m = report(address, domain)!;
      const files = attachmentBytes(m.raw);
      const warc = files.find((f) => f.filename.endsWith(".warc.gz"));
      expect(warc?.content_type).toBe("application/warc");
      const records = await readWarc(warc!.data);
      expect(records.some((r) => r.type === "response" && new URL(r.uri).hostname === domain)).toBe(true);
      expect(records.some((r) => r.type === "resource" && r.contentType === "image/png")).toBe(true);
      const xarf = JSON.parse(files.find((f) => f.filename === "x-arf.json")!.data.toString("utf8"));
      expect(xarf).toMatchObject({ category: "content", type: "phishing", domain });
      expect(files.some((f) => f.content_type === "image/png")).toBe(true);
      expect(m.headers["message-id"]).toMatch(/^<[0-9a-f-]{36}@[^>]+>$/);
    }
    // Each recipient has its own message.
    const sent = await caseUntil(CDN_SITE, "recipients sent", (c) =>
      c.recipients.some((r) => r.state === "sent"),
    );
    const ids = sent.recipients.filter((r) => r.state === "sent").map((r) => r.message_id);
    expect(new Set(ids).size).toBe(ids.length);

    // The desks act; the checks see it.
    const cdn = await caseUntil(CDN_SITE, "down", (c) => c.state === "down");
    expect(["nxdomain", "registry_hold"]).toContain(cdn.down_how);
    expect(cdn.time_to_down_s).toBeGreaterThanOrEqual(1);
    const host = await caseUntil(REASSIGNED_SITE, "down", (c) => c.state === "down");
    expect(host.down_how).toBe("suspension_page");
    expect(host.time_to_down_s).toBeGreaterThanOrEqual(1);
    expect(world.abuseDesks!.actions().map((a) => `${a.domain} ${a.action}`)).toEqual(
      expect.arrayContaining([`${CDN_SITE} client hold`, `${REASSIGNED_SITE} suspended`]),
    );
  });

  it("escalates a case whose desk never answers: a follow-up to the desk and a report to the registry", async () => {
    const c = await caseUntil(
      IGNORED_SITE,
      "escalated",
      (x) => x.state === "escalated" && x.escalations.length > 0,
    );
    expect(c.escalations[0]!.level).toBe(1);
    const first = c.recipients.find((r) => r.address === "abuse@namecheap.com")!.message_id!;
    await waitFor(
      () => mailTo("abuse@namecheap.com", (m) => m.subject.startsWith("Follow-up")).length > 0,
      "the follow-up at Namecheap",
      30_000,
    );
    const followUp = mailTo("abuse@namecheap.com", (m) => m.subject.startsWith("Follow-up"))[0]!;
    expect(followUp.headers["in-reply-to"]).toBe(first);
    expect(mailTo("abuse@identity.digital", (m) => m.subject.includes(IGNORED_SITE)).length).toBeGreaterThan(
      0,
    );
    expect(c.timeline.some((t) => t.event === "escalated")).toBe(true);
  });

  it("reopens a taken-down site that comes back, alerting once", async () => {
    await world.changes.restore(CDN_SITE);
    const c = await caseUntil(CDN_SITE, "re-emerged", (x) => x.state === "reemerged");
    expect(c.timeline.map((t) => t.event)).toEqual(expect.arrayContaining(["sent", "down", "reemerged"]));
    const alerts = await web.json<{ alerts: Array<{ type: string; subject: string }> }>(
      "GET",
      "/alerts?type=lookalike.reemerged",
    );
    expect(alerts.alerts.filter((a) => a.subject === CDN_SITE)).toHaveLength(1);
  });

  it("reports time-to-down per desk", async () => {
    const stats = await web.json<TTakedownStats>("GET", "/takedowns/stats");
    expect(stats.down).toBeGreaterThanOrEqual(1);
    expect(stats.median_time_to_down_s).toBeGreaterThanOrEqual(1);
    // The host that suspended the site, under the name its RDAP record gives.
    const host = cases.get(REASSIGNED_SITE)!.recipients.find((r) => r.address === "abuse@hetzner.com")!;
    const row = stats.by_recipient.find((r) => r.organisation === host.organisation && r.role === "hosting");
    expect(row, JSON.stringify(stats.by_recipient)).toMatchObject({ cases: 1, down: 1 });
    expect(row!.median_time_to_down_s).toBeGreaterThanOrEqual(1);
    expect(stats.down_within_24h_share).toBeGreaterThan(0);
  });

  // The MISP export (issue 30) of the same scan: a scan of the world with screenshots costs
  // minutes, so the export is read here, where the takedown reports have also gone out.
  describe("the MISP export of the scan", () => {
    type Ev = MispEvent["Event"];
    let findings: TStoredDomainFinding[];
    const objects = (ev: Ev, name: string) => ev.Object.filter((o) => o.name === name);
    const values = (o: Ev["Object"][number], rel: string) =>
      o.Attribute.filter((a) => a.object_relation === rel).map((a) => a.value);
    const exported = async () => web.json<MispEvent>("GET", `/exports/misp?scan_id=${scanId}`);

    beforeAll(async () => {
      ({ findings } = await web.json<{ findings: TStoredDomainFinding[] }>(
        "GET",
        `/dashboard/findings/export?scan_id=${scanId}&format=json`,
      ));
    });

    it("is an event within MISP's templates that PyMISP loads, marked with the user's TLP", async () => {
      const doc = await exported();
      expect(mispProblems(doc)).toEqual([]);
      const view = loadWithPyMisp(doc);
      expect(view.objects.length).toBe(doc.Event.Object.length);
      expect(view.objects.filter((o) => !o.known_template || !o.valid)).toEqual([]);
      expect(view.warnings).toEqual([]);
      expect(doc.Event.Tag.map((t) => t.name)).toContain("tlp:green");
      expect(doc.Event.distribution).toBe("1");
      expect(doc.Event.Tag.map((t) => t.name)).toContain(`brandwarden:target="${world.scenario.brand.name}"`);
    });

    it("has a phishing object per phishing site the scan saw, tied to its domain-ip infrastructure", async () => {
      const ev = (await exported()).Event;
      // As planted (a desk's suspension changes what the site serves, not what it was).
      const worldPhishing = plantedPhishing;
      // The phishing sites the scan reached: a page with a credentials form.
      const seen = findings.filter((f) => worldPhishing.has(f.domain) && (f.login_form || f.password_form));
      expect(seen.length).toBeGreaterThan(2);
      const phishing = objects(ev, "phishing");
      const hosts = phishing.map((o) => values(o, "hostname")[0]).sort();
      expect(hosts).toEqual(expect.arrayContaining(seen.map((f) => f.domain).sort()));
      // And nothing else is called phishing: a parked, unrelated or defensive name never is.
      for (const host of hosts)
        expect(worldPhishing.has(host!), `${host} is phishing in the world`).toBe(true);

      const byUuid = new Map(ev.Object.map((o) => [o.uuid, o]));
      for (const f of seen) {
        const phish = phishing.find((o) => values(o, "hostname")[0] === f.domain)!;
        expect(values(phish, "target")).toEqual([world.scenario.brand.name]);
        expect(values(phish, "url")).toEqual([f.final_url]);
        const infra = byUuid.get(phish.ObjectReference[0]!.referenced_uuid)!;
        expect(infra.name).toBe("domain-ip");
        expect(values(infra, "domain")).toEqual([f.domain]);
        // The addresses the world's DNS answers for the name.
        const lookalike = planted.find((l) => l.domain === f.domain)!;
        expect(values(infra, "ip").sort()).toEqual([...lookalike.dns.a, ...lookalike.dns.aaaa].sort());
      }
      // Screenshots of the phishing pages, where Chromium took one.
      const shots = phishing.flatMap((o) => o.Attribute.filter((a) => a.object_relation === "screenshot"));
      expect(shots.length).toBeGreaterThan(0);
      for (const s of shots)
        expect(Buffer.from(s.data!, "base64").subarray(1, 4).toString("latin1")).toBe("PNG");
    });

    it("has an impersonation object per impersonating account the scan found at or above the floor", async () => {
      const { findings: accounts } = await web.json<{ findings: TStoredSocialFinding[] }>(
        "GET",
        `/dashboard/social/export?scan_id=${scanId}&format=json`,
      );
      const floor = severityRank("medium");
      const impersonating = accounts.filter((a) => {
        const severity = a.adjusted_severity ?? a.severity;
        return a.status === "found" && !a.owned_evidence && a.label !== "benign" && !!severity && severityRank(severity) >= floor; // prettier-ignore
      });
      expect(impersonating.length).toBeGreaterThan(0);
      const ev = (await exported()).Event;
      expect(
        objects(ev, "impersonation")
          .map((o) => `${values(o, "account-name")[0]} ${values(o, "account-url")[0]}`)
          .sort(),
      ).toEqual(
        // prettier-ignore
        impersonating.map((a) => `${a.handle} ${a.profile_url}`).sort(),
      );
      for (const o of objects(ev, "impersonation"))
        expect(values(o, "real-name")).toEqual([world.scenario.brand.name]);
    });

    it("carries each sent case's request, its desks and, once down, the time it went down", async () => {
      const c = cases.get(REASSIGNED_SITE)!;
      expect(c.state).toBe("down");
      const phish = objects((await exported()).Event, "phishing").find(
        (o) => values(o, "hostname")[0] === REASSIGNED_SITE,
      )!;
      expect(values(phish, "takedown-request")).toEqual([c.first_sent_at]);
      const desks = [...new Set(c.recipients.filter((r) => r.state === "sent").map((r) => r.address))];
      expect(desks.length).toBeGreaterThan(0);
      expect(values(phish, "takedown-request-to").sort()).toEqual(desks.sort());
      expect(values(phish, "takedown-time")).toEqual([c.down_at]);
    });
  });
});

interface WarcRecordRead {
  type: string;
  uri: string;
  contentType: string;
  bytes: Buffer;
  text: string;
}

/** The records of a WARC file, read with warcio's parser (gzip per record). */
async function readWarc(bytes: Buffer): Promise<WarcRecordRead[]> {
  const out: WarcRecordRead[] = [];
  for await (const r of new WARCParser(new Blob([new Uint8Array(bytes)]).stream())) {
    const body = Buffer.from(await r.readFully(false));
    out.push({
      type: r.warcType ?? "",
      uri: r.warcTargetURI ?? "",
      contentType: r.warcContentType ?? "",
      bytes: body,
      text: body.toString("utf8"),
    });
  }
  return out;
}
