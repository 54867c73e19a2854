import { createHmac, randomBytes } from "node:crypto";

/** A new per-user signing secret in the Standard Webhooks format (`whsec_` + base64 key). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}

/**
 * Standard Webhooks signature headers: HMAC-SHA256 over `<id>.<timestamp>.<body>` with the
 * secret's base64-decoded key, sent as `v1,<base64>`.
 */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string) {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const signature = createHmac("sha256", key).update(`${id}.${timestampSeconds}.${body}`).digest("base64");
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestampSeconds),
    "webhook-signature": `v1,${signature}`,
  };
}
