import { z } from "zod";
import { ZId } from "../common.ts";

/**
 * Sessions, registrations and passwords (browser JSON routes). Lengths are capped here; the
 * e-mail's form and the password rule are the users service's (422 with the reason).
 */

/** `POST /session` (log in) and `POST /registration` (sign up). */
export const ZCredentials = z.object({ email: z.string().max(254), password: z.string().max(200) });

/** `POST /passwords`: send a reset link to this address (if it has an account). */
export const ZPasswordResetRequest = z.object({ email: z.string().max(254) });

/** `PUT /passwords/:token`: the new password. */
export const ZPasswordReset = z.object({ password: z.string().max(200) });

/** `PUT /account/password`: the in-app change; the user's other sessions end. */
export const ZPasswordChange = z.object({
  current_password: z.string().max(200),
  password: z.string().max(200),
});

/** The signed-in user as every page sees it. */
const ZSessionUser = z.object({
  id: ZId,
  email: z.string(),
  admin: z.boolean(),
  brand_name: z.string().nullable(),
});
export type TSessionUser = z.infer<typeof ZSessionUser>;

/** `GET /session`: the signed-in user (null when logged out) and this browser's CSRF token. */
export const ZSessionInfo = z.object({ user: ZSessionUser.nullable(), csrf_token: z.string() });
export type TSessionInfo = z.infer<typeof ZSessionInfo>;

/** `POST /session` and `POST /registration` (201): the new session's user and CSRF token. */
export const ZSessionStarted = z.object({ user: ZSessionUser, csrf_token: z.string() });

/** `POST /passwords` (202): the same answer whether or not the address has an account. */
export const ZPasswordResetAccepted = z.object({ message: z.string() });
