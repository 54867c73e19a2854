import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readAsSpreadsheet, startsAsFormula } from "@brandwarden/platform/csv/testing/spreadsheet-read";
import { browserAgent } from "./browser-agent.ts";
import { insertDomainFinding, insertScan } from "./factories.ts";
import { startTestWeb, type TestWeb } from "./harness.ts";

// Issue 17 point 9: the dashboard's CSV export of phisher-controlled text (page titles,
// registrars) opens safely in any spreadsheet: every cell quoted, formula starts made inert,
// read with "," or with ";" (the list separator of many European locales).

const PAYLOAD = "Login;=cmd|' /C calc'!A0";

describe("findings CSV export with formula payloads", () => {
  let t: TestWeb;
  beforeAll(async () => {
    t = await startTestWeb("pglite");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("keeps the semicolon payload in one text cell and starts no cell as a formula", async () => {
    const a = browserAgent(t.app);
    const user = await a.signup("export@example.test");
    const scan = await insertScan(t.db, user.id, { status: "completed", completed_at: new Date() });
    await insertDomainFinding(t.db, scan.id, user.id, {
      domain: "acmebank-login.com",
      score: 90,
      page_title: PAYLOAD,
      registrar: '=HYPERLINK("http://evil.example","Registrar")',
      form_action: "+1+cmd|' /C calc'!A0",
    });
    await insertDomainFinding(t.db, scan.id, user.id, { domain: "acme-bank.net", page_title: "@SUM(1+1)" });

    const res = await a.get(`/dashboard/findings/export?scan_id=${scan.id}&format=csv&sort=domain&dir=asc`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toMatch(/attachment; filename="brandwarden-findings-.+\.csv"/);

    for (const separator of [",", ";"] as const) {
      const cells = readAsSpreadsheet(res.body, separator).flat();
      expect(cells.filter(startsAsFormula)).toEqual([]);
    }
    const [header, net, login] = readAsSpreadsheet(res.body, ",");
    const col = (name: string) => header!.indexOf(name);
    expect(login![col("page_title")]).toBe(PAYLOAD);
    expect(login![col("registrar")]).toBe(`'=HYPERLINK("http://evil.example","Registrar")`);
    expect(login![col("form_action")]).toBe("'+1+cmd|' /C calc'!A0");
    expect(net![col("page_title")]).toBe("'@SUM(1+1)");
    // Read with ";" the payload's own semicolon does not split its cell: it sits inside quotes.
    expect(res.body).toContain(`"${PAYLOAD}"`);
  });
});
