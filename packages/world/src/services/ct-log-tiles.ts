import { createHash, generateKeyPairSync, sign } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { CtLogEntry } from "./ct-log-entries.ts";
import { signTreeHead, type CtLogKey } from "./ct-log-sign.ts";

// The static-ct (tiled) read API of the world's CT log (c2sp.org/static-ct-api): a signed
// checkpoint note and data tiles of 256 TileLeaf entries each, gzipped, partial tiles `.p/<width>`
// at the tree's edge (404 once the full tile exists, as the spec allows), and the issuers the
// tiles name (`issuer/<sha-256 hex>`), served under a monitoring prefix. Same entries as the RFC
// 6962 API.

const TILE_WIDTH = 256;

/** `tile/data/<N>` path element: 3-digit groups, all but the last prefixed "x" (1234067 -> x001/x234/067). */
export function tileIndexPath(n: number): string {
  const groups: string[] = [];
  let rest = n;
  do {
    groups.unshift(String(rest % 1000).padStart(3, "0"));
    rest = Math.floor(rest / 1000);
  } while (rest > 0);
  return groups.map((g, i) => (i < groups.length - 1 ? `x${g}` : g)).join("/");
}

/** The inverse of tileIndexPath plus an optional `.p/<width>`; null when the path is not one. */
export function parseTilePath(path: string): { n: number; width: number | null } | null {
  const m = /^((?:x\d{3}\/)*\d{3})(?:\.p\/(\d{1,3}))?$/.exec(path);
  if (!m) return null;
  const n = Number(m[1]!.replace(/x|\//g, ""));
  const width = m[2] === undefined ? null : Number(m[2]);
  if (width !== null && (width < 1 || width >= TILE_WIDTH)) return null;
  return { n, width };
}

function opaque(len: number, bytes: Buffer): Buffer {
  const head = Buffer.alloc(len);
  head.writeUIntBE(bytes.length, 0, len);
  return Buffer.concat([head, bytes]);
}

/** Reads a uint24-prefixed value at `pos`; null when it runs past the buffer. */
function read24(buf: Buffer, pos: number): { value: Buffer; next: number } | null {
  if (pos + 3 > buf.length) return null;
  const len = buf.readUIntBE(pos, 3);
  if (pos + 3 + len > buf.length) return null;
  return { value: buf.subarray(pos + 3, pos + 3 + len), next: pos + 3 + len };
}

/** DER issuers by lowercase hex SHA-256, for `<prefix>/issuer/<fingerprint>`. */
type Issuers = Map<string, Buffer>;

/** SHA-256 fingerprints of the chain certificates in an RFC 6962 `certificate_chain`, each kept in `issuers`. */
function fingerprints(chain: Buffer | undefined, issuers: Issuers): Buffer {
  const out: Buffer[] = [];
  for (let pos = 0; chain && pos < chain.length;) {
    const c = read24(chain, pos);
    if (!c) break;
    const fp = createHash("sha256").update(c.value).digest();
    issuers.set(fp.toString("hex"), Buffer.from(c.value));
    out.push(fp);
    pos = c.next;
  }
  return opaque(2, Buffer.concat(out));
}

/**
 * One TileLeaf: the TimestampedEntry (with the `leaf_index` extension static-ct logs add), the
 * precertificate for precert entries, and the chain's fingerprints. An entry whose certificate
 * cannot be delimited is written as a framed x509_entry holding its bytes: unreadable, but the
 * entries after it in the tile stay readable, as in a real log.
 */
function tileLeaf(entry: CtLogEntry, index: number, issuers: Issuers): Buffer {
  const leaf = Buffer.from(entry.leaf_input, "base64");
  const extra = Buffer.from(entry.extra_data, "base64");
  const ext = Buffer.alloc(8);
  ext.writeUInt8(0, 0); // leaf_index
  ext.writeUInt16BE(5, 1);
  ext.writeUIntBE(index, 3, 5);
  const head = leaf.subarray(2, 12); // timestamp, entry_type
  const type = leaf.readUInt16BE(10);
  if (type === 1) {
    const tbs = read24(leaf, 12 + 32);
    const pre = read24(extra, 0);
    if (tbs && pre) {
      const chain = read24(extra, pre.next);
      const te = Buffer.concat([head, leaf.subarray(12, 44), opaque(3, tbs.value), opaque(2, ext)]);
      return Buffer.concat([te, opaque(3, pre.value), fingerprints(chain?.value, issuers)]);
    }
  } else {
    const cert = read24(leaf, 12);
    if (cert) {
      const chain = read24(extra, 0);
      return Buffer.concat([
        head,
        opaque(3, cert.value),
        opaque(2, ext),
        fingerprints(chain?.value, issuers),
      ]);
    }
  }
  const x509 = Buffer.from(head);
  x509.writeUInt16BE(0, 8);
  return Buffer.concat([x509, opaque(3, leaf.subarray(12)), opaque(2, ext), opaque(2, Buffer.alloc(0))]);
}

/** SHA-256(key name || 0x0A || type || key material)[:4], a note key id (c2sp.org/signed-note). */
function noteKeyId(name: string, type: number, key: Buffer): Buffer {
  return createHash("sha256")
    .update(Buffer.concat([Buffer.from(`${name}\n`), Buffer.from([type]), key]))
    .digest()
    .subarray(0, 4);
}

/** The Ed25519 key a Sunlight log also signs its checkpoints with (same key name, type 0x01). */
const NOTE_KEY = generateKeyPairSync("ed25519");
const NOTE_PUBLIC = NOTE_KEY.publicKey.export({ type: "spki", format: "der" }).subarray(-32);

/**
 * A checkpoint note (c2sp.org/tlog-checkpoint) signed the way Sunlight-run logs sign theirs (e.g.
 * Let's Encrypt's Willow, whose 2025h1b checkpoint is in apps/worker/samples/ct): an Ed25519 note
 * signature first, then the RFC6962NoteSignature (key id over the 32-byte LogID, c2sp.org/static-ct-api,
 * Checkpoints), both under the origin as key name.
 */
function checkpointNote(key: CtLogKey, origin: string, treeSize: number, timestamp: number): string {
  const sth = signTreeHead(key, treeSize, timestamp);
  const body = `${origin}\n${treeSize}\n${sth.root.toString("base64")}\n`;
  const ts = Buffer.alloc(8);
  ts.writeBigUInt64BE(BigInt(timestamp));
  const rfc6962 = Buffer.concat([
    noteKeyId(origin, 0x05, Buffer.from(key.logId, "base64")),
    ts,
    sth.signature,
  ]);
  const ed25519 = Buffer.concat([
    noteKeyId(origin, 0x01, NOTE_PUBLIC),
    sign(null, Buffer.from(body), NOTE_KEY.privateKey),
  ]);
  return `${body}\n\u2014 ${origin} ${ed25519.toString("base64")}\n\u2014 ${origin} ${rfc6962.toString("base64")}\n`;
}

export function registerTileRoutes(
  app: FastifyInstance,
  opts: {
    prefix: string;
    /** The log's origin line (its submission prefix without the scheme), known once it listens. */
    origin: () => string;
    key: CtLogKey;
    size: () => number;
    entryAt: (i: number) => CtLogEntry;
    /** A fault answered instead (429/503), or false. */
    faulted: (reply: FastifyReply) => boolean;
  },
): void {
  const issuers: Issuers = new Map();
  // Every issuer a TileLeaf names, as DER (static-ct-api, Issuers).
  app.get<{ Params: { fp: string } }>(`${opts.prefix}/issuer/:fp`, async (req, reply) => {
    const der = issuers.get(req.params.fp);
    if (!der) return reply.code(404).type("text/plain; charset=utf-8").send("not found\n");
    return reply.type("application/pkix-cert").send(der);
  });
  app.get(`${opts.prefix}/checkpoint`, async (_req, reply) => {
    if (opts.faulted(reply)) return "rate limited\n";
    reply.header("content-type", "text/plain; charset=utf-8");
    return checkpointNote(opts.key, opts.origin(), opts.size(), Date.now());
  });
  app.get<{ Params: { "*": string } }>(`${opts.prefix}/tile/data/*`, async (req, reply) => {
    const t = parseTilePath(req.params["*"]);
    const size = opts.size();
    if (!t) return reply.code(400).send("bad tile path\n");
    const first = t.n * TILE_WIDTH;
    const width = t.width ?? TILE_WIDTH;
    // A full tile exists once the tree covers it; a partial one only at the tree's current edge.
    if (first + width > size || (t.width !== null && first + TILE_WIDTH <= size))
      return reply.code(404).send("no such tile\n");
    if (opts.faulted(reply)) return "rate limited\n";
    const leaves: Buffer[] = [];
    for (let i = first; i < first + width; i++) leaves.push(tileLeaf(opts.entryAt(i), i, issuers));
    // "Clients MUST support Content-Encoding: gzip and logs MAY use it with no negotiation" (static-ct-api).
    reply.header("content-type", "application/octet-stream");
    reply.header("content-encoding", "gzip");
    return gzipSync(Buffer.concat(leaves));
  });
}
