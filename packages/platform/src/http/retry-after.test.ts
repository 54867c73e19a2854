import { describe, expect, it } from "vitest";
import { retryAfterMs } from "./retry-after.ts";

describe("retryAfterMs", () => {
  it("reads delta-seconds and HTTP dates, and nothing else", () => {
    expect(retryAfterMs("7", 0)).toBe(7000);
    expect(retryAfterMs(" 7 ", 0)).toBe(7000);
    expect(retryAfterMs("1.5", 0)).toBe(1500);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4000)).toBe(6000);
    expect(retryAfterMs("Wed, 21 Oct 2015 07:28:05 GMT", Date.parse("Wed, 21 Oct 2015 07:28:00 GMT"))).toBe(
      5000,
    );
    expect(retryAfterMs(new Date(1_000).toUTCString(), 4000)).toBe(0); // a date already past
    expect(retryAfterMs("soon", 0)).toBeNull();
    expect(retryAfterMs(undefined, 0)).toBeNull();
    expect(retryAfterMs(null, 0)).toBeNull();
  });
});
