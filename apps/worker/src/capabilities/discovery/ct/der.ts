/**
 * A lean DER reader: just enough to walk a certificate to its subject CN and DNS SANs without
 * building an object graph. CT followers parse every certificate the public logs publish (hundreds
 * per second), so this is the hot path; @peculiar/asn1-x509 (the full decoder) is the fallback for
 * what this reader refuses (see leaf-parser.ts).
 */

export class DerError extends Error {
  override name = "DerError";
}

/** One TLV: its tag byte, where its value starts and ends in the buffer, and where the next TLV starts. */
export interface Tlv {
  tag: number;
  start: number;
  end: number;
}

/** Reads the TLV at `pos`, never past `limit`; high-tag-number forms are refused (X.509 has none). */
export function readTlv(buf: Uint8Array, pos: number, limit: number): Tlv {
  if (pos + 2 > limit) throw new DerError(`truncated TLV at ${pos}`);
  const tag = buf[pos]!;
  if ((tag & 0x1f) === 0x1f) throw new DerError(`high tag number at ${pos}`);
  let len = buf[pos + 1]!;
  let start = pos + 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    if (n === 0 || n > 4) throw new DerError(`unsupported length form at ${pos}`);
    if (start + n > limit) throw new DerError(`truncated length at ${pos}`);
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + buf[start + i]!;
    start += n;
  }
  const end = start + len;
  if (end > limit) throw new DerError(`value past its container at ${pos}`);
  return { tag, start, end };
}

/** The children of a constructed TLV, in order. */
export function children(buf: Uint8Array, parent: Tlv): Tlv[] {
  const out: Tlv[] = [];
  for (let pos = parent.start; pos < parent.end;) {
    const t = readTlv(buf, pos, parent.end);
    out.push(t);
    pos = t.end;
  }
  return out;
}

export function expectTag(t: Tlv, tag: number, what: string): Tlv {
  if (t.tag !== tag)
    throw new DerError(`${what}: expected tag 0x${tag.toString(16)}, got 0x${t.tag.toString(16)}`);
  return t;
}

/** True when the bytes at [start, end) equal `bytes` (OID comparisons without decoding). */
export function bytesEqual(buf: Uint8Array, start: number, end: number, bytes: Uint8Array): boolean {
  if (end - start !== bytes.length) return false;
  for (let i = 0; i < bytes.length; i++) if (buf[start + i] !== bytes[i]) return false;
  return true;
}

const latin1 = new TextDecoder("latin1");
const utf8 = new TextDecoder("utf-8");
const utf16be = new TextDecoder("utf-16be");

/** A directory string of any of X.509's string types, decoded to text; null for other types. */
export function decodeString(buf: Uint8Array, t: Tlv): string | null {
  const bytes = buf.subarray(t.start, t.end);
  switch (t.tag) {
    case 0x0c: // UTF8String
      return utf8.decode(bytes);
    case 0x13: // PrintableString
    case 0x16: // IA5String
    case 0x14: // TeletexString (T.61; Latin-1 is what issuers actually put there)
    case 0x1a: // VisibleString
    case 0x82: // [2] IMPLICIT IA5String: a GeneralName's dNSName
      return latin1.decode(bytes);
    case 0x1e: // BMPString
      return utf16be.decode(bytes);
    case 0x1c: {
      // UniversalString: UTF-32BE
      let s = "";
      for (let i = 0; i + 3 < bytes.length; i += 4) {
        s += String.fromCodePoint(
          ((bytes[i]! << 24) | (bytes[i + 1]! << 16) | (bytes[i + 2]! << 8) | bytes[i + 3]!) >>> 0,
        );
      }
      return s;
    }
    default:
      return null;
  }
}
