import { CtLogError } from "./http-get.ts";
import type { Sth } from "./ct-client.ts";

/**
 * A static-ct log's checkpoint (c2sp.org/tlog-checkpoint): a signed note
 *   <origin>\n<tree size>\n<base64 root hash>\n[extension lines]\n\n— <key name> <base64 signature>\n...
 * The log's own signature (key name = origin) is an RFC 6962 note signature: 4-byte key id,
 * uint64 timestamp, then the TreeHeadSignature's DigitallySigned. Read as an STH, so one
 * verification serves both APIs.
 */

export interface Checkpoint {
  origin: string;
  treeSize: number;
  rootHash: string;
  signatures: Array<{ name: string; bytes: Buffer }>;
}

export function parseCheckpoint(text: string, where: string): Checkpoint {
  const split = text.indexOf("\n\n");
  if (split < 0) throw new CtLogError(`${where}: checkpoint without signatures`);
  const [origin, size, root] = text.slice(0, split).split("\n");
  if (!origin || !size || !/^\d+$/.test(size) || !root)
    throw new CtLogError(`${where}: malformed checkpoint body`);
  const signatures: Checkpoint["signatures"] = [];
  for (const line of text.slice(split + 2).split("\n")) {
    const m = /^\u2014 (\S+) (\S+)$/.exec(line);
    if (m) signatures.push({ name: m[1]!, bytes: Buffer.from(m[2]!, "base64") });
  }
  const treeSize = Number(size);
  if (!Number.isSafeInteger(treeSize)) throw new CtLogError(`${where}: tree size out of range`);
  return { origin, treeSize, rootHash: root, signatures };
}

/**
 * Whether a note signature's bytes are an RFC6962NoteSignature: key id (4), timestamp (8), then a
 * DigitallySigned with SHA-256 (4), ECDSA (3) or RSA (1), and a length that covers the rest. Real
 * logs sign their checkpoint under the same key name more than once (Sunlight and Let's Encrypt's
 * logs add an Ed25519 signature and a cosignature), so the name alone does not find it.
 */
function isRfc6962NoteSignature(bytes: Buffer): boolean {
  if (bytes.length < 4 + 8 + 4) return false;
  const [hash, sig] = [bytes[12], bytes[13]];
  return hash === 4 && (sig === 3 || sig === 1) && bytes.readUInt16BE(14) === bytes.length - 16;
}

/** The checkpoint as an STH, from the log's own RFC 6962 note signature (named after the origin). */
export function sthOfCheckpoint(cp: Checkpoint, where: string): Sth {
  const own = cp.signatures.find((s) => s.name === cp.origin && isRfc6962NoteSignature(s.bytes));
  if (!own) throw new CtLogError(`${where}: checkpoint has no RFC 6962 signature by ${cp.origin}`);
  return {
    tree_size: cp.treeSize,
    timestamp: Number(own.bytes.readBigUInt64BE(4)),
    sha256_root_hash: cp.rootHash,
    tree_head_signature: own.bytes.subarray(12).toString("base64"),
  };
}
