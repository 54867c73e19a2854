import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smallScenario, startTestWorld } from "@brandwarden/world/testing/test-world";
import type { World } from "@brandwarden/world/world";
import { generatePermutations } from "@brandwarden/worker/capabilities/lookalike/generate";
import { runCli } from "./process.ts";

let world: World;
let ns: string;
let dir: string;
const NO_DNS = { DNS_NAMESERVERS: "127.0.0.1:9" }; // nothing answers there

const permute = (args: string[], env: Record<string, string> = {}) =>
  runCli(["permute", ...args], { NO_COLOR: "", ...env });

beforeAll(async () => {
  world = await startTestWorld(smallScenario(), { services: false });
  ns = world.env.DNS_NAMESERVERS!;
  dir = mkdtempSync(join(tmpdir(), "permute-test-"));
});
afterAll(async () => {
  await world?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** What the world says is registered among names we generate (SERVFAIL/no-answer names are not). */
function expectedRegistered(fuzzers?: string[]): string[] {
  const generated = new Set(
    generatePermutations("acmebank.com", { fuzzers: fuzzers as never }).permutations.map((p) => p.domain),
  );
  const live = world.scenario.lookalikes.filter(
    (l) => generated.has(l.domain) && l.dns.fault !== "servfail" && l.dns.fault !== "noanswer",
  );
  const owned = world.scenario.brand.owned_domains.filter((d) => generated.has(d.domain));
  return ["acmebank.com", ...owned.map((d) => d.domain), ...live.map((l) => l.domain)].sort();
}

describe("brandwarden permute against the world", { timeout: 180_000 }, () => {
  it("--registered --format json: dnstwist's fields plus domain_unicode and fuzzers", async () => {
    const {
      code,
      stdout: output,
      stderr,
    } = await permute(["acmebank.com", "--registered", "--format", "json", "--nameservers", ns]);
    expect(code).toBe(0);
    const rows = JSON.parse(output) as Array<Record<string, unknown>>;
    expect(rows.map((r) => r.domain).sort()).toEqual(expectedRegistered());
    expect(rows[0]).toMatchObject({ fuzzer: "*original", domain: "acmebank.com", status: "registered" });
    const l = world.scenario.lookalikes.find((x) => x.domain === rows[1]!.domain)!;
    expect(rows[1]).toMatchObject({ domain: l.domain, dns_ns: [...l.dns.ns].sort(), status: "registered" });
    for (const r of rows) {
      expect(Object.keys(r).slice(0, 2)).toEqual(["fuzzer", "domain"]);
      expect(r).toHaveProperty("domain_unicode");
      expect(Array.isArray(r.fuzzers)).toBe(true);
      // Every registered name carries the name servers the world delegates it to.
      const zone = [...world.scenario.lookalikes, ...world.scenario.brand.owned_domains].find(
        (x) => x.domain === r.domain,
      );
      expect(r.dns_ns, String(r.domain)).toEqual([...zone!.dns.ns].sort());
    }
    // Off a terminal: no bar, one line per stage with its counts and elapsed time.
    expect(stderr).not.toContain("\r");
    const total = generatePermutations("acmebank.com").permutations.filter((p) => p.valid).length + 1;
    expect(stderr).toMatch(new RegExp(`^generate: completed, ${total}/${total} in \\d+\\.\\d+s$`, "m"));
    expect(stderr).toMatch(
      new RegExp(`^resolve: completed, ${total}/${total}, ${rows.length} registered, \\d+ unregistered, \\d+ unknown in \\d+\\.\\d+s$`, "m"), // prettier-ignore
    );
  });

  it("--unregistered --format list, nameservers from DNS_NAMESERVERS, --concurrency", async () => {
    const fuzzers = ["omission", "transposition", "repetition"];
    const { code, stdout: output } = await permute(
      ["acmebank.com", "-u", "-f", "list", "--fuzzers", fuzzers.join(","), "--concurrency", "3"],
      { DNS_NAMESERVERS: ns },
    );
    expect(code).toBe(0);
    const names = output.trim().split("\n");
    const registered = new Set(expectedRegistered(fuzzers));
    expect(names.some((n) => registered.has(n))).toBe(false);
    const all = generatePermutations("acmebank.com", { fuzzers: fuzzers as never }).permutations;
    const servfail = new Set(world.scenario.lookalikes.filter((l) => l.dns.fault === "servfail").map((l) => l.domain)); // prettier-ignore
    expect(names.length).toBe(all.filter((p) => !registered.has(p.domain) && !servfail.has(p.domain)).length);
  });

  it("--format cli: a plain table off a terminal; --format csv; --output FILE", async () => {
    const base = ["acmebank.com", "--fuzzers", "omission,repetition", "--nameservers", ns];
    const cli = await permute([...base, "-r"]);
    expect(cli.code).toBe(0);
    const lines = cli.stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^FUZZER\s+DOMAIN\s+A\/AAAA\s+MX\s+NS$/);
    expect(lines[1]).toMatch(/^\*original\s+acmebank\.com\s+127\./);
    expect(cli.output).not.toContain("\x1b[");
    const coloured = await permute([...base, "-r", "--color", "always"]);
    expect(coloured.stdout).toContain("\x1b[32m");
    const noColour = await permute([...base, "-r", "--color", "always"], { NO_COLOR: "1" });
    expect(noColour.stdout).toContain("\x1b[32m"); // --color always wins over NO_COLOR

    const csv = await permute([...base, "--format", "csv"]);
    // The one CSV writer: every cell quoted, CRLF line ends, formula-leading text made inert.
    const csvLines = csv.stdout.trim().split("\r\n");
    expect(csvLines[0]).toBe('"fuzzer","domain","domain_unicode","fuzzers","dns_a","dns_aaaa","dns_mx","dns_ns","status"'); // prettier-ignore
    expect(csvLines[1]).toMatch(
      /^"\*original","acmebank\.com","acmebank\.com","","127\.[\d.;]+",.*,"registered"$/,
    );
    expect(csvLines.some((l) => l.endsWith(',"unregistered"'))).toBe(true);

    const file = join(dir, "out.json");
    const out = await permute([...base, "-f", "json", "-r", "-o", file, "--quiet"]);
    expect(out).toMatchObject({ code: 0, output: "" });
    expect(JSON.parse(readFileSync(file, "utf8"))[0].domain).toBe("acmebank.com");
  });

  it("-t/--threads, --format jsonl (one record a line), --progress json", async () => {
    const { code, stdout, stderr } = await permute([
      "acmebank.com",
      "-r",
      "-t",
      "50",
      "-f",
      "jsonl",
      "--progress",
      "json",
      "--nameservers",
      ns,
    ]);
    expect(code).toBe(0);
    const rows = stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { domain: string; fuzzer: string });
    expect(rows.map((r) => r.domain).sort()).toEqual(expectedRegistered());
    expect(rows[0]).toMatchObject({ fuzzer: "*original", domain: "acmebank.com" });
    const events = stderr
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(events.filter((e) => e.event === "stage").map((e) => e.stage)).toEqual(["generate", "resolve"]);
    const resolved = events.find((e) => e.event === "stage" && e.stage === "resolve")!;
    expect(resolved).toMatchObject({ status: "completed", registered: rows.length });
    expect(resolved.elapsed_ms).toBeTypeOf("number");
  });

  it("--dictionary FILE and --tld FILE feed their fuzzers (list does not resolve)", async () => {
    writeFileSync(join(dir, "words.txt"), "# words\nzorglub\n\nfrobnic\n");
    writeFileSync(join(dir, "tlds.txt"), "shop\nco.uk\n");
    const { code, stdout: output } = await permute(
      ["acmebank.com", "--fuzzers", "dictionary,tld-swap", "--dictionary", join(dir, "words.txt"), "--tld", join(dir, "tlds.txt"), "--format", "list"], // prettier-ignore
      NO_DNS,
    );
    expect(code).toBe(0);
    const names = output.trim().split("\n");
    expect(names[0]).toBe("acmebank.com");
    expect(names).toEqual(
      expect.arrayContaining([
        "acmebank-zorglub.com",
        "frobnicacmebank.com",
        "acmebank.shop",
        "acmebank.co.uk",
      ]),
    );
  });

  it("gives up a name server that does not answer: exit 1 naming it, not a wait for every name", async () => {
    const res = await permute(["acmebank.com", "-r", "-f", "list", "-t", "20"], NO_DNS);
    expect(res.code).toBe(1);
    expect(res.stdout).toBe("");
    expect(res.stderr).toMatch(
      /^brandwarden: no answer from 127\.0\.0\.1:9: the last 20 lookups timed out; given up \(check --nameservers\)$/m,
    );
  });

  it("prints punycode in list/json and Unicode in the table", async () => {
    const { stdout: output } = await permute(["bücher.de", "--fuzzers", "omission", "-f", "list"], NO_DNS);
    expect(output.split("\n")[0]).toBe("xn--bcher-kva.de");
  });

  it("takes the ideographic full stop as a dot, as UTS #46 maps it", async () => {
    const { stdout: output, code } = await permute(["bücher\u3002de", "--fuzzers", "omission", "-f", "list"], NO_DNS); // prettier-ignore
    expect(code).toBe(0);
    expect(output.split("\n")[0]).toBe("xn--bcher-kva.de");
  });
});

