import { describe, expect, it } from "vitest";
import { booleanFlag, commaList, durationMs, port, url } from "./env-fields.ts";

describe("env fields", () => {
  it("port", () => {
    expect(port().parse("3000")).toBe(3000);
    expect(port().parse(" 1 ")).toBe(1);
    for (const bad of ["0", "65536", "80.5", "abc", "-1", ""])
      expect(port().safeParse(bad).success).toBe(false);
  });

  it("booleanFlag", () => {
    expect(["true", "1", "TRUE"].map((v) => booleanFlag().parse(v))).toEqual([true, true, true]);
    expect(["false", "0", "False"].map((v) => booleanFlag().parse(v))).toEqual([false, false, false]);
    expect(booleanFlag().safeParse("yes").success).toBe(false);
  });

  it("url", () => {
    expect(url().parse("http://127.0.0.1:3001/api/v1")).toBe("http://127.0.0.1:3001/api/v1");
    expect(url(["redis", "rediss"]).parse("redis://127.0.0.1:6379")).toBe("redis://127.0.0.1:6379");
    expect(url().safeParse("not a url").success).toBe(false);
    expect(url(["redis"]).safeParse("http://x").success).toBe(false);
  });

  it("durationMs", () => {
    expect(["1500", "500ms", "30s", "5m", "2h", "1d"].map((v) => durationMs().parse(v))).toEqual([
      1500, 500, 30_000, 300_000, 7_200_000, 86_400_000,
    ]);
    for (const bad of ["", "1.5s", "-1", "5 weeks"]) expect(durationMs().safeParse(bad).success).toBe(false);
  });

  it("commaList", () => {
    expect(commaList().parse("a, b,,c ,")).toEqual(["a", "b", "c"]);
    expect(commaList().parse("")).toEqual([]);
  });
});
