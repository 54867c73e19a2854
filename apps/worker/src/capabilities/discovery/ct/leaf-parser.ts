import { AsnConvert } from "@peculiar/asn1-schema";
import {
  Certificate,
  SubjectAlternativeName,
  TBSCertificate,
  id_ce_subjectAltName,
} from "@peculiar/asn1-x509";
import { DerError, bytesEqual, children, decodeString, expectTag, readTlv, type Tlv } from "./der.ts";

/**
 * RFC 6962 §3.4 leaves: MerkleTreeLeaf { version, leaf_type, TimestampedEntry { timestamp,
 * entry_type, x509_entry ASN.1Cert | precert_entry { issuer_key_hash, TBSCertificate }, extensions } }.
 * What discovery needs of a leaf is when it was logged and which host names it covers.
 */

type CtEntryType = "x509_entry" | "precert_entry";

export interface ParsedLeaf {
  /** Milliseconds since the epoch, as the log stamped it. */
  timestamp: number;
  entry_type: CtEntryType;
  /** The subject's common name, when it has one. */
  cn: string | null;
  /** DNS names of the subjectAltName extension, as written (lower-cased). */
  sans: string[];
  /** CN and SANs, lower-cased, trailing dot removed, once each. */
  names: string[];
}

export class LeafParseError extends Error {
  override name = "LeafParseError";
}

const OID_CN = Uint8Array.of(0x55, 0x04, 0x03); // 2.5.4.3
const OID_SAN = Uint8Array.of(0x55, 0x1d, 0x11); // 2.5.29.17

function uint24(buf: Uint8Array, pos: number): number {
  return (buf[pos]! << 16) | (buf[pos + 1]! << 8) | buf[pos + 2]!;
}

/** Parses a base64-decoded `leaf_input`. Throws LeafParseError on anything it cannot read. */
export function parseLeafInput(leaf: Uint8Array): ParsedLeaf {
  if (leaf.length < 12) throw new LeafParseError("leaf shorter than its header");
  if (leaf[0] !== 0) throw new LeafParseError(`unknown leaf version ${leaf[0]}`);
  if (leaf[1] !== 0) throw new LeafParseError(`unknown leaf type ${leaf[1]}`);
  // uint64 milliseconds: exact in a double until the year 285,616.
  let timestamp = 0;
  for (let i = 2; i < 10; i++) timestamp = timestamp * 256 + leaf[i]!;
  const type = (leaf[10]! << 8) | leaf[11]!;
  let pos = 12;
  let entry_type: CtEntryType;
  let isTbs: boolean;
  if (type === 0) {
    entry_type = "x509_entry";
    isTbs = false;
  } else if (type === 1) {
    entry_type = "precert_entry";
    isTbs = true;
    pos += 32; // issuer_key_hash
  } else {
    throw new LeafParseError(`unknown entry type ${type}`);
  }
  if (pos + 3 > leaf.length) throw new LeafParseError("truncated certificate length");
  const len = uint24(leaf, pos);
  pos += 3;
  if (pos + len > leaf.length) throw new LeafParseError("certificate runs past the leaf");
  const der = leaf.subarray(pos, pos + len);
  const { cn, sans } = namesOfDer(der, isTbs);
  return { timestamp, entry_type, cn, sans, names: hostNames(cn, sans) };
}

/** CN and DNS SANs of a DER Certificate (isTbs false) or TBSCertificate (isTbs true). */
export function namesOfDer(der: Uint8Array, isTbs: boolean): { cn: string | null; sans: string[] } {
  try {
    return leanNames(der, isTbs);
  } catch (err) {
    if (!(err instanceof DerError)) throw err;
    // The lean walk only reads strict DER; the full decoder also accepts what some CAs emit.
    try {
      return libraryNames(der, isTbs);
    } catch (libErr) {
      throw new LeafParseError(`unparseable certificate: ${err.message} (${(libErr as Error).message})`);
    }
  }
}

function leanNames(buf: Uint8Array, isTbs: boolean): { cn: string | null; sans: string[] } {
  let tbs = expectTag(readTlv(buf, 0, buf.length), 0x30, "certificate");
  if (!isTbs) tbs = expectTag(readTlv(buf, tbs.start, tbs.end), 0x30, "tbsCertificate");
  const parts = children(buf, tbs);
  let i = parts[0]?.tag === 0xa0 ? 1 : 0; // [0] EXPLICIT version
  i += 4; // serialNumber, signature, issuer, validity
  const subject = parts[i];
  if (!subject || subject.tag !== 0x30) throw new DerError("tbsCertificate has no subject");
  const cn = commonName(buf, subject);
  const sans: string[] = [];
  for (let j = i + 2; j < parts.length; j++) {
    if (parts[j]!.tag !== 0xa3) continue; // [3] EXPLICIT extensions
    const list = expectTag(readTlv(buf, parts[j]!.start, parts[j]!.end), 0x30, "extensions");
    for (const ext of children(buf, list)) {
      const fields = children(buf, ext);
      const oid = fields[0];
      if (!oid || oid.tag !== 0x06 || !bytesEqual(buf, oid.start, oid.end, OID_SAN)) continue;
      const value = fields[fields.length - 1]!;
      expectTag(value, 0x04, "extnValue");
      const names = expectTag(readTlv(buf, value.start, value.end), 0x30, "GeneralNames");
      for (const gn of children(buf, names)) {
        if (gn.tag === 0x82) sans.push(decodeString(buf, gn)!.toLowerCase());
      }
    }
  }
  return { cn, sans };
}

function commonName(buf: Uint8Array, name: Tlv): string | null {
  let cn: string | null = null;
  for (const rdn of children(buf, name)) {
    for (const atv of children(buf, rdn)) {
      const [oid, value] = children(buf, atv);
      if (oid && value && oid.tag === 0x06 && bytesEqual(buf, oid.start, oid.end, OID_CN)) {
        cn = decodeString(buf, value); // the last CN is the most specific one
      }
    }
  }
  return cn;
}

export function libraryNames(der: Uint8Array, isTbs: boolean): { cn: string | null; sans: string[] } {
  const tbs = isTbs
    ? AsnConvert.parse(der, TBSCertificate)
    : AsnConvert.parse(der, Certificate).tbsCertificate;
  let cn: string | null = null;
  for (const rdn of tbs.subject) {
    for (const atv of rdn) if (atv.type === "2.5.4.3") cn = atv.value.toString();
  }
  const sans: string[] = [];
  for (const ext of tbs.extensions ?? []) {
    if (ext.extnID !== id_ce_subjectAltName) continue;
    const san = AsnConvert.parse(ext.extnValue, SubjectAlternativeName);
    for (const gn of san) if (gn.dNSName) sans.push(gn.dNSName.toLowerCase());
  }
  return { cn, sans };
}

/** CN (when it is a host name, not "Acme Inc") and SANs, normalised and de-duplicated. */
function hostNames(cn: string | null, sans: string[]): string[] {
  const out = new Set<string>();
  const add = (n: string) => {
    let name = n.trim().toLowerCase();
    if (name.endsWith(".")) name = name.slice(0, -1);
    if (name.includes(".") && !/\s/.test(name)) out.add(name);
  };
  if (cn) add(cn);
  for (const s of sans) add(s);
  return [...out];
}
