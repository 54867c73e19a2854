import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseCheckpoint, sthOfCheckpoint } from "./checkpoint.ts";
import { verifySth, type Sth } from "./ct-client.ts";
import { parseLeafInput } from "./leaf-parser.ts";

// Real answers of real CT logs (apps/worker/samples/ct, SOURCES.md): the leaf parser on a real
// get-entries body, and tree heads from a real get-sth and real static-ct checkpoints verified
// against the logs' published keys.

const sample = (name: string) =>
  readFileSync(new URL(`../../../../samples/ct/${name}`, import.meta.url), "utf8");
const keys = JSON.parse(sample("keys.json")) as Record<string, string>;

describe("CT clients on real log answers", () => {
  it("reads the entries of a real get-entries answer (names as openssl reads the certificates)", () => {
    const { entries } = JSON.parse(sample("get-entries-ct-go.json")) as {
      entries: Array<{ leaf_input: string }>;
    };
    const want = [
      {
        entry_type: "precert_entry",
        timestamp: 1422867427528,
        cn: "sdfedsf.trust",
        names: ["sdfedsf.trust", "kjasdhf.trust", "ssdfs.trust", "www.sdfedsf.trust"],
      },
      { entry_type: "x509_entry", timestamp: 1415843953342, cn: "csrcn.ssl24.jp", names: ["csrcn.ssl24.jp"] },
    ];
    const got = entries.map((e) => parseLeafInput(Buffer.from(e.leaf_input, "base64")));
    const right = { entry_type: 0, timestamp: 0, cn: 0, names: 0 };
    got.forEach((g, i) => {
      const w = want[i]!;
      if (g.entry_type === w.entry_type) right.entry_type++;
      if (g.timestamp === w.timestamp) right.timestamp++;
      if (g.cn === w.cn) right.cn++;
      if ([...g.names].sort().join() === [...w.names].sort().join()) right.names++;
    });
    const shares = Object.fromEntries(Object.entries(right).map(([k, n]) => [k, n / want.length]));
    console.log("get-entries: share right per field", shares);
    for (const share of Object.values(shares)) expect(share).toBeGreaterThanOrEqual(0.95);
  });

  it("verifies a real get-sth answer against the log's key", () => {
    const sth = JSON.parse(sample("get-sth-argon2024.json")) as Sth;
    expect(verifySth(sth, keys["ct.googleapis.com/logs/us1/argon2024"]!)).toBe(true);
  });

  it.each([
    ["checkpoint-rome-2024h1.txt", "rome.ct.filippo.io/2024h1", 115474666],
    // Signed four times; only the last signature is the RFC 6962 one (the Ed25519 one comes first).
    ["checkpoint-willow-2025h1b.txt", "willow.ct.letsencrypt.org/2025h1b", 1237717073],
  ])("reads %s as a tree head whose signature verifies against the log's key", (file, origin, size) => {
    const cp = parseCheckpoint(sample(file), file);
    expect(cp.origin).toBe(origin);
    const sth = sthOfCheckpoint(cp, file);
    expect(sth.tree_size).toBe(size);
    expect(verifySth(sth, keys[origin]!)).toBe(true);
  });
});
