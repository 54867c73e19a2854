import { describe, expect, it } from "vitest";
import { readAsSpreadsheet, startsAsFormula } from "@brandwarden/platform/csv/testing/spreadsheet-read";
import { formatScanResult, type ScanRow } from "./scan-format.ts";

// Issue 17 point 9: `brandwarden scan --format csv` writes what phishers control (page titles,
// registrars) so that no spreadsheet, whatever its list separator, runs it as a formula.

const PAYLOAD = "Login;=cmd|' /C calc'!A0";

const rows: ScanRow[] = [
  {
    domain: "acmebank-login.com",
    score: 91,
    severity: "critical",
    page_title: PAYLOAD,
    registrar: '=HYPERLINK("http://evil.example","Registrar")',
    login_form: true,
  },
  { domain: "acme-bank.net", score: 40, severity: "medium", page_title: "@SUM(1+1)", registrar: "-2+3" },
];

describe("scan --format csv", () => {
  it.each([",", ";"] as const)(
    "never lets a cell start as a formula when read with %j as the separator",
    (separator) => {
      const csv = formatScanResult(rows, "csv");
      const cells = readAsSpreadsheet(csv, separator).flat();
      expect(cells.filter(startsAsFormula)).toEqual([]);
    },
  );

  it("quotes every cell, keeps the title whole and marks formula text as text", () => {
    const csv = formatScanResult(rows, "csv");
    const [header, first, second] = readAsSpreadsheet(csv, ",");
    const col = (name: string) => header!.indexOf(name);
    expect(first![col("page_title")]).toBe(PAYLOAD);
    expect(first![col("registrar")]).toBe(`'=HYPERLINK("http://evil.example","Registrar")`);
    expect(second![col("page_title")]).toBe("'@SUM(1+1)");
    expect(second![col("registrar")]).toBe("'-2+3");
    // Every line is quoted cell by cell: read with ";" each record stays in one piece per cell.
    for (const line of csv.trimEnd().split("\r\n"))
      expect(line).toMatch(/^"(?:[^"]|"")*"(?:,"(?:[^"]|"")*")*$/);
    expect(readAsSpreadsheet(csv, ";")[1]![0]).toContain(PAYLOAD);
  });
});
