import { describe, expect, it } from "vitest";
import { runCli } from "./process.ts";

// `brandwarden demo --rtt MS --rdap-rate N` puts the demo world at internet speed; a bad value is
// a usage error naming the flag (exit 2) before anything starts.
describe("demo speed flags", () => {
  it.each([
    ["--rtt", "0", '--rtt: expected a whole number from 1 to 10000, got "0"'],
    ["--rtt", "fast", '--rtt: expected a whole number from 1 to 10000, got "fast"'],
    ["--rdap-rate", "2.5", '--rdap-rate: expected a whole number from 1 to 10000, got "2.5"'],
  ])(
    "%s %s exits 2 naming the flag",
    async (flag, value, message) => {
      const r = await runCli(["demo", flag, value], { DATA_DIR: "/tmp/bw-demo-flags" });
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(`brandwarden: ${message}\n`);
    },
    60_000,
  );
});
