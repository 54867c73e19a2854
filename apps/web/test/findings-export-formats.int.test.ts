import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZStoredDomainFinding, ZStoredSocialFinding } from "@brandwarden/contract/findings";
import { ZFindingsExport, ZSocialFindingsExport } from "@brandwarden/contract/browser/findings";
import { DOMAIN_FINDING_FIELDS, SOCIAL_FINDING_FIELDS } from "@brandwarden/contract/finding-fields";
import { FINDINGS_EXPORTS } from "@brandwarden/contract/intel-words";
import { readAsSpreadsheet } from "@brandwarden/platform/csv/testing/spreadsheet-read";
import { browserAgent } from "./browser-agent.ts";
import { insertDomainFinding, insertScan, insertSocialFindings } from "./factories.ts";
import { startTestWeb, type TestWeb } from "./harness.ts";

// The export menu's plain formats (FINDINGS_EXPORTS): the domain table as JSON Lines beside CSV
// and JSON, and the social table in all three, with the domain export's conventions (an
// attachment, the contract's field names, 404 for another user's scan or none).

describe("findings exports: JSONL, and the social table", () => {
  let t: TestWeb;
  let owner: ReturnType<typeof browserAgent>;
  let scanId: string;
  const { domain, social } = FINDINGS_EXPORTS;

  beforeAll(async () => {
    t = await startTestWeb("pglite");
    owner = browserAgent(t.app);
    const user = await owner.signup(`exports-${randomUUID()}@example.test`);
    scanId = (await insertScan(t.db, user.id, { completed_at: new Date() })).id;
    await insertDomainFinding(t.db, scanId, user.id, {
      domain: "acmebank-login.com",
      score: 90,
      // A newline in phisher-controlled text must not split a JSON line.
      page_title: "Sign in\nAcme Bank",
    });
    await insertDomainFinding(t.db, scanId, user.id, { domain: "acme-bank.net", score: 40 });
    await insertSocialFindings(t.db, [
      { scan_id: scanId, user_id: user.id, platform: "x", handle: "acmebank_help", status: "found", score: 70, severity: "high", bio: "=HYPERLINK(\"http://evil.example\")" }, // prettier-ignore
      { scan_id: scanId, user_id: user.id, platform: "instagram", handle: "acme.bank", status: "found", score: 30, severity: "low" }, // prettier-ignore
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("offers JSONL for domain findings: one stored finding a line, as NDJSON", async () => {
    const res = await owner.get(`${domain.path}?scan_id=${scanId}&format=jsonl&sort=domain&dir=asc`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/x-ndjson/);
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="brandwarden-findings-${scanId}.jsonl"`,
    );
    const lines = res.body.split("\n");
    expect(lines.at(-1)).toBe(""); // every line ends with a newline
    const findings = lines.slice(0, -1).map((l) => ZStoredDomainFinding.parse(JSON.parse(l)));
    expect(findings.map((f) => f.domain)).toEqual(["acme-bank.net", "acmebank-login.com"]);
    expect(findings[1]!.page_title).toBe("Sign in\nAcme Bank");
    // The same findings as the JSON export, field for field.
    const json = ZFindingsExport.parse(
      (await owner.get(`${domain.path}?scan_id=${scanId}&format=json&sort=domain&dir=asc`)).json(),
    );
    expect(findings).toEqual(json.findings);
  });

  it("exports the social table as CSV: the contract's fields as the header, a row per account", async () => {
    const res = await owner.get(`${social.path}?scan_id=${scanId}&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="brandwarden-social-findings-${scanId}.csv"`,
    );
    const [header, ...rows] = readAsSpreadsheet(res.body, ",");
    expect(header).toEqual([...SOCIAL_FINDING_FIELDS]);
    const col = (name: string) => header!.indexOf(name);
    // Worst first, as the table shows them; formula text made inert.
    expect(rows.map((r) => `${r[col("platform")]}/${r[col("handle")]}`)).toEqual([
      "x/acmebank_help",
      "instagram/acme.bank",
    ]);
    expect(rows[0]![col("bio")]).toBe(`'=HYPERLINK("http://evil.example")`);
  });

  it("exports the social table as JSON ({scan_id, findings}) and JSONL (a finding a line)", async () => {
    const json = await owner.get(`${social.path}?scan_id=${scanId}&format=json`);
    expect(json.statusCode).toBe(200);
    expect(json.headers["content-disposition"]).toBe(
      `attachment; filename="brandwarden-social-findings-${scanId}.json"`,
    );
    const body = ZSocialFindingsExport.parse(json.json());
    expect(body.scan_id).toBe(scanId);
    expect(body.findings.map((f) => f.handle)).toEqual(["acmebank_help", "acme.bank"]);
    expect(Object.keys(json.json().findings[0]).sort()).toEqual([...SOCIAL_FINDING_FIELDS].sort());

    const jsonl = await owner.get(`${social.path}?scan_id=${scanId}&format=jsonl`);
    expect(jsonl.headers["content-type"]).toMatch(/^application\/x-ndjson/);
    const lines = jsonl.body.trimEnd().split("\n");
    expect(lines.map((l) => ZStoredSocialFinding.parse(JSON.parse(l)))).toEqual(body.findings);
    // An unknown format is JSON; the default scan is the newest.
    const other = await owner.get(`${social.path}?format=xml`);
    expect(ZSocialFindingsExport.parse(other.json()).findings).toHaveLength(2);
  });

  it("is 404 for another user's scan, or without any scan; the domain CSV has its header even when empty", async () => {
    const stranger = browserAgent(t.app);
    const u = await stranger.signup(`exports-other-${randomUUID()}@example.test`);
    expect((await stranger.get(`${social.path}?scan_id=${scanId}&format=csv`)).statusCode).toBe(404);
    expect((await stranger.get(`${social.path}?format=json`)).statusCode).toBe(404);
    const empty = (await insertScan(t.db, u.id)).id;
    const csv = await stranger.get(`${domain.path}?scan_id=${empty}&format=csv`);
    expect(readAsSpreadsheet(csv.body, ",")).toEqual([[...DOMAIN_FINDING_FIELDS]]);
    const none = await stranger.get(`${social.path}?scan_id=${empty}&format=jsonl`);
    expect([none.statusCode, none.body]).toEqual([200, ""]);
  });
});
