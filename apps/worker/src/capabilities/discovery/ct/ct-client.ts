import { createPublicKey, verify } from "node:crypto";
import { CtLogError, getWithRetry, type RetryOptions } from "./http-get.ts";
import { LeafParseError, parseLeafInput, type ParsedLeaf } from "./leaf-parser.ts";

/**
 * RFC 6962 read API of one log: get-sth, and get-entries paged the way real logs need it (each
 * answers at most its own cap per call, often 32..256, so a range is read in as many calls as the
 * log wants), with back-off on 429/5xx honouring Retry-After (http-get.ts). Entries it cannot
 * parse are skipped and counted, never fatal.
 */

export interface Sth {
  tree_size: number;
  timestamp: number;
  sha256_root_hash: string;
  tree_head_signature: string;
}

export interface CtEntry extends ParsedLeaf {
  index: number;
}

/** One page of a read: the entries it could parse, and the first index after what it covered. */
interface CtPage {
  entries: CtEntry[];
  next: number;
}

export type CtClientOptions = RetryOptions;

/** What discovery and the follower need of a log, whichever API it speaks (RFC 6962 or static-ct). */
export interface CtClient {
  readonly url: string;
  getSth(): Promise<Sth>;
  /** Entries [start, end] in order, in as many pages as the log's API needs. */
  entries(start: number, end: number): AsyncGenerator<CtPage>;
  /** First index whose timestamp is >= `since` (binary search; logs are near enough time-ordered). */
  indexAt(since: number, treeSize: number): Promise<number>;
  /** Entries skipped because they could not be parsed, since the client was made. */
  readonly skipped: number;
}

/** The logging timestamp of a leaf (bytes 2..9), readable even when its certificate is not. */
export function leafTimestamp(leaf: Uint8Array): number | null {
  if (leaf.length < 10) return null;
  let ts = 0;
  for (let i = 2; i < 10; i++) ts = ts * 256 + leaf[i]!;
  return ts;
}

export function createCtClient(baseUrl: string, opts: CtClientOptions): CtClient {
  const url = baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`;
  let skipped = 0;

  async function getJson<T>(path: string): Promise<T> {
    const body = await getWithRetry(url + path, opts);
    try {
      return JSON.parse(body.toString("utf8")) as T;
    } catch {
      throw new CtLogError(`${url}${path}: answer is not JSON`);
    }
  }

  async function page(start: number, end: number): Promise<Array<{ leaf_input: string }>> {
    const body = await getJson<{ entries?: Array<{ leaf_input: string }> }>(
      `ct/v1/get-entries?start=${start}&end=${end}`,
    );
    if (!Array.isArray(body.entries)) throw new CtLogError(`${url}: get-entries without entries`);
    return body.entries;
  }

  return {
    url,
    get skipped() {
      return skipped;
    },
    async getSth() {
      const sth = await getJson<Sth>("ct/v1/get-sth");
      if (!Number.isInteger(sth.tree_size) || sth.tree_size < 0)
        throw new CtLogError(`${url}: bad tree_size`);
      return sth;
    },
    async *entries(start, end) {
      let next = start;
      while (next <= end) {
        const raw = await page(next, end);
        // A log may answer fewer than asked (its cap, or a short page); an empty page would loop.
        if (raw.length === 0) throw new CtLogError(`${url}: empty page at ${next}`);
        const out: CtEntry[] = [];
        for (let i = 0; i < raw.length && next + i <= end; i++) {
          try {
            out.push({ index: next + i, ...parseLeafInput(Buffer.from(raw[i]!.leaf_input, "base64")) });
          } catch (err) {
            if (!(err instanceof LeafParseError)) throw err;
            skipped++;
          }
        }
        next = Math.min(next + raw.length, end + 1);
        yield { entries: out, next };
      }
    },
    async indexAt(since, treeSize) {
      let lo = 0;
      let hi = treeSize;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        const [entry] = await page(mid, mid);
        const ts = (entry && leafTimestamp(Buffer.from(entry.leaf_input, "base64"))) ?? since;
        if (ts < since) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    },
  };
}

const SIGNATURE_KEY_TYPES: Record<number, string> = { 1: "rsa", 3: "ec" };

/**
 * Checks an STH's signature (RFC 6962 §3.5 TreeHeadSignature, a DigitallySigned with SHA-256 and
 * ECDSA or RSA) against the log's key (base64 SubjectPublicKeyInfo, as the v3 log list gives it).
 */
export function verifySth(sth: Sth, publicKeyB64: string): boolean {
  const sig = Buffer.from(sth.tree_head_signature, "base64");
  if (sig.length < 4 || sig[0] !== 4) return false; // sha256 only
  const len = sig.readUInt16BE(2);
  if (sig.length !== 4 + len) return false;
  const signature = sig.subarray(4);
  const root = Buffer.from(sth.sha256_root_hash, "base64");
  if (root.length !== 32) return false;
  const tbs = Buffer.alloc(50);
  tbs[0] = 0;
  tbs[1] = 1;
  tbs.writeBigUInt64BE(BigInt(sth.timestamp), 2);
  tbs.writeBigUInt64BE(BigInt(sth.tree_size), 10);
  root.copy(tbs, 18);
  const key = createPublicKey({ key: Buffer.from(publicKeyB64, "base64"), format: "der", type: "spki" });
  if (SIGNATURE_KEY_TYPES[sig[1]!] !== key.asymmetricKeyType) return false;
  return verify("sha256", tbs, key, signature);
}
