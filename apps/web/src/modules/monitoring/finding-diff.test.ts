import { describe, expect, it } from "vitest";
import { describeChanges, diffDomainEvidence, diffSocialEvidence } from "./finding-diff.ts";
import { loadPageComparer } from "./page-similarity.ts";

// Two real TLSH hashes (the worker's format): a parking page and a login-page clone.
const PARKED = "tlsh:T1B1A1C4D2E3F4051627384950A1B2C3D4E5F60718293A4B5C6D7E8F90A1B2C3D4E5F607";
const CLONE = "tlsh:T19F41A7B2C3D4E5F60718293A4B5C6D7E8F90A1B2C3D4E5F60718293A4B5C6D7E8F90A1";

const base = {
  registrar: "NameCheap, Inc.",
  registration_created: "2025-05-01T00:00:00.000Z",
  registration_expires: "2026-05-01T00:00:00.000Z",
  dns_a: ["10.0.0.1"],
  dns_aaaa: [],
  dns_mx: ["mx.example.net"],
  dns_ns: ["ns1.parking.example", "ns2.parking.example"],
  http_status: 200,
  final_url: "https://acmebank-login.com/",
  page_title: "acmebank-login.com is for sale",
  login_form: false,
  password_form: false,
  html_hash: PARKED,
  screenshot_hash: "dhash:0000000000000000",
  tls_fingerprint: "aa:bb",
  severity: "low",
  adjusted_severity: null,
};

describe("change detection between two looks at a lookalike", () => {
  it("reports nothing for the same evidence (order and case of records aside)", async () => {
    const cmp = await loadPageComparer();
    const again = {
      ...base,
      dns_ns: ["NS2.parking.example", "ns1.parking.example"],
      registration_created: new Date(base.registration_created),
    };
    expect(diffDomainEvidence(base, again, cmp)).toEqual([]);
  });

  it("lists a parked page turned into a phishing page: forms, title, page content, score band", async () => {
    const cmp = await loadPageComparer();
    const phishing = {
      ...base,
      page_title: "Acme Bank - Sign in",
      login_form: true,
      password_form: true,
      html_hash: CLONE,
      severity: "high",
    };
    const changes = diffDomainEvidence(base, phishing, cmp);
    const fields = changes.map((c) => c.field);
    expect(fields).toEqual(["page_title", "login_form", "password_form", "page_content", "severity"]);
    expect(changes.find((c) => c.field === "login_form")).toEqual({
      field: "login_form",
      before: false,
      after: true,
    });
    expect(changes.find((c) => c.field === "page_content")!.similarity).toBeLessThan(0.8);
    expect(describeChanges(changes)).toBe(
      "login form appeared; password field appeared; page content changed (" +
        Math.round(changes.find((c) => c.field === "page_content")!.similarity! * 100) +
        "% similar); severity low → high; page title acmebank-login.com is for sale → Acme Bank - Sign in",
    );
  });

  it("lists registration, DNS, status, certificate and screenshot moves", async () => {
    const cmp = await loadPageComparer();
    const moved = {
      ...base,
      registrar: "GoDaddy.com, LLC",
      registration_created: "2025-06-01T00:00:00.000Z",
      dns_a: ["10.0.0.9"],
      dns_mx: [],
      http_status: null,
      tls_fingerprint: "cc:dd",
      screenshot_hash: "dhash:ffffffffffffffff",
    };
    expect(diffDomainEvidence(base, moved, cmp)).toEqual([
      { field: "registrar", before: "NameCheap, Inc.", after: "GoDaddy.com, LLC" },
      { field: "registration_created", before: base.registration_created, after: "2025-06-01T00:00:00.000Z" },
      { field: "dns_a", before: ["10.0.0.1"], after: ["10.0.0.9"] },
      { field: "dns_mx", before: ["mx.example.net"], after: [] },
      { field: "http_status", before: 200, after: null },
      {
        field: "screenshot",
        before: "dhash:0000000000000000",
        after: "dhash:ffffffffffffffff",
        similarity: 0,
      },
      { field: "tls_certificate", before: "aa:bb", after: "cc:dd" },
    ]);
  });

  it("does not count evidence that became unknown as a change, but counts a form that appeared", async () => {
    const cmp = await loadPageComparer();
    const unknown = {
      ...base,
      registrar: null,
      page_title: null,
      login_form: null,
      html_hash: null,
      tls_fingerprint: null,
    };
    expect(diffDomainEvidence(base, unknown, cmp)).toEqual([]);
    const noWebBefore = { ...base, http_status: null, login_form: null, page_title: null, html_hash: null };
    expect(
      diffDomainEvidence(noWebBefore, { ...noWebBefore, http_status: 200, login_form: true }, cmp),
    ).toEqual([
      { field: "http_status", before: null, after: 200 },
      { field: "login_form", before: null, after: true },
    ]);
  });

  it("uses the audited severity when there is one", async () => {
    const cmp = await loadPageComparer();
    expect(diffDomainEvidence(base, { ...base, adjusted_severity: "critical" }, cmp)).toEqual([
      { field: "severity", before: "low", after: "critical" },
    ]);
  });

  it("compares social profiles: name, bio, links, avatar, verified badge", () => {
    const sim = (a: string | null, b: string | null) => (a && b ? (a === b ? 1 : 0.2) : null);
    const before = {
      status: "found",
      display_name: "Acme Bank",
      bio: "Official",
      links: ["https://a.example"],
      avatar_hash: "x",
      verified: false,
      severity: "medium",
    };
    const after = {
      ...before,
      display_name: "Acme Bank Support",
      links: ["https://b.example"],
      avatar_hash: "y",
      verified: true,
    };
    expect(diffSocialEvidence(before, after, sim).map((c) => c.field)).toEqual([
      "display_name",
      "verified",
      "links",
      "avatar",
    ]);
  });
});
