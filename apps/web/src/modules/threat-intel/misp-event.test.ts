import { describe, expect, it } from "vitest";
import { loadWithPyMisp, mispProblems, TEMPLATES } from "../../../test/misp-checks.ts";
import {
  buildMispEvent,
  MISP_SCREENSHOT_MAX_BYTES,
  MISP_TEMPLATES,
  type MispDomainFinding,
  type MispEventInput,
  type MispSocialFinding,
} from "./misp-event.ts";
import { uuidv5 } from "./stix-ids.ts";

// The MISP event against MISP's own material: the misp-objects templates, describeTypes.json,
// the relationship types and the taxonomies (test/misp-checks.ts), and PyMISP loading it.

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const USER = "5d0c8f0e-7a51-4b7e-9d3f-0f6a2b1c9e11";

const domain = (over: Partial<MispDomainFinding> & { domain: string }): MispDomainFinding => ({
  id: `00000000-0000-4000-8000-${String(Math.abs(hash(over.domain)))
    .padStart(12, "0")
    .slice(0, 12)}`,
  domain_unicode: null,
  fuzzer: "addition",
  dns_a: ["198.51.100.7"],
  dns_aaaa: [],
  final_url: `https://${over.domain}/login`,
  login_form: false,
  password_form: false,
  redirects_to_brand: false,
  threat_feed_hits: null,
  ai_verdict: null,
  label: null,
  score: 50,
  severity: "medium",
  adjusted_score: null,
  adjusted_severity: null,
  campaign_id: null,
  registration_created: "2026-10-01T00:00:00.000Z",
  first_seen_at: "2026-10-02T08:00:00.000Z",
  updated_at: "2026-11-20T10:00:00.000Z",
  ...over,
});
function hash(s: string): number {
  let h = 0;
  for (const c of s) h = (h * 31 + c.charCodeAt(0)) | 0;
  return h;
}
const social = (over: Partial<MispSocialFinding> & { handle: string }): MispSocialFinding => ({
  platform: "x",
  status: "found",
  profile_url: `https://x.com/${over.handle}`,
  display_name: "Acme Bank Support",
  owned_evidence: null,
  label: null,
  severity: "high",
  adjusted_severity: null,
  updated_at: "2026-11-20T10:00:00.000Z",
  ...over,
});

function input(over: Partial<MispEventInput> = {}): MispEventInput {
  return {
    userId: USER,
    brand: { name: "Acme Bank", handles: [{ platform: "x", handle: "acmebank" }] },
    tlp: "amber",
    minSeverity: "medium",
    scan: {
      id: "8b1f5c1e-2f4d-4c55-9a0e-6f7d8e9fa0b1",
      status: "completed",
      created_at: "2026-11-20T09:00:00.000Z",
      completed_at: "2026-11-20T10:30:00.000Z",
    },
    domains: [
      domain({
        domain: "acmebank-login.com",
        login_form: true,
        password_form: true,
        severity: "critical",
        score: 88,
        campaign_id: "ip:198.51.100.7",
        dns_aaaa: ["2001:db8::7"],
      }),
      domain({ domain: "acmebank-verify.net", threat_feed_hits: [{ feed: "openphish" }], severity: "high" }),
      domain({ domain: "acmebank.shop", severity: "high", final_url: null, label: "confirmed" }),
      domain({ domain: "acmebank.info", severity: "low", score: 25 }),
      domain({ domain: "acmebank-secure.com", login_form: true, label: "benign" }),
      domain({ domain: "acmebank.co", login_form: true, redirects_to_brand: true }),
    ],
    social: [
      social({ handle: "acmebank_help" }),
      social({ handle: "acmebank", owned_evidence: "verified link to acmebank.com" }),
      social({ handle: "acme_bank_fan", severity: "low" }),
      social({
        platform: "telegram",
        handle: "AcmeBankSupport",
        profile_url: "https://t.me/AcmeBankSupport",
      }),
    ],
    campaigns: [
      { campaign_id: "ip:198.51.100.7", name: "Example Host 198.51.100.7 · 3 domains", kind: "attack" },
      { campaign_id: "ns:brand", name: "Acme's own registrations", kind: "defensive" },
    ],
    cases: [
      {
        kind: "domain",
        domain: "acmebank-login.com",
        state: "down",
        recipients: [
          { address: "abuse@registrar.example", state: "sent" },
          { address: "abuse@host.example", state: "sent" },
          { address: "abuse@unused.example", state: "ready" },
        ],
        opened_at: "2026-11-20T11:00:00.000Z",
        first_sent_at: "2026-11-20T11:05:00.000Z",
        down_at: "2026-11-21T09:00:00.000Z",
      },
    ],
    screenshots: new Map([[domain({ domain: "acmebank-login.com" }).id, PNG]]),
    ...over,
  };
}

