import { createHmac } from "node:crypto";
import type { RecordedRequest } from "@brandwarden/world/services/types";
import type { World } from "@brandwarden/world/world";

/** A Brandwarden webhook's body: its event type and what it is about. */
export type HookBody = { type: string; data: Record<string, unknown> };

/** The webhooks Brandwarden sent to the world's receiver, at the `/brandwarden` URL the tests give it. */
export const brandwardenHooks = (world: World) =>
  world.services!.webhookReceiver.requests().filter((r) => r.path === "/brandwarden") as RecordedRequest[];

/** Standard Webhooks verification, from the spec. */
export function signed(secret: string, r: RecordedRequest): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const mac = createHmac("sha256", key)
    .update(`${String(r.headers["webhook-id"])}.${String(r.headers["webhook-timestamp"])}.${r.body}`)
    .digest("base64");
  return r.headers["webhook-signature"] === `v1,${mac}`;
}
