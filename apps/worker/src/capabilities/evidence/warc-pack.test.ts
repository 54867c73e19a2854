import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { WARCParser } from "warcio";
import { buildEvidenceWarc } from "./warc-pack.ts";

// The pack read back with warcio's own parser: what a desk's WARC tools would see.

const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489", "hex");
const at = new Date("2026-03-01T10:00:00.000Z");

async function readBack(warc: Buffer) {
  const out: { type: string | undefined; uri: string | null; headers: Headers | Map<string, string>; status: string | number | undefined; body: Buffer; http: Record<string, string> }[] = []; // prettier-ignore
  for await (const r of new WARCParser(new Blob([warc]).stream())) {
    const http = Object.fromEntries(r.httpHeaders?.headers ?? []);
    out.push({ type: r.warcType, uri: r.warcTargetURI ?? null, headers: r.warcHeaders.headers, status: r.httpHeaders?.statusCode, body: Buffer.from(await r.readFully(true)), http }); // prettier-ignore
  }
  return out;
}

describe("the evidence WARC", () => {
  it("holds warcinfo, every hop's request and response, the screenshot and the metadata", async () => {
    const pack = await buildEvidenceWarc({
      software: "Brandwarden 0.1.0",
      capturedAt: at,
      mode: "live",
      description: "Lookalike acme-login.com",
      exchanges: [
        { url: "http://acme-login.com/", at, requestHeaders: { "user-agent": "Brandwarden" }, status: 301, responseHeaders: { location: "https://acme-login.com/signin" }, body: Buffer.alloc(0) }, // prettier-ignore
        { url: "https://acme-login.com/signin", at, requestHeaders: { "user-agent": "Brandwarden" }, status: 200, responseHeaders: { "content-type": "text/html", "transfer-encoding": "chunked" }, body: Buffer.from("<form><input type=password></form>") }, // prettier-ignore
      ],
      screenshot: { uri: "urn:brandwarden:screenshot:f1", png: PNG, capturedAt: at },
      metadata: [{ uri: "urn:brandwarden:dns:acme-login.com", json: { a: ["192.0.2.7"] } }],
    });
    expect(pack.sha256).toBe(createHash("sha256").update(pack.warc).digest("hex"));
    expect(pack.size).toBe(pack.warc.length);
    // gzip per record: the file starts with a gzip member.
    expect(pack.warc.subarray(0, 2).toString("hex")).toBe("1f8b");

    const records = await readBack(pack.warc);
    expect(records.map((r) => r.type)).toEqual(["warcinfo", "request", "response", "request", "response", "resource", "metadata"]); // prettier-ignore
    const info = records[0]!.body.toString("utf8");
    expect(info).toContain("software: Brandwarden 0.1.0");
    expect(info).toContain("capture: live");
    expect(info).toContain("capture-time: 2026-03-01T10:00:00.000Z");
    expect(records[1]).toMatchObject({ uri: "http://acme-login.com/", http: { host: "acme-login.com", "user-agent": "Brandwarden" } }); // prettier-ignore
    expect(records[2]).toMatchObject({ status: 301, http: { location: "https://acme-login.com/signin" } });
    expect(records[4]!.status).toBe(200);
    expect(records[4]!.body.toString("utf8")).toBe("<form><input type=password></form>");
    expect(records[4]!.http["transfer-encoding"]).toBeUndefined();
    expect(records[5]).toMatchObject({ uri: "urn:brandwarden:screenshot:f1" });
    expect(records[5]!.body.equals(PNG)).toBe(true);
    expect(records[5]!.headers.get("Content-Type")).toBe("image/png");
    expect(JSON.parse(records[6]!.body.toString("utf8"))).toEqual({ a: ["192.0.2.7"] });
    expect(records.every((r) => r.headers.get("WARC-Record-ID"))).toBe(true);
  });

  it("says when the pack holds what the last scan saw", async () => {
    const pack = await buildEvidenceWarc({ software: "Brandwarden 0.1.0", capturedAt: at, mode: "last-scan", description: "gone", exchanges: [], screenshot: null, metadata: [] }); // prettier-ignore
    const [info] = await readBack(pack.warc);
    expect(info!.body.toString("utf8")).toContain("capture: last-scan");
  });
});
