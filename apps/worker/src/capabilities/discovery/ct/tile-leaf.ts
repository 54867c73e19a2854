/**
 * Data tiles of static-ct logs (c2sp.org/static-ct-api): TileLeaf entries back to back, each
 *   TimestampedEntry { uint64 timestamp; uint16 entry_type; x509: ASN.1Cert<1..2^24-1> |
 *     precert: opaque issuer_key_hash[32], TBSCertificate<1..2^24-1>; CtExtensions<0..2^16-1> }
 *   precert only: ASN.1Cert pre_certificate<1..2^24-1>
 *   Fingerprint certificate_chain<0..2^16-1>
 * Each entry is handed on as the RFC 6962 MerkleTreeLeaf it hashes to (v1, timestamped_entry,
 * then the TimestampedEntry), so one leaf parser reads both APIs.
 */

class TileFramingError extends Error {
  override name = "TileFramingError";
}

const LEAF_HEADER = Uint8Array.of(0, 0); // version v1, leaf_type timestamped_entry

function need(buf: Uint8Array, pos: number, n: number): void {
  if (pos + n > buf.length) throw new TileFramingError(`tile entry runs past the tile at byte ${pos}`);
}

function uint(buf: Uint8Array, pos: number, n: number): number {
  need(buf, pos, n);
  let v = 0;
  for (let i = 0; i < n; i++) v = v * 256 + buf[pos + i]!;
  return v;
}

/** Skips an opaque value with an n-byte length; returns the position after it. */
function skipOpaque(buf: Uint8Array, pos: number, n: number): number {
  const len = uint(buf, pos, n);
  need(buf, pos + n, len);
  return pos + n + len;
}

/**
 * The MerkleTreeLeaf of each entry of a data tile, in order. An entry whose framing is broken ends
 * the tile (what follows cannot be delimited): the leaves read so far are returned with `broken`.
 */
export function tileLeaves(tile: Uint8Array): { leaves: Uint8Array[]; broken: string | null } {
  const leaves: Uint8Array[] = [];
  let pos = 0;
  try {
    while (pos < tile.length) {
      const start = pos;
      const type = uint(tile, pos + 8, 2);
      pos += 10;
      if (type === 0) pos = skipOpaque(tile, pos, 3);
      else if (type === 1) {
        need(tile, pos, 32);
        pos = skipOpaque(tile, pos + 32, 3);
      } else throw new TileFramingError(`unknown entry type ${type} at byte ${start}`);
      pos = skipOpaque(tile, pos, 2); // extensions
      const end = pos; // the TimestampedEntry ends here
      if (type === 1) pos = skipOpaque(tile, pos, 3); // pre_certificate
      pos = skipOpaque(tile, pos, 2); // chain fingerprints
      const leaf = new Uint8Array(2 + end - start);
      leaf.set(LEAF_HEADER, 0);
      leaf.set(tile.subarray(start, end), 2);
      leaves.push(leaf);
    }
  } catch (err) {
    if (!(err instanceof TileFramingError)) throw err;
    return { leaves, broken: err.message };
  }
  return { leaves, broken: null };
}

/** `tile/data/<N>` path element: 3-digit groups, all but the last prefixed "x" (1234067 -> x001/x234/067). */
export function tilePath(n: number, width: number | null = null): string {
  const groups: string[] = [];
  let rest = n;
  do {
    groups.unshift(String(rest % 1000).padStart(3, "0"));
    rest = Math.floor(rest / 1000);
  } while (rest > 0);
  const path = groups.map((g, i) => (i < groups.length - 1 ? `x${g}` : g)).join("/");
  return width === null ? path : `${path}.p/${width}`;
}
