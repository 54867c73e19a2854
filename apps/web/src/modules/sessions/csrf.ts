import { createHmac, randomBytes } from "node:crypto";

/**
 * CSRF tokens bound to what identifies the browser to us: HMAC(session secret, session id) once
 * logged in, HMAC(session secret, pre-session nonce) before. A token taken from another session
 * (or a cookie/header pair made up by a sibling host) does not verify, unlike a plain double submit.
 */
export function createCsrfTokens(secret: string) {
  const mac = (kind: "session" | "nonce", value: string) =>
    createHmac("sha256", secret).update(`brandwarden-csrf\0${kind}\0${value}`).digest("hex");
  return {
    forSession: (sessionId: string) => mac("session", sessionId),
    forNonce: (nonce: string) => mac("nonce", nonce),
    newNonce: () => randomBytes(32).toString("base64url"),
  };
}
