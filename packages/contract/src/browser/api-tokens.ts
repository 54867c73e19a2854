import { z } from "zod";
import { ZId, ZIsoDate } from "../common.ts";

/**
 * Personal API tokens (the account page): `Authorization: Bearer <token>` on every browser JSON
 * route, the exports and TAXII (which also takes HTTP Basic with the token as password). A token
 * acts with its user's rights, needs no CSRF token and opens no session.
 */

/** `POST /account/api-tokens`. */
export const ZCreateApiToken = z.object({ name: z.string().trim().min(1, "name the token").max(100) });

/** A token as listed: never the token itself, only its first characters. */
const ZApiToken = z.object({
  id: ZId,
  name: z.string(),
  /** `bw_` and the token's next few characters, to tell tokens apart. */
  prefix: z.string(),
  created_at: ZIsoDate,
  last_used_at: ZIsoDate.nullable(),
});
export type TApiToken = z.infer<typeof ZApiToken>;

/** The answer of `POST /account/api-tokens` (201): the only time the token is shown. */
export const ZCreatedApiToken = ZApiToken.extend({ token: z.string() });
export type TCreatedApiToken = z.infer<typeof ZCreatedApiToken>;

/** `GET /account/api-tokens`, newest first. `DELETE /account/api-tokens/:id` answers 204. */
export const ZApiTokenList = z.object({ tokens: z.array(ZApiToken) });
export type TApiTokenList = z.infer<typeof ZApiTokenList>;
