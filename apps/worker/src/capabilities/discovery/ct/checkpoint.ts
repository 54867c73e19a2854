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

/** The checkpoint as an STH, from the log's own note signature (the one named after the origin). */
export function sthOfCheckpoint(cp: Checkpoint, where: string): Sth {
  const own = cp.signatures.find((s) => s.name === cp.origin && s.bytes.length > 4 + 8 + 4);
  if (!own) throw new CtLogError(`${where}: checkpoint has no RFC 6962 signature by ${cp.origin}`);
  return {
    tree_size: cp.treeSize,
    timestamp: Number(own.bytes.readBigUInt64BE(4)),
    sha256_root_hash: cp.rootHash,
    tree_head_signature: own.bytes.subarray(12).toString("base64"),
  };
}
