import { createHmac, timingSafeEqual } from "node:crypto";

/** How long a snapshot URL sent in a webhook stays valid. */
const SNAPSHOT_LINK_TTL_MS = 7 * 24 * 3600 * 1000;
/** Earlier generations checked to tell a revoked link from a forged one. */
const REVOKED_LOOKBACK = 20;

/**
 * Signed, expiring links to a scan's webhook snapshot: HMAC-SHA256 over the scan id, the expiry
 * and the owner's link generation with the snapshot-link key (SNAPSHOT_LINK_SECRET, never the
 * session secret), so the receiver needs no account, the link dies by itself, and the owner
 * revokes every earlier link by raising the generation.
 */
export function createSnapshotLinks(deps: {
  secret: string;
  publicUrl: string;
  ttlMs?: number;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  const sign = (scanId: string, expires: number, generation: number) =>
    createHmac("sha256", deps.secret)
      .update(`webhook-snapshot\u0000${scanId}\u0000${expires}\u0000${generation}`)
      .digest("base64url");
  const same = (a: string, b: string) => {
    const x = Buffer.from(a);
    const y = Buffer.from(b);
    return x.length === y.length && timingSafeEqual(x, y);
  };
  return {
    /** The snapshot URL of a scan (first page of its domain findings), valid for the TTL. */
    urlFor(scanId: string, generation: number): { url: string; expires_at: string } {
      const expires = Math.floor((now() + (deps.ttlMs ?? SNAPSHOT_LINK_TTL_MS)) / 1000);
      const url = new URL(`/webhooks/snapshots/${scanId}`, deps.publicUrl);
      url.searchParams.set("expires", String(expires));
      url.searchParams.set("signature", sign(scanId, expires, generation));
      return { url: url.toString(), expires_at: new Date(expires * 1000).toISOString() };
    },
    /**
     * `valid` for an unexpired link signed for this scan and the owner's current generation;
     * `revoked` for one signed for an earlier generation; `invalid` otherwise.
     */
    verify(
      scanId: string,
      expires: string | undefined,
      signature: string | undefined,
      generation: number,
    ): "valid" | "revoked" | "invalid" {
      if (!expires || !/^\d{1,12}$/.test(expires) || !signature) return "invalid";
      if (Number(expires) * 1000 < now()) return "invalid";
      if (same(signature, sign(scanId, Number(expires), generation))) return "valid";
      for (let g = generation - 1; g >= Math.max(0, generation - REVOKED_LOOKBACK); g--)
        if (same(signature, sign(scanId, Number(expires), g))) return "revoked";
      return "invalid";
    },
  };
}

export type SnapshotLinks = ReturnType<typeof createSnapshotLinks>;
