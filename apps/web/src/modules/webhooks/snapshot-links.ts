import { createHmac, timingSafeEqual } from "node:crypto";

/** How long a snapshot URL sent in a webhook stays valid. */
const SNAPSHOT_LINK_TTL_MS = 7 * 24 * 3600 * 1000;

/**
 * Signed, expiring links to a scan's webhook snapshot: HMAC-SHA256 over the scan id and the
 * expiry with a server secret, so the receiver needs no account and the link dies by itself.
 */
export function createSnapshotLinks(deps: {
  secret: string;
  publicUrl: string;
  ttlMs?: number;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  const sign = (scanId: string, expires: number) =>
    createHmac("sha256", deps.secret)
      .update(`webhook-snapshot\u0000${scanId}\u0000${expires}`)
      .digest("base64url");
  return {
    /** The snapshot URL of a scan (first page of its domain findings), valid for the TTL. */
    urlFor(scanId: string): { url: string; expires_at: string } {
      const expires = Math.floor((now() + (deps.ttlMs ?? SNAPSHOT_LINK_TTL_MS)) / 1000);
      const url = new URL(`/webhooks/snapshots/${scanId}`, deps.publicUrl);
      url.searchParams.set("expires", String(expires));
      url.searchParams.set("signature", sign(scanId, expires));
      return { url: url.toString(), expires_at: new Date(expires * 1000).toISOString() };
    },
    /** True for an unexpired link this server signed for this scan. */
    verify(scanId: string, expires: string | undefined, signature: string | undefined): boolean {
      if (!expires || !/^\d{1,12}$/.test(expires) || !signature) return false;
      if (Number(expires) * 1000 < now()) return false;
      const want = Buffer.from(sign(scanId, Number(expires)));
      const got = Buffer.from(signature);
      return got.length === want.length && timingSafeEqual(got, want);
    },
  };
}

export type SnapshotLinks = ReturnType<typeof createSnapshotLinks>;
