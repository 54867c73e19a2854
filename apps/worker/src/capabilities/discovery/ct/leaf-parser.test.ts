import { buildCtEntry } from "@brandwarden/world/services/ct-log-entries";
import { WorldCa } from "@brandwarden/world/tls/ca";
import { beforeAll, describe, expect, it } from "vitest";
import { LeafParseError, libraryNames, namesOfDer, parseLeafInput } from "./leaf-parser.ts";

// Tiny DER builder for hand-made, odd certificates.
function tlv(tag: number, ...parts: Uint8Array[]): Uint8Array {
  const body = Buffer.concat(parts);
  const len = body.length;
  const head = len < 128 ? [tag, len] : len < 256 ? [tag, 0x81, len] : [tag, 0x82, len >> 8, len & 0xff];
  return Buffer.concat([Buffer.from(head), body]);
}
const seq = (...p: Uint8Array[]) => tlv(0x30, ...p);
const oid = (...bytes: number[]) => tlv(0x06, Buffer.from(bytes));
const str = (tag: number, bytes: Buffer) => tlv(tag, bytes);
const CN = [0x55, 0x04, 0x03];
const SAN = [0x55, 0x1d, 0x11];
const utc = (s: string) => tlv(0x17, Buffer.from(s));

function tbs(subjectCn: Uint8Array, sans: Uint8Array[] | null): Uint8Array {
  const name = (value: Uint8Array) => seq(tlv(0x31, seq(oid(...CN), value)));
  const ext = sans ? [tlv(0xa3, seq(seq(oid(...SAN), tlv(0x04, seq(...sans)))))] : [];
  return seq(
    tlv(0xa0, tlv(0x02, Buffer.from([2]))),
    tlv(0x02, Buffer.from([1])),
    seq(oid(0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0b), tlv(0x05, Buffer.alloc(0))),
    name(str(0x13, Buffer.from("Test CA"))),
    seq(utc("250101000000Z"), utc("260101000000Z")),
    name(subjectCn),
    seq(seq(oid(0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01)), tlv(0x03, Buffer.from([0, 4, 1, 2]))),
    ...ext,
  );
}

function precertLeaf(tbsDer: Uint8Array, timestamp = 1_700_000_000_000): Buffer {
  const head = Buffer.alloc(12);
  head.writeBigUInt64BE(BigInt(timestamp), 2);
  head.writeUInt16BE(1, 10);
  const len = Buffer.from([tbsDer.length >> 16, (tbsDer.length >> 8) & 0xff, tbsDer.length & 0xff]);
  return Buffer.concat([head, Buffer.alloc(32, 7), len, tbsDer, Buffer.alloc(2)]);
}

