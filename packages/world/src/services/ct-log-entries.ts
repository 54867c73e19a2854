import { createHash, sign, type KeyObject } from "node:crypto";
import forge from "node-forge";
import type { WorldCa } from "../tls/ca.ts";

// RFC 6962 leaves for the world's CT log: real DER certificates and precertificates issued by the
// world CA's intermediates, wrapped in MerkleTreeLeaf/TimestampedEntry, with the chain as extra_data.

export interface CtEntrySpec {
  /** SANs; the first is also the subject CN. */
  names: string[];
  /** A precert_entry (TBSCertificate without the poison extension) instead of an x509_entry. */
  precert: boolean;
  /** When the log stamped it, ms since the epoch. */
  timestamp: number;
  issuer?: { cn: string; org: string };
  /** An entry no parser can read (what a client must skip and count). */
  bad?: boolean;
}

export interface CtLogEntry {
  leaf_input: string; // base64
  extra_data: string; // base64
}

const DEFAULT_ISSUER = { cn: "R10", org: "Let's Encrypt" };
const POISON_OID = "1.3.6.1.4.1.11129.2.4.3";
const DAY = 86_400_000;

function derOf(asn1: forge.asn1.Asn1): Buffer {
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), "binary");
}

// Same trick as the CA: forge hands the TBSCertificate to md.update, Node signs it natively.
function signWithNode(cert: forge.pki.Certificate, key: KeyObject): void {
  let tbs = "";
  const md = { algorithm: "sha256", update: (bytes: string) => void (tbs += bytes) };
  const signer = { sign: () => sign("sha256", Buffer.from(tbs, "binary"), key).toString("binary") };
  cert.sign(signer as unknown as forge.pki.rsa.PrivateKey, md as unknown as forge.md.MessageDigest);
}

// forge has it, its type definitions do not.
const getTbs = (forge.pki as unknown as { getTBSCertificate(c: forge.pki.Certificate): forge.asn1.Asn1 })
  .getTBSCertificate;

function uint24(n: number): Buffer {
  return Buffer.from([(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff]);
}

function opaque24(der: Buffer): Buffer {
  return Buffer.concat([uint24(der.length), der]);
}

function leafHeader(timestamp: number, entryType: number): Buffer {
  const h = Buffer.alloc(12);
  h[0] = 0; // v1
  h[1] = 0; // timestamped_entry
  h.writeBigUInt64BE(BigInt(timestamp), 2);
  h.writeUInt16BE(entryType, 10);
  return h;
}

function serial(spec: CtEntrySpec): string {
  return "2" + createHash("sha256").update(`${spec.names.join(",")}|${spec.timestamp}|${spec.precert}`).digest("hex").slice(0, 31); // prettier-ignore
}

/** Builds the leaf and extra_data of one entry. */
export function buildCtEntry(ca: WorldCa, spec: CtEntrySpec): CtLogEntry {
  if (spec.bad) {
    // A header that promises a 16 MB certificate the leaf does not hold.
    const leaf = Buffer.concat([leafHeader(spec.timestamp, 0), Buffer.from([0xff, 0xff, 0xff, 0x30, 0x82])]);
    return { leaf_input: leaf.toString("base64"), extra_data: "" };
  }
  const { cn, org } = spec.issuer ?? DEFAULT_ISSUER;
  const issuer = ca.issuer(cn, org);
  const cert = forge.pki.createCertificate();
  cert.publicKey = issuer.cert.publicKey; // any RSA key will do; the log never sees private keys
  cert.serialNumber = serial(spec);
  cert.validity.notBefore = new Date(spec.timestamp - 60_000);
  cert.validity.notAfter = new Date(spec.timestamp + 90 * DAY);
  cert.setSubject([{ name: "commonName", value: spec.names[0]! }]);
  cert.setIssuer(issuer.cert.subject.attributes);
  const extensions: object[] = [
    { name: "basicConstraints", cA: false },
    { name: "keyUsage", digitalSignature: true, keyEncipherment: true, critical: true },
    { name: "extKeyUsage", serverAuth: true },
    { name: "subjectAltName", altNames: spec.names.map((value) => ({ type: 2, value })) },
  ];
  const issuerDer = derOf(forge.pki.certificateToAsn1(issuer.cert));
  if (!spec.precert) {
    cert.setExtensions(extensions);
    signWithNode(cert, issuer.keys.privateKey);
    const der = derOf(forge.pki.certificateToAsn1(cert));
    const leaf = Buffer.concat([leafHeader(spec.timestamp, 0), opaque24(der), Buffer.alloc(2)]);
    const chain = opaque24(opaque24(issuerDer));
    return { leaf_input: leaf.toString("base64"), extra_data: chain.toString("base64") };
  }
  // The log's TBSCertificate is the precertificate's without the poison extension (RFC 6962 §3.2).
  cert.setExtensions(extensions);
  cert.siginfo.algorithmOid = forge.pki.oids.sha256WithRSAEncryption!; // what sign() would set
  const tbs = derOf(getTbs(cert));
  cert.setExtensions([...extensions, { id: POISON_OID, critical: true, value: "\x05\x00" }]);
  signWithNode(cert, issuer.keys.privateKey);
  const precertDer = derOf(forge.pki.certificateToAsn1(cert));
  const keyHash = createHash("sha256")
    .update(derOf(forge.pki.publicKeyToAsn1(issuer.cert.publicKey)))
    .digest();
  const leaf = Buffer.concat([leafHeader(spec.timestamp, 1), keyHash, opaque24(tbs), Buffer.alloc(2)]);
  const extra = Buffer.concat([opaque24(precertDer), opaque24(opaque24(issuerDer))]);
  return { leaf_input: leaf.toString("base64"), extra_data: extra.toString("base64") };
}
