import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

const PREFIX = "enc:v1:";

/** AES-256-GCM for secrets at rest (the AI provider's API key); the key is derived from a configured secret. */
export function createSecretBox(secret: string) {
  const key = createHash("sha256").update(`brandwarden-settings:${secret}`).digest();
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return `${PREFIX}${iv.toString("base64")}:${cipher.getAuthTag().toString("base64")}:${body.toString("base64")}`;
    },
    open(sealed: string): string {
      if (!sealed.startsWith(PREFIX)) return sealed;
      const [iv, tag, body] = sealed.slice(PREFIX.length).split(":");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv!, "base64"));
      decipher.setAuthTag(Buffer.from(tag!, "base64"));
      return Buffer.concat([decipher.update(Buffer.from(body!, "base64")), decipher.final()]).toString(
        "utf8",
      );
    },
    isSealed: (value: string) => value.startsWith(PREFIX),
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;
