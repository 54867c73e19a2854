import { createHash, generateKeyPairSync, sign, type KeyObject } from "node:crypto";

// The signing key of the world's CT log (ECDSA P-256, as most logs use) and its tree heads:
// RFC 6962 §3.5 TreeHeadSignature, the same bytes for get-sth and for a static-ct checkpoint's
// note signature.

export interface CtLogKey {
  privateKey: KeyObject;
  /** SubjectPublicKeyInfo, DER. */
  spki: Buffer;
  /** base64 SPKI, as a v3 log list gives it. */
  publicKey: string;
  /** base64 SHA-256 of the SPKI: the log's id. */
  logId: string;
}

export interface SignedTreeHead {
  treeSize: number;
  timestamp: number;
  root: Buffer;
  /** DigitallySigned: hash sha256 (4), signature ecdsa (3), opaque<0..2^16-1>. */
  signature: Buffer;
}

export function newCtLogKey(): CtLogKey {
  const keys = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const spki = keys.publicKey.export({ type: "spki", format: "der" });
  return {
    privateKey: keys.privateKey,
    spki,
    publicKey: spki.toString("base64"),
    logId: createHash("sha256").update(spki).digest("base64"),
  };
}

export function signTreeHead(key: CtLogKey, treeSize: number, timestamp: number): SignedTreeHead {
  // Not a Merkle root over the leaves (building every leaf would defeat lazy building); the
  // signature over the tree head is real, so a client can verify it against the log's key.
  const root = createHash("sha256").update(`ct-root|${treeSize}`).digest();
  const tbs = Buffer.alloc(2 + 8 + 8 + 32);
  tbs[0] = 0; // v1
  tbs[1] = 1; // tree_hash
  tbs.writeBigUInt64BE(BigInt(timestamp), 2);
  tbs.writeBigUInt64BE(BigInt(treeSize), 10);
  root.copy(tbs, 18);
  const sig = sign("sha256", tbs, key.privateKey);
  const signature = Buffer.concat([Buffer.from([4, 3, sig.length >> 8, sig.length & 0xff]), sig]);
  return { treeSize, timestamp, root, signature };
}