describe("bad input: one line, exit code 2", { timeout: 180_000 }, () => {
  const cases: Array<[string, string[], Record<string, string>, RegExp]> = [
    ["not a domain", ["not a domain!"], {}, /brandwarden: .*(domain|hostname|invalid)/i],
    ["unknown fuzzer", ["acmebank.com", "--fuzzers", "omission,nope"], {}, /unknown fuzzer "nope"/],
    ["leading dot", [".acmebank.com"], {}, /brandwarden: ".acmebank.com" starts with a dot/],
    [
      "unreadable dictionary",
      ["acmebank.com", "-d", "/no/such/words"],
      {},
      /cannot read dictionary file .*ENOENT/,
    ],
    ["unreadable TLD file", ["acmebank.com", "--tld", "/no/such/tlds"], {}, /cannot read TLD file .*ENOENT/],
    [
      "bad nameserver",
      ["acmebank.com", "--nameservers", "dns.example"],
      {},
      /--nameservers: invalid name server/,
    ],
    [
      "bad nameserver port",
      ["acmebank.com", "--nameservers", "127.0.0.1:99999"],
      {},
      /invalid name server port/,
    ],
    [
      "bad DNS_NAMESERVERS",
      ["acmebank.com"],
      { DNS_NAMESERVERS: "nope" },
      /DNS_NAMESERVERS: invalid name server/,
    ],
    ["bad format", ["acmebank.com", "--format", "xml"], {}, /invalid --format "xml"/],
    ["both filters", ["acmebank.com", "-r", "-u"], {}, /mutually exclusive/],
    ["zero concurrency", ["acmebank.com", "--concurrency", "0"], {}, /--concurrency must be an integer/],
    ["word concurrency", ["acmebank.com", "--concurrency", "many"], {}, /--concurrency must be an integer/],
    [
      "unwritable output",
      ["acmebank.com", "-f", "list", "-o", "/no/such/dir/out"],
      {},
      /cannot write .*ENOENT/,
    ],
    ["missing domain", [], {}, /missing required argument 'domain'/],
    ["zero threads", ["acmebank.com", "-t", "0"], {}, /--threads must be an integer/],
    ["unknown option", ["acmebank.com", "--bogus", "4"], {}, /unknown option '--bogus'/],
    ["bad progress", ["acmebank.com", "--progress", "loud"], {}, /invalid --progress "loud"/],
    ["bad colour", ["acmebank.com", "--color", "pink"], {}, /invalid --color "pink"/],
  ];
  it.each(cases)("%s", async (_name, args, env, message) => {
    const { code, output } = await permute(args, { ...NO_DNS, ...env });
    expect(code).toBe(2);
    const first = output.trim().split("\n")[0]!;
    expect(first).toMatch(message);
    // Our own checks print exactly one line; commander adds its "(run with --help for usage)" hint.
    expect(
      output
        .trim()
        .split("\n")
        .filter((l) => !l.startsWith("(run with --help")).length,
    ).toBe(1);
  });
});
