import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { createMemoryKv } from "@brandwarden/platform/kv/memory-kv";
import type { KeyValueStore } from "@brandwarden/platform/kv/kv";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { NameAssessor } from "../../capabilities/discovery/follow/assess-name.ts";
import { createBrandRegistry } from "../../capabilities/discovery/follow/brand-registry.ts";
import { CONTOSO, FABRIKAM } from "../../capabilities/discovery/follow/test-brands.ts";
import {
  discoveredAlert,
  type LookalikeDiscovered,
} from "../../capabilities/discovery/follow/discovered-alert.ts";
import { createDiscoveryHandOff } from "./hand-off.ts";
import { createZoneWatcher } from "./zone-watcher.ts";

const czds = (tld: string, labels: string[]) =>
  [`${tld}.\t900\tin\tsoa\ta.nic.${tld}. hostmaster.nic.${tld}. 1 1800 900 604800 86400`]
    .concat(
      labels.flatMap((l) => [
        `${l}.${tld}.\t172800\tin\tns\tns1.host.net.`,
        `${l}.${tld}.\t172800\tin\tns\tns2.host.net.`,
      ]),
    )
    .join("\n") + "\n";

describe("the zone-file watcher", () => {
  let dir: string;
  let zonesDir: string;
  let kv: KeyValueStore;
  let delivered: LookalikeDiscovered[];
  let warnings: Array<{ obj: Record<string, unknown>; msg: string }>;
  let clock: { t: number; now(): number };
  let mtime: number;
  let sinkFails: boolean;

  const assessor: NameAssessor = {
    assess: async (m, brand) => ({
      domain: m.name,
      original_domain: m.owned ?? brand.owned_domains[0]!,
      discovered_by: [m.source ?? "ct"],
      discovery_reason: m.reason,
      resolve_status: "registered",
      score: 64,
      severity: "high",
    }),
  };

  function watcher(owner = "w1") {
    const logger = {
      info: () => undefined,
      warn: (obj: Record<string, unknown>, msg: string) => void warnings.push({ obj, msg }),
    };
    return createZoneWatcher({
      dir: zonesDir,
      stateDir: path.join(dir, "state"),
      kv,
      owner,
      clock,
      brands: createBrandRegistry({ load: async () => [CONTOSO, FABRIKAM], refreshMs: 60_000, clock }),
      handOff: createDiscoveryHandOff({
        kv,
        prefix: "test",
        assessor,
        sink: async (d) => {
          if (sinkFails) throw new Error("event stream unavailable");
          delivered.push(d);
        },
      }),
      logger: logger as never,
      prefix: "test",
      sortMemory: "1K",
    });
  }

  /** Writes a zone file as a registry publishes it, a minute later each time. */
  function publish(name: string, content: string | Buffer) {
    const file = path.join(zonesDir, name);
    writeFileSync(file, content);
    mtime += 60;
    utimesSync(file, mtime, mtime);
  }

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "zone-watch-"));
    zonesDir = path.join(dir, "zones");
    mkdirSync(zonesDir);
    kv = createMemoryKv();
    delivered = [];
    warnings = [];
    clock = { t: 1_000_000, now: () => clock.t };
    mtime = 1_780_000_000;
    sinkFails = false;
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("the first copy is the baseline; a name new in the next copy is raised once per brand it imitates", async () => {
    const w = watcher();
    // contosopay-secure.com was there before the watch began: never raised.
    publish("com.zone.gz", gzipSync(czds("com", ["bakery", "contosopay-secure", "garden"])));
    const first = await w.round();
    expect(first.files).toEqual([
      expect.objectContaining({ file: "com.zone.gz", state: "baseline", names: 3, added: 0 }),
    ]);
    expect(delivered).toEqual([]);

    publish(
      "com.zone.gz",
      gzipSync(
        czds("com", [
          "garden",
          "contosopay-login",
          "bakery",
          "contosopay-secure",
          "fabrikam-contosopay",
          "tools",
        ]),
      ),
    );
    const second = await w.round();
    expect(second.files[0]).toMatchObject({ state: "diffed", names: 6, added: 3, handed: 3 });
    const got = delivered.map((d) => [d.user_id, d.domain]).sort();
    expect(got).toEqual(
      [
        [CONTOSO.user_id, "contosopay-login.com"],
        [CONTOSO.user_id, "fabrikam-contosopay.com"],
        [FABRIKAM.user_id, "fabrikam-contosopay.com"],
      ].sort(),
    );
    const alert = discoveredAlert(delivered.find((d) => d.domain === "contosopay-login.com")!);
    expect(alert).toMatchObject({
      type: "lookalike.discovered",
      subject: "contosopay-login.com",
      title: "New lookalike in the .com zone file: contosopay-login.com",
      finding: { discovered_by: ["zone"] },
      data: {
        source: "zone",
        zone: "com",
        file: "com.zone.gz",
        published_at: new Date(mtime * 1000).toISOString(),
      },
    });
    expect(alert.reason).toContain(`published at ${new Date(mtime * 1000).toISOString()}`);

    // The same file again: not read. Touched but the same names: read, nothing new.
    expect((await w.round()).files[0]!.state).toBe("unchanged");
    publish(
      "com.zone.gz",
      gzipSync(
        czds("com", [
          "garden",
          "contosopay-login",
          "bakery",
          "contosopay-secure",
          "fabrikam-contosopay",
          "tools",
        ]),
      ),
    );
    expect((await w.round()).files[0]).toMatchObject({ state: "diffed", added: 0 });
    expect(delivered).toHaveLength(3);
  });

  it("a name another source already handed on is not raised again", async () => {
    const w = watcher();
    publish("net.zone", czds("net", ["bakery"]));
    await w.round();
    await kv.set(`test:ct:seen:${CONTOSO.user_id}:contosopay-refund.net`, "12");
    publish("net.zone", czds("net", ["bakery", "contosopay-refund"]));
    expect((await w.round()).files[0]).toMatchObject({ added: 1, handed: 0 });
    expect(delivered).toEqual([]);
  });

  it("a broken file is logged with its name and not read again until it changes; the other files are read", async () => {
    const w = watcher();
    const packed = gzipSync(czds("com", ["bakery"]));
    publish("com.zone.gz", packed.subarray(0, packed.length - 30)); // truncated download
    publish("org.txt", "bakery.org\n");
    const first = await w.round();
    expect(first.files.map((f) => [f.file, f.state])).toEqual([
      ["com.zone.gz", "failed"],
      ["org.txt", "baseline"],
    ]);
    expect(warnings[0]).toMatchObject({ obj: { file: "com.zone.gz" } });

    publish("org.txt", "bakery.org\ncontosopay.org\n# comment\nnot a name\n");
    const second = await w.round();
    expect(second.files.map((f) => [f.file, f.state])).toEqual([
      ["com.zone.gz", "unchanged"],
      ["org.txt", "diffed"],
    ]);
    expect(second.files[1]).toMatchObject({ added: 1, handed: 1, skipped_lines: 1 });
    expect(delivered.map((d) => d.domain)).toEqual(["contosopay.org"]);

    // Fixed: read (as the baseline, since no good copy was kept).
    publish("com.zone.gz", packed);
    expect((await w.round()).files[0]).toMatchObject({ file: "com.zone.gz", state: "baseline" });
  });

  it("a failure to hand a name on keeps the previous copy: the next round raises it", async () => {
    const w = watcher();
    publish("com.zone", czds("com", ["bakery"]));
    await w.round();
    publish("com.zone", czds("com", ["bakery", "contosopay-help"]));
    sinkFails = true;
    expect((await w.round()).files[0]).toMatchObject({ state: "failed" });
    sinkFails = false;
    expect((await w.round()).files[0]).toMatchObject({ state: "diffed", added: 1, handed: 1 });
    expect(delivered.map((d) => d.domain)).toEqual(["contosopay-help.com"]);
  });

  it("two workers: the one holding a file's lease reads it, the other passes it by", async () => {
    publish("com.zone", czds("com", ["bakery"]));
    const a = watcher("a");
    const b = watcher("b");
    await kv.set("test:zones:lease:com.zone", JSON.stringify({ owner: "a", until: clock.t + 60_000 }));
    expect((await b.round()).files[0]!.state).toBe("standby");
    expect((await a.round()).files[0]!.state).toBe("baseline");
  });
});
