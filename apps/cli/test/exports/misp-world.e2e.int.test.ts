import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { severityRank } from "@brandwarden/contract/common";
import type { TStoredDomainFinding, TStoredSocialFinding } from "@brandwarden/contract/findings";
import type { TTakedownCase } from "@brandwarden/contract/browser/takedown-cases";
import { sleep, waitFor } from "@brandwarden/platform/testing/wait-for";
import type { MispEvent } from "@brandwarden/web/modules/threat-intel/misp-event";
import { loadWithPyMisp, mispProblems } from "@brandwarden/web/test/misp-checks";
import { smallScenario } from "@brandwarden/world/testing/test-world";
import type { World } from "@brandwarden/world/world";
import { webSession, type WebSession } from "../ct/web-session.ts";
import { startWorldProduct } from "../world-product.ts";

/**
 * The MISP export over a real scan of the world (issue 30): the product scans the sandbox
 * internet's Acme Bank lookalikes, and `GET /exports/misp` answers an event in which every
 * phishing site the scan saw is a `phishing` object (its page's URL, the brand, the screenshot)
 * tied to a `domain-ip` object holding the addresses the world's DNS gives it, and every
 * impersonating account an `impersonation` object, within MISP's templates and loadable by
 * PyMISP; once a takedown report went to the world's abuse desks, the
 * request and its desks are in the event.
 */
describe("MISP export of a scan of the world", () => {
  let world: World;
  let stop: (() => Promise<void>) | undefined;
  let web: WebSession;
  let scanId: string;
  let findings: TStoredDomainFinding[];

  type Ev = MispEvent["Event"];
  const objects = (ev: Ev, name: string) => ev.Object.filter((o) => o.name === name);
  const values = (o: Ev["Object"][number], rel: string) =>
    o.Attribute.filter((a) => a.object_relation === rel).map((a) => a.value);
  const exported = async () => web.json<MispEvent>("GET", `/exports/misp?scan_id=${scanId}`);

  beforeAll(async () => {
    let running;
    ({ world, running, stop } = await startWorldProduct(smallScenario(), {
      dataDirPrefix: "bw-misp-",
      env: { SCREENSHOTS: "true" },
    }));
    web = webSession(running.web.url);
    await web.signUp("misp@acme.example", "correct horse battery staple");
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
    ({ findings } = await web.json<{ findings: TStoredDomainFinding[] }>(
      "GET",
      `/dashboard/findings/export?scan_id=${scanId}&format=json`,
    ));
  }, 480_000);

  afterAll(async () => {
    await stop?.();
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
    const worldPhishing = new Set(
      world.scenario.lookalikes.filter((l) => l.site_kind === "phishing").map((l) => l.domain),
    );
    // The phishing sites the scan reached: a page with a credentials form.
    const seen = findings.filter((f) => worldPhishing.has(f.domain) && (f.login_form || f.password_form));
    expect(seen.length).toBeGreaterThan(2);
    const phishing = objects(ev, "phishing");
    const hosts = phishing.map((o) => values(o, "hostname")[0]).sort();
    expect(hosts).toEqual(expect.arrayContaining(seen.map((f) => f.domain).sort()));
    // And nothing else is called phishing: a parked, unrelated or defensive name never is.
    for (const host of hosts) expect(worldPhishing.has(host!), `${host} is phishing in the world`).toBe(true);

    const byUuid = new Map(ev.Object.map((o) => [o.uuid, o]));
    for (const f of seen) {
      const phish = phishing.find((o) => values(o, "hostname")[0] === f.domain)!;
      expect(values(phish, "target")).toEqual([world.scenario.brand.name]);
      expect(values(phish, "url")).toEqual([f.final_url]);
      const infra = byUuid.get(phish.ObjectReference[0]!.referenced_uuid)!;
      expect(infra.name).toBe("domain-ip");
      expect(values(infra, "domain")).toEqual([f.domain]);
      // The addresses the world's DNS answers for the name.
      const lookalike = world.scenario.lookalikes.find((l) => l.domain === f.domain)!;
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

  it("carries the takedown request and the desks it went to once the report was sent", async () => {
    const target = findings.find(
      (f) =>
        (f.login_form || f.password_form) &&
        world.scenario.lookalikes.some((l) => l.domain === f.domain && l.site_kind === "phishing"),
    )!;
    const c = await web.json<TTakedownCase>("POST", "/takedowns/cases", { finding_id: target.id });
    let last = c;
    await waitFor(
      async () => {
        last = await web.json<TTakedownCase>("GET", `/takedowns/cases/${c.case_id}`);
        if (last.evidence.status !== "capturing") return true;
        await sleep(200);
        return false;
      },
      "the evidence pack",
      120_000,
    );
    const send = await web.request("POST", `/takedowns/cases/${c.case_id}/send`, { body: {} });
    expect(send.status).toBe(202);
    await waitFor(
      async () => {
        last = await web.json<TTakedownCase>("GET", `/takedowns/cases/${c.case_id}`);
        if (last.first_sent_at && last.recipients.every((r) => r.state !== "sending")) return true;
        await sleep(200);
        return false;
      },
      "the report sent",
      60_000,
    );
    const phish = objects((await exported()).Event, "phishing").find(
      (o) => values(o, "hostname")[0] === target.domain,
    )!;
    expect(values(phish, "takedown-request")).toEqual([last.first_sent_at]);
    const desks = [...new Set(last.recipients.filter((r) => r.state === "sent").map((r) => r.address))];
    expect(desks.length).toBeGreaterThan(0);
    expect(values(phish, "takedown-request-to").sort()).toEqual(desks.sort());
  });
});
