import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "./process.ts";

let dir: string;
const ROOT_ZONE = new URL("../../worker/samples/zones/root-zone-2018-head.zone", import.meta.url);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "zones-diff-cli-"));
  // Yesterday's copy: the real root-zone excerpt without its last two delegations (ac and academy).
  const today = readFileSync(ROOT_ZONE, "utf8");
  const yesterday = today
    .split("\n")
    .filter((l) => !/^(ac|academy)\.\s/.test(l))
    .join("\n");
  writeFileSync(join(dir, "yesterday.zone.gz"), gzipSync(yesterday));
  writeFileSync(join(dir, "today.zone"), today);
  writeFileSync(join(dir, "old.txt"), "bakery.com\ncontoso.com\n");
  writeFileSync(
    join(dir, "new.txt.gz"),
    gzipSync("contoso.com\n# comment\nContosoPay-Login.com\nbakery.com\nzz.org\n"),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("brandwarden zones diff", { timeout: 60_000 }, () => {
  it("prints the delegations NEW adds to OLD, sorted, one a line (gzip and plain zone files)", async () => {
    const r = await runCli(["zones", "diff", join(dir, "yesterday.zone.gz"), join(dir, "today.zone")]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("ac\nacademy\n");
  });

  it("lists of names, and --count", async () => {
    const list = await runCli(["zones", "diff", join(dir, "old.txt"), join(dir, "new.txt.gz")]);
    expect(list.stdout).toBe("contosopay-login.com\nzz.org\n");
    const count = await runCli(["zones", "diff", "--count", join(dir, "old.txt"), join(dir, "new.txt.gz")]);
    expect(count.stdout).toBe("2\n");
  });

  it("a missing file or a bad flag is a usage error (exit 2) naming it", async () => {
    const missing = await runCli(["zones", "diff", join(dir, "nope.zone"), join(dir, "today.zone")]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`cannot read OLD ${join(dir, "nope.zone")}: no such file`);
    const flag = await runCli(["zones", "diff", "--bogus", join(dir, "old.txt"), join(dir, "new.txt.gz")]);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain("--bogus");
  });

  it("a truncated gzip file fails with a message naming the problem (exit 1), no stack trace", async () => {
    const packed = gzipSync(readFileSync(ROOT_ZONE));
    writeFileSync(join(dir, "cut.zone.gz"), packed.subarray(0, packed.length - 50));
    const r = await runCli(["zones", "diff", join(dir, "yesterday.zone.gz"), join(dir, "cut.zone.gz")]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`brandwarden: ${join(dir, "cut.zone.gz")}: unexpected end of file`);
    expect(r.stderr).not.toContain("    at ");
  });
});
