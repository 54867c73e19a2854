import { describe, expect, it } from "vitest";
import { foundByPhrase, humanDuration } from "./detection-words.ts";

const MIN = 60_000;
const H = 60 * MIN;
const D = 24 * H;

describe("time-to-detect words", () => {
  it("says a duration the way an analyst reads it", () => {
    expect(humanDuration(20_000)).toBe("< 1 min");
    expect(humanDuration(40 * MIN)).toBe("40 min");
    expect(humanDuration(3 * H + 59 * MIN)).toBe("3 h");
    expect(humanDuration(2 * D + 4 * H + 10 * MIN)).toBe("2 d 4 h");
    expect(humanDuration(2 * D)).toBe("2 d");
    expect(humanDuration(45 * D + 5 * H)).toBe("45 d");
    // A clock a little behind is no negative time.
    expect(humanDuration(-5 * MIN)).toBe("< 1 min");
  });

  it("names every source that can see a lookalike first", () => {
    expect(foundByPhrase("ct")).toBe("found by Certificate Transparency");
    expect(foundByPhrase("zone", "com")).toBe("found in the .com zone file");
    expect(foundByPhrase("zone", ".net")).toBe("found in the .net zone file");
    expect(foundByPhrase("zone")).toBe("found in a zone file");
    expect(foundByPhrase("nrd")).toBe("found in the newly registered domains list");
    expect(foundByPhrase("watch")).toBe("found by the watch");
    expect(foundByPhrase("pinned")).toBe("found by the watch (pinned)");
    expect(foundByPhrase("scan")).toBe("found by a scan");
  });
});
