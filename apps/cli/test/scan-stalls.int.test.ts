import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "@brandwarden/platform/testing/free-port";
import { smallScenario, startTestWorld } from "@brandwarden/world/testing/test-world";
import type { World } from "@brandwarden/world/world";
import { CATALOGUE_PLATFORMS } from "@brandwarden/worker/capabilities/social/catalogue/index";
import { startUnreachablePlatforms, type UnreachablePlatforms } from "@brandwarden/worker/testing/unreachable-platforms"; // prettier-ignore
import { runCli } from "./process.ts";

// No stalls: a 20-lookalike world where every social platform drops each connection and the
// RDAP and WHOIS servers refuse them. Each source is given up for the rest of the scan after 3
// failures in a row (a circuit breaker per platform and per source), named once in the scan log
// (the `log` events the CLI prints on stderr, the same the service keeps as the scan's log), and
// the scan completes with its findings. How long it takes is measured by bench/scan-stalls.ts.

let world: World;
let dead: UnreachablePlatforms;
let refusing: string;

beforeAll(async () => {
  [world, dead] = await Promise.all([
    startTestWorld(smallScenario({ lookalikes: 20 })),
    startUnreachablePlatforms(),
  ]);
  refusing = `127.0.0.1:${await freePort()}`; // nothing listens there: connections are refused
});
afterAll(async () => {
  await Promise.all([world?.stop(), dead?.stop()]);
});

describe("brandwarden scan with every social platform and the registration sources unreachable", () => {
  it("gives each up after 3 failures, names it once in the scan log, and completes", async () => {
    const env = {
      ...world.env,
      ...dead.env,
      RDAP_BOOTSTRAP_URL: `http://${refusing}/rdap/`,
      WHOIS_SERVER: refusing,
    };
    const res = await runCli(
      ["scan", "--domain", "acmebank.com", "--brand", "Acme Bank", "--no-screenshots", "-f", "list"],
      env,
    );
    expect(res.code, res.stderr).toBe(0);
    const listed = res.stdout.trim().split("\n");
    expect(listed.length).toBeGreaterThan(10);

    const givenUp = res.stderr.split("\n").filter((l) => l.includes("given up"));
    // One line per platform, naming it (its site and API are one source)...
    const social = givenUp.filter((l) => l.startsWith("warn: [social] "));
    expect(social.map((l) => l.split(" ")[2]).sort()).toEqual([...CATALOGUE_PLATFORMS].sort());
    for (const line of social) {
      expect(line).toMatch(/^warn: \[social\] \w+ unreachable \((ECONNRESET|UND_ERR_SOCKET), 3 failures in a row\); given up for the rest of the scan$/); // prettier-ignore
    }
    // ...which is asked no more: 3 failures plus what was already in flight (4 per platform).
    const perPlatform = new Map<string, number>();
    for (const [variable, n] of Object.entries(dead.connections())) {
      const platform = /^SOCIAL_(\w+?)_(BASE|API)_URL$/.exec(variable)![1]!;
      perPlatform.set(platform, (perPlatform.get(platform) ?? 0) + n);
    }
    for (const [platform, n] of perPlatform) expect(n, platform).toBeLessThanOrEqual(3 + 4);
    expect(res.stderr).toMatch(/^social: completed, (\d+)\/\1, 0 found, \1 unknown in \d+\.\d+s$/m);

    // The enrich stage gives up the RDAP server and the .com WHOIS server the same way.
    const enrich = givenUp.filter((l) => l.startsWith("warn: [enrich] "));
    expect(enrich).toContain(
      `warn: [enrich] ${refusing} unreachable (ECONNREFUSED, 3 failures in a row); given up for the rest of the scan`,
    );
    expect(enrich).toContain(
      "warn: [enrich] whois .com unreachable (ECONNREFUSED, 3 failures in a row); given up for the rest of the scan",
    );
    expect(new Set(givenUp).size).toBe(givenUp.length); // each source once
    expect(res.stderr).toMatch(/^enrich: completed, (\d+)\/\1 in /m);
  }, 240_000);

  it("gives up name servers that do not answer: the scan fails at once, naming them (exit 1)", async () => {
    const res = await runCli(
      ["scan", "--domain", "acmebank.com", "--brand", "Acme Bank", "--nameservers", "127.0.0.1:9", "--timeout", "1", "--stages", "score"], // prettier-ignore
      {},
    );
    expect(res.code, res.stderr).toBe(1);
    expect(res.stdout).toBe("");
    expect(res.stderr).toMatch(
      /^brandwarden: resolve: no answer from the name servers \(DNS_NAMESERVERS\): the last \d+ lookups timed out; given up$/m,
    );
    expect(res.stderr).toMatch(/^resolve: failed \(no answer from the name servers/m);
  }, 120_000);
});
