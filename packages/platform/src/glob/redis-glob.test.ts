import { describe, expect, it } from "vitest";
import { escapeGlob, globMatch } from "./redis-glob.ts";

describe("globMatch", () => {
  it.each([
    ["bw:*", "bw:scan_update", true],
    ["bw:*", "bx:scan_update", false],
    ["*", "", true],
    ["h?llo", "hello", true],
    ["h?llo", "hllo", false],
    ["h[ae]llo", "hallo", true],
    ["h[ae]llo", "hillo", false],
    ["h[^e]llo", "hallo", true],
    ["h[^e]llo", "hello", false],
    ["h[a-c]llo", "hbllo", true],
    ["h[a-c]llo", "hdllo", false],
    ["a\\*b", "a*b", true],
    ["a\\*b", "axb", false],
    ["a.b", "axb", false],
    ["scan_(1)", "scan_(1)", true],
    ["x*y*z", "x--y--z", true],
    ["x*y*z", "x--z", false],
    ["line*", "line\nbreak", true],
  ])("%s matches %j: %s", (pattern, value, expected) => {
    expect(globMatch(pattern, value)).toBe(expected);
  });

  it("escapes a literal so it only matches itself", () => {
    const prefix = escapeGlob("t[1]*?");
    expect(globMatch(prefix + "*", "t[1]*?:key")).toBe(true);
    expect(globMatch(prefix + "*", "t1x:key")).toBe(false);
  });
});
