import { describe, expect, it } from "vitest";
import { csvCell, csvLine, recordsToCsv, toCsv } from "./csv-writer.ts";
import { readAsSpreadsheet, startsAsFormula } from "./testing/spreadsheet-read.ts";

const parse = readAsSpreadsheet;

describe("csv writer", () => {
  it.each([
    ['=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")'],
    ["+1+1", "'+1+1"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tcmd", "'\tcmd"],
    ["\rcmd", "'\rcmd"],
  ])("prefixes %j with a single quote so it is shown as text", (input, shown) => {
    const [[cell]] = parse(csvLine([input]), ",") as [[string]];
    expect(cell).toBe(shown);
  });

  it("quotes every cell, plain ones and the header too", () => {
    expect(toCsv(["domain", "score"], [["a.example", 80]])).toBe('"domain","score"\r\n"a.example","80"\r\n');
  });

  it("doubles quotes inside a cell (RFC 4180)", () => {
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(parse(csvLine(['say "hi"']), ",")).toEqual([['say "hi"']]);
  });

  it("keeps newlines inside the quoted cell instead of starting a new record", () => {
    const doc = toCsv(["title"], [["line one\nline two\r\nthree"]]);
    expect(parse(doc, ",")).toEqual([["title"], ["line one\nline two\r\nthree"]]);
  });

  it("keeps the semicolon-locale payload inert: no cell a ; reader splits off starts as a formula", () => {
    const payload = "Login;=cmd|' /C calc'!A0";
    const doc = toCsv(["domain", "title"], [["evil.example", payload]]);
    for (const separator of [",", ";"] as const) {
      for (const cell of parse(doc, separator).flat()) expect(startsAsFormula(cell)).toBe(false);
    }
    expect(parse(doc, ",")[1]).toEqual(["evil.example", payload]);
  });

  it("writes numbers as numbers, empty for null, JSON for lists", () => {
    expect(csvLine([-15, null, undefined, ["a", "b"]])).toBe('"-15","","","[""a"",""b""]"\r\n');
  });

  it("takes its columns from the first record and gives nothing for no records", () => {
    expect(recordsToCsv([])).toBe("");
    expect(recordsToCsv([{ domain: "x.example", registrar: "=cmd|evil" }])).toBe(
      '"domain","registrar"\r\n"x.example","\'=cmd|evil"\r\n',
    );
  });
});
