import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WorldCa } from "../tls/ca.ts";
import { startCtLog, type RunningCtLog } from "./ct-log.ts";
import { parseTilePath, tileIndexPath } from "./ct-log-tiles.ts";

describe("the world's CT log controls and listings", () => {
  let log: RunningCtLog;
  beforeAll(async () => {
    log = await startCtLog(
      new WorldCa(),
      [{ names: ["first.example"], precert: true, timestamp: 1 }],
      "127.0.0.1",
      0,
    );
  });
  afterAll(() => log?.close());

  const post = (path: string, body: string, type: string) =>
    fetch(`${log.baseUrl}${path}`, { method: "POST", headers: { "content-type": type }, body });

  it("appends a certificate sent as JSON, with or without a JSON content type", async () => {
    const size = log.treeSize();
    const a = await post("__control/append", JSON.stringify({ names: ["json.example"] }), "application/json");
    expect(a.status).toBe(200);
    expect(await a.json()).toEqual({ index: size });
    const b = await post(
      "__control/append",
      JSON.stringify({ names: ["text.example"], precert: false }),
      "text/plain",
    );
    expect(await b.json()).toEqual({ index: size + 1 });
    expect(log.treeSize()).toBe(size + 2);
  });

  it("refuses an append without names, or a body that is not JSON, with a clear error", async () => {
    const none = await post("__control/append", JSON.stringify({ names: [] }), "application/json");
    expect(none.status).toBe(400);
    expect(((await none.json()) as { error: string }).error).toMatch(/names/);
    const garbage = await post("__control/append", "{names:", "text/plain");
    expect(garbage.status).toBe(400);
    expect(((await garbage.json()) as { error: string }).error).toBe("body is not JSON");
  });

  it("sets faults from a JSON body", async () => {
    const r = await post(
      "__control/faults",
      JSON.stringify({ fail_next: 1, status: 503 }),
      "application/json",
    );
    expect(r.status).toBe(200);
    expect((await fetch(`${log.baseUrl}ct/v1/get-sth`)).status).toBe(503);
    expect((await fetch(`${log.baseUrl}ct/v1/get-sth`)).status).toBe(200);
  });

  it("serves a v3 log list naming its RFC 6962 and static-ct views with its key", async () => {
    const list = (await (await fetch(log.logListUrl)).json()) as {
      operators: Array<{
        logs: Array<{ url: string; key: string; state: object }>;
        tiled_logs?: Array<{ monitoring_url: string }>;
      }>;
    };
    const [op] = list.operators;
    expect(op!.logs[0]).toMatchObject({ url: log.baseUrl, key: log.publicKey, state: { usable: {} } });
    expect(op!.tiled_logs![0]!.monitoring_url).toBe(log.tiledUrl);
  });

  it("serves the static-ct read path as Sunlight logs do: gzipped data tiles, two signatures with the spec's key id", async () => {
    const tile = await fetch(`${log.tiledUrl}tile/data/000.p/${log.treeSize()}`);
    expect(tile.status).toBe(200);
    expect(tile.headers.get("content-encoding")).toBe("gzip");
    const note = await (await fetch(`${log.tiledUrl}checkpoint`)).text();
    const origin = note.split("\n")[0]!;
    const sigs = note.split("\n\n")[1]!.trim().split("\n");
    expect(sigs).toHaveLength(2);
    const rfc6962 = Buffer.from(sigs[1]!.split(" ")[2]!, "base64");
    const logId = createHash("sha256").update(Buffer.from(log.publicKey, "base64")).digest();
    const keyId = createHash("sha256")
      .update(Buffer.concat([Buffer.from(`${origin}\n`), Buffer.from([0x05]), logId]))
      .digest()
      .subarray(0, 4);
    expect(rfc6962.subarray(0, 4)).toEqual(keyId);
    // The issuer the tile's first entry names, as DER hashing to its fingerprint.
    const leaves = Buffer.from(await tile.arrayBuffer());
    const fp = leaves.subarray(leaves.length - 32);
    const issuer = await fetch(`${log.tiledUrl}issuer/${fp.toString("hex")}`);
    expect(issuer.headers.get("content-type")).toBe("application/pkix-cert");
    expect(
      createHash("sha256")
        .update(Buffer.from(await issuer.arrayBuffer()))
        .digest(),
    ).toEqual(fp);
    expect((await fetch(`${log.tiledUrl}issuer/${"00".repeat(32)}`)).status).toBe(404);
  });

  it("answers get-entries as Trillian's CTFE does: plain-text errors, pages cut at the cap's boundary", async () => {
    const beyond = await fetch(
      `${log.baseUrl}ct/v1/get-entries?start=${log.treeSize() + 5}&end=${log.treeSize() + 9}`,
    );
    expect(beyond.status).toBe(400);
    expect(beyond.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await beyond.text()).toBe(
      `need tree size: ${log.treeSize() + 6} to get leaves but only got: ${log.treeSize()}\n`,
    );
    const big = await startCtLog(
      new WorldCa(),
      Array.from({ length: 20 }, (_, i) => ({ names: [`n${i}.example`], precert: false, timestamp: i })),
      "127.0.0.1",
      0,
      { pageCap: 8 },
    );
    try {
      const page = (await (await fetch(`${big.baseUrl}ct/v1/get-entries?start=3&end=19`)).json()) as {
        entries: unknown[];
      };
      expect(page.entries).toHaveLength(5); // 3..7, then aligned pages of 8
    } finally {
      await big.close();
    }
  });

  it("names data tiles the static-ct way", () => {
    expect(tileIndexPath(0)).toBe("000");
    expect(tileIndexPath(1234067)).toBe("x001/x234/067");
    expect(parseTilePath("x001/x234/067")).toEqual({ n: 1234067, width: null });
    expect(parseTilePath("005.p/17")).toEqual({ n: 5, width: 17 });
    expect(parseTilePath("005.p/256")).toBeNull();
    expect(parseTilePath("5")).toBeNull();
  });
});
