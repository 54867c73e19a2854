import { createHash } from "node:crypto";

const KEY = /^[0-9a-f]{64}$/;

/** The key of some bytes: their sha256, lowercase hex. */
export function blobKey(data: Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

/** Keys reach the store from URLs and rows; anything but 64 hex chars could escape the root dir. */
export function assertBlobKey(key: string): void {
  if (!KEY.test(key)) throw new InvalidBlobKeyError(key);
}

export class InvalidBlobKeyError extends Error {
  constructor(key: string) {
    super(`invalid blob key (expected 64 lowercase hex chars): ${JSON.stringify(key.slice(0, 80))}`);
    this.name = "InvalidBlobKeyError";
  }
}
