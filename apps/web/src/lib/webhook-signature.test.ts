import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { newWebhookSecret, signWebhook } from "./webhook-signature.ts";

describe("webhook signature", () => {
  it("signs id.timestamp.body with the decoded secret, as a receiver verifies it", () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    const headers = signWebhook(secret, "msg_1", 1700000000, '{"a":1}');
    const expected = createHmac("sha256", Buffer.from(secret.slice(6), "base64"))
      .update('msg_1.1700000000.{"a":1}')
      .digest("base64");
    expect(headers).toEqual({
      "webhook-id": "msg_1",
      "webhook-timestamp": "1700000000",
      "webhook-signature": `v1,${expected}`,
    });
    expect(signWebhook(secret, "msg_1", 1700000000, '{"a":2}')["webhook-signature"]).not.toBe(
      headers["webhook-signature"],
    );
  });
});