describe("CT leaf parser", () => {
  let ca: WorldCa;
  beforeAll(() => {
    ca = new WorldCa();
  });

  it("reads an x509_entry's certificate: timestamp, CN and DNS SANs", () => {
    const e = buildCtEntry(ca, {
      names: ["acmebank-refund-center.xyz", "www.acmebank-refund-center.xyz"],
      precert: false,
      timestamp: 1_750_000_000_123,
    });
    const leaf = parseLeafInput(Buffer.from(e.leaf_input, "base64"));
    expect(leaf).toEqual({
      timestamp: 1_750_000_000_123,
      entry_type: "x509_entry",
      cn: "acmebank-refund-center.xyz",
      sans: ["acmebank-refund-center.xyz", "www.acmebank-refund-center.xyz"],
      names: ["acmebank-refund-center.xyz", "www.acmebank-refund-center.xyz"],
    });
  });

  it("reads a precert_entry's TBSCertificate (poison removed) and drops wildcards' duplicates only", () => {
    const e = buildCtEntry(ca, {
      names: ["Verify-AcmeBank-Account.help", "*.verify-acmebank-account.help"],
      precert: true,
      timestamp: 1_750_000_000_000,
    });
    const leaf = parseLeafInput(Buffer.from(e.leaf_input, "base64"));
    expect(leaf.entry_type).toBe("precert_entry");
    expect(leaf.names).toEqual(["verify-acmebank-account.help", "*.verify-acmebank-account.help"]);
  });

  it("agrees with the full X.509 decoder on real certificates", () => {
    const e = buildCtEntry(ca, { names: ["a.example", "b.example"], precert: false, timestamp: 1 });
    const leaf = Buffer.from(e.leaf_input, "base64");
    const der = leaf.subarray(15, leaf.length - 2);
    expect(namesOfDer(der, false)).toEqual({ cn: "a.example", sans: ["a.example", "b.example"] });
    expect(libraryNames(der, false)).toEqual(namesOfDer(der, false));
  });

  it("falls back to the full decoder for BER the lean reader refuses (indefinite length)", () => {
    const e = buildCtEntry(ca, { names: ["ber.example"], precert: false, timestamp: 1 });
    const leaf = Buffer.from(e.leaf_input, "base64");
    const der = leaf.subarray(15, leaf.length - 2);
    expect(der[1]).toBe(0x82); // 30 82 LL LL: re-wrap the content as 30 80 ... 00 00
    const ber = Buffer.concat([Buffer.from([0x30, 0x80]), der.subarray(4), Buffer.alloc(2)]);
    expect(namesOfDer(ber, false)).toEqual({ cn: "ber.example", sans: ["ber.example"] });
  });

  it("decodes BMPString, TeletexString and UTF8String names and a certificate without SANs", () => {
    const bmp = Buffer.from("acmebank-login.xyz", "utf16le").swap16();
    expect(parseLeafInput(precertLeaf(tbs(str(0x1e, bmp), null)))).toMatchObject({
      cn: "acmebank-login.xyz",
      sans: [],
      names: ["acmebank-login.xyz"],
    });
    const t61 = parseLeafInput(precertLeaf(tbs(str(0x14, Buffer.from("caf\xe9.example", "latin1")), null)));
    expect(t61.cn).toBe("café.example");
    const utf8 = parseLeafInput(
      precertLeaf(
        tbs(str(0x0c, Buffer.from("Acme Bank Inc")), [tlv(0x82, Buffer.from("xn--cmebank-1fg.com"))]),
      ),
    );
    // A CN that is an organisation, not a host name, is not a name to match.
    expect(utf8.names).toEqual(["xn--cmebank-1fg.com"]);
  });

  it("ignores GeneralNames other than dNSName and accepts long-form lengths where short would do", () => {
    const email = tlv(0x81, Buffer.from("x@acme.example"));
    const dns = Buffer.concat([Buffer.from([0x82, 0x81, 9]), Buffer.from("a.example")]);
    const leaf = parseLeafInput(precertLeaf(tbs(str(0x13, Buffer.from("a.example")), [email, dns])));
    expect(leaf.sans).toEqual(["a.example"]);
  });

  it("throws LeafParseError, never anything else, on every truncation of a real leaf", () => {
    const e = buildCtEntry(ca, { names: ["cut.example"], precert: false, timestamp: 5 });
    const full = Buffer.from(e.leaf_input, "base64");
    const certEnd = full.length - 2; // the last two bytes are the empty CtExtensions
    for (let cut = 0; cut < certEnd; cut++) {
      expect(() => parseLeafInput(full.subarray(0, cut)), `cut at ${cut}`).toThrow(LeafParseError);
    }
  });

  it("refuses unknown versions, leaf and entry types, and a length past the leaf", () => {
    const e = buildCtEntry(ca, { names: ["v.example"], precert: false, timestamp: 5 });
    const leaf = Buffer.from(e.leaf_input, "base64");
    for (const [at, value] of [
      [0, 1],
      [1, 1],
      [11, 9],
    ] as const) {
      const bad = Buffer.from(leaf);
      bad[at] = value;
      expect(() => parseLeafInput(bad)).toThrow(LeafParseError);
    }
    const bad = buildCtEntry(ca, { names: [], precert: false, timestamp: 5, bad: true });
    expect(() => parseLeafInput(Buffer.from(bad.leaf_input, "base64"))).toThrow(/runs past the leaf/);
  });
});