type Ev = ReturnType<typeof buildMispEvent>["Event"];
const objectsOf = (ev: Ev, name: string) => ev.Object.filter((o) => o.name === name);
const values = (o: Ev["Object"][number], rel: string) =>
  o.Attribute.filter((a) => a.object_relation === rel).map((a) => a.value);
const byValue = (ev: Ev, name: string, rel: string, value: string) =>
  objectsOf(ev, name).find((o) => values(o, rel).includes(value));

describe("MISP event", () => {
  it("makes RFC 4122 version 5 UUIDs (the RFC's DNS-namespace example)", () => {
    expect(uuidv5("6ba7b810-9dad-11d1-80b4-00c04fd430c8", "www.example.com")).toBe(
      "2ed6657d-e927-568b-95e1-2665a8aea6a2",
    );
  });

  it("writes the templates' uuid and version as misp-objects publishes them", () => {
    for (const [name, t] of Object.entries(MISP_TEMPLATES)) {
      expect(TEMPLATES[name], name).toBeDefined();
      expect({ uuid: t.uuid, version: t.version, meta: t.metaCategory }).toEqual({
        uuid: TEMPLATES[name]!.uuid,
        version: TEMPLATES[name]!.version,
        meta: TEMPLATES[name]!["meta-category"],
      });
    }
  });

  it("holds only what MISP's templates, types, relationships and taxonomies allow", () => {
    const doc = buildMispEvent(input());
    expect(mispProblems(doc)).toEqual([]);
  });

  it("has a phishing object per phishing lookalike, a domain-ip per lookalike at or above the floor", () => {
    const ev = buildMispEvent(input()).Event;
    // Login form, feed listing; not the benign one, not the one forwarding to the brand.
    expect(
      objectsOf(ev, "phishing")
        .map((o) => values(o, "url")[0])
        .sort(),
    ).toEqual(["https://acmebank-login.com/login", "https://acmebank-verify.net/login"]);
    // The low one is under the medium floor; the confirmed high one is infrastructure only.
    expect(
      objectsOf(ev, "domain-ip")
        .map((o) => values(o, "domain")[0])
        .sort(),
    ).toEqual(["acmebank-login.com", "acmebank-verify.net", "acmebank.shop"]);
    const infra = byValue(ev, "domain-ip", "domain", "acmebank-login.com")!;
    expect(values(infra, "ip")).toEqual(["198.51.100.7", "2001:db8::7"]);
    expect(values(infra, "first-seen")).toEqual(["2026-10-02T08:00:00.000Z"]);
    expect(values(infra, "last-seen")).toEqual(["2026-11-20T10:30:00.000Z"]);
    expect(values(infra, "registration-date")).toEqual(["2026-10-01T00:00:00.000Z"]);
    const phish = byValue(ev, "phishing", "hostname", "acmebank-login.com")!;
    expect(values(phish, "target")).toEqual(["Acme Bank"]);
    expect(phish.ObjectReference).toEqual([
      expect.objectContaining({ referenced_uuid: infra.uuid, relationship_type: "hosted-by" }),
    ]);
    // The name is blocked, never the addresses (often a CDN's or a shared host's).
    const url = phish.Attribute.find((a) => a.object_relation === "url")!;
    expect(url.to_ids).toBe(true);
    expect(phish.Attribute.filter((a) => a.type === "ip-dst").every((a) => !a.to_ids)).toBe(true);
    expect(url.Tag?.map((t) => t.name)).toEqual([
      'brandwarden:campaign="Example Host 198.51.100.7 · 3 domains"',
      'phishing:state="down"',
      'phishing:action="take-down"',
    ]);
  });

  it("carries the takedown request, its recipients and the time the site went down", () => {
    const ev = buildMispEvent(input()).Event;
    const phish = byValue(ev, "phishing", "hostname", "acmebank-login.com")!;
    expect(values(phish, "takedown-request")).toEqual(["2026-11-20T11:05:00.000Z"]);
    expect(values(phish, "takedown-request-to")).toEqual(["abuse@registrar.example", "abuse@host.example"]);
    expect(values(phish, "takedown-time")).toEqual(["2026-11-21T09:00:00.000Z"]);
    expect(values(phish, "online")).toEqual(["No"]);
    const open = byValue(ev, "phishing", "hostname", "acmebank-verify.net")!;
    for (const rel of ["takedown-request", "takedown-request-to", "takedown-time"])
      expect(values(open, rel)).toEqual([]);
    expect(values(open, "online")).toEqual(["Yes"]);
    // The event's time is the latest change it holds (here the site going down).
    expect(ev.timestamp).toBe(String(Date.parse("2026-11-21T09:00:00.000Z") / 1000));
  });

  it("attaches a screenshot as base64 up to the cap, and leaves a larger one out", () => {
    const ev = buildMispEvent(input()).Event;
    const shot = byValue(ev, "phishing", "hostname", "acmebank-login.com")!.Attribute.find(
      (a) => a.object_relation === "screenshot",
    )!;
    expect(shot).toMatchObject({ type: "attachment", value: "acmebank-login.com.png", to_ids: false });
    expect(Buffer.from(shot.data!, "base64").equals(PNG)).toBe(true);
    const big = Buffer.alloc(MISP_SCREENSHOT_MAX_BYTES + 1, 1);
    const id = domain({ domain: "acmebank-login.com" }).id;
    const without = buildMispEvent(input({ screenshots: new Map([[id, big]]) })).Event;
    expect(values(byValue(without, "phishing", "hostname", "acmebank-login.com")!, "screenshot")).toEqual([]);
  });

  it("has an impersonation object per impersonating account at or above the floor", () => {
    const ev = buildMispEvent(input()).Event;
    const accounts = objectsOf(ev, "impersonation");
    expect(accounts.map((o) => values(o, "account-name")[0]).sort()).toEqual([
      "AcmeBankSupport",
      "acmebank_help",
    ]);
    const x = byValue(ev, "impersonation", "account-name", "acmebank_help")!;
    expect(values(x, "account-url")).toEqual(["https://x.com/acmebank_help"]);
    expect(values(x, "impersonated-account-name")).toEqual(["acmebank"]);
    expect(values(x, "type-of-account")).toEqual(["Twitter"]);
    const tg = byValue(ev, "impersonation", "account-name", "AcmeBankSupport")!;
    expect(values(tg, "type-of-account")).toEqual(["Other"]);
  });

  it("tags TLP from the user's setting, the brand, phishing and the attack campaigns", () => {
    const ev = buildMispEvent(input()).Event;
    expect(ev.Tag.map((t) => t.name)).toEqual([
      "tlp:amber",
      'gsma-fraud:business="brand-name-logo-abuse"',
      'brandwarden:target="Acme Bank"',
      'threats-to-dns:dns-abuse-or-misuse="domain-name-registration-abuse-cybersquatting"',
      'circl:incident-classification="phishing"',
      'brandwarden:campaign="Example Host 198.51.100.7 · 3 domains"',
    ]);
    expect(ev.Attribute).toEqual([
      expect.objectContaining({ type: "target-org", category: "Targeting data", value: "Acme Bank" }),
    ]);
    expect(ev).toMatchObject({ distribution: "0", threat_level_id: "1", analysis: "2", published: false });
    const red = buildMispEvent(input({ tlp: "red" })).Event;
    expect(red.Tag[0]!.name).toBe("tlp:red");
    const clear = buildMispEvent(input({ tlp: "clear" })).Event;
    expect([clear.Tag[0]!.name, clear.distribution]).toEqual(["tlp:clear", "3"]);
    expect(mispProblems({ Event: clear })).toEqual([]);
  });

  it("keeps its UUIDs across re-exports, so MISP updates the event instead of copying it", () => {
    const first = buildMispEvent(input()).Event;
    const cases = input().cases.map((c) => ({ ...c, state: "sent", down_at: null }));
    const again = buildMispEvent(input({ cases })).Event;
    expect(again.uuid).toBe(first.uuid);
    const uuids = (ev: Ev) => ev.Object.map((o) => `${o.name} ${o.uuid}`).sort();
    expect(uuids(again)).toEqual(uuids(first));
    // A value that changed keeps its attribute (one "online", now "Yes").
    const online = (ev: Ev) =>
      byValue(ev, "phishing", "hostname", "acmebank-login.com")!.Attribute.find(
        (a) => a.object_relation === "online",
      )!;
    expect(online(again).uuid).toBe(online(first).uuid);
    expect([online(first).value, online(again).value]).toEqual(["No", "Yes"]);
    // Another user's export of the same lookalike is another object.
    const other = buildMispEvent(input({ userId: "0f9e8d7c-6b5a-4c3d-8e2f-1a0b9c8d7e6f" })).Event;
    expect(other.uuid).not.toBe(first.uuid);
    expect(other.Object.map((o) => o.uuid).filter((u) => first.Object.some((o) => o.uuid === u))).toEqual([]);
  });

  it("reports what breaks a template (the checker is not a rubber stamp)", () => {
    const ev = buildMispEvent(input()).Event;
    const phish = structuredClone(objectsOf(ev, "phishing")[0]!);
    phish.template_version = "6";
    phish.Attribute.push({ ...phish.Attribute[0]!, uuid: uuidv5(phish.uuid, "dup") }); // a second url
    const online = phish.Attribute.find((a) => a.object_relation === "online")!;
    online.value = "maybe";
    phish.Attribute.push({ ...online, uuid: uuidv5(phish.uuid, "x"), object_relation: "colour" });
    const broken = {
      Event: {
        ...ev,
        Tag: [{ name: "tlp:beige" }, { name: 'circl:incident-classification="nope"' }],
        Object: [phish],
      },
    };
    const problems = mispProblems(broken).join("\n");
    expect(problems).toMatch(/template_version 6 is not 7/);
    expect(problems).toMatch(/url appears 2 times \(not multiple\)/);
    expect(problems).toMatch(/maybe not in values_list/);
    expect(problems).toMatch(/no relation colour in template phishing/);
    expect(problems).toMatch(/no predicate beige in tlp/);
    expect(problems).toMatch(/nope is not a value of circl:incident-classification/);
    expect(problems).toMatch(/reference to .* not in the event/);
  });

  it("loads in PyMISP: every object on its known template and valid by PyMISP's own checks", () => {
    const doc = buildMispEvent(input());
    const view = loadWithPyMisp(doc);
    expect(view).toMatchObject({
      uuid: doc.Event.uuid,
      date: "2026-11-20",
      published: false,
      distribution: 0,
    });
    expect(view.tags).toContain("tlp:amber");
    expect(view.objects).toHaveLength(doc.Event.Object.length);
    for (const o of view.objects) expect({ name: o.name, known: o.known_template, valid: o.valid }).toEqual({ name: o.name, known: true, valid: true }); // prettier-ignore
    const phish = view.objects.find((o) => o.attributes.some((a) => a.value === "acmebank-login.com.png"))!;
    expect(phish.attributes.find((a) => a.relation === "screenshot")).toMatchObject({
      type: "attachment",
      data: true,
    });
    expect(view.warnings).toEqual([]);
  });
});
