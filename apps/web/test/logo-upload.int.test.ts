import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { pngBomb } from "@brandwarden/platform/images/image-bomb";
import { browserAgent } from "./browser-agent.ts";
import { dbVariants } from "./harness.ts";
import { suiteWebWithStubWorker } from "./suite-web.ts";

// Logo uploads are checked from the image header: a decompression bomb is refused with a 422 that
// names its declared size (a full decode of its truncated pixel data would fail differently), and
// nothing is stored.

const multipart = (filename: string, type: string, bytes: Buffer) => {
  const boundary = "----bwlogo";
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`), // prettier-ignore
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
};

/** A form of text fields followed by a PNG logo. */
const withFields = (fields: Array<[string, string]>, png: Buffer) => {
  const boundary = "----bwfields";
  const text = fields.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`); // prettier-ignore
  const file = multipart("logo.png", "image/png", png);
  const fileBody = file.body.toString("latin1").replaceAll("----bwlogo", boundary);
  return {
    body: Buffer.concat([Buffer.from(text.join("")), Buffer.from(fileBody, "latin1")]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
};

for (const { variant, status } of await dbVariants()) {
  describe(`logo upload on ${variant}`, () => {
    const t = suiteWebWithStubWorker(variant, status);

    it("refuses an 8000x8000 PNG bomb with 422 from its header and stores nothing", async () => {
      const a = browserAgent(t.app);
      const user = await a.signup(`logo-${randomUUID()}@example.com`);
      const bomb = multipart("logo.png", "image/png", pngBomb(8000, 8000));
      const res = await a.request("POST", "/account/logo", bomb.body, bomb.headers);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ error: "invalid" });
      expect(res.json().message).toContain("8000×8000");
      expect((await t.app.inject({ method: "GET", url: `/media/logos/${user.id}` })).statusCode).toBe(404);
    });

    it("refuses text fields sent before the file past the field count, and an over-long field", async () => {
      const a = browserAgent(t.app);
      const user = await a.signup(`logo-${randomUUID()}@example.com`);
      const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#234" } }).png().toBuffer(); // prettier-ignore
      // 50 fields of 64 KiB ahead of a valid logo (the review sent 400 of 1 MB): refused at the 11th field.
      const many = withFields(
        Array.from({ length: 50 }, (_, i) => [`f${i}`, "x".repeat(64 * 1024)]),
        png,
      );
      const res = await a.request("POST", "/account/logo", many.body, many.headers);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ error: "invalid", message: "The form has more than 10 fields" });
      const long = withFields([["note", "y".repeat(100 * 1024)]], png);
      const res2 = await a.request("POST", "/account/logo", long.body, long.headers);
      expect(res2.statusCode).toBe(422);
      expect(res2.json().message).toBe("The form field note is longer than 1024 bytes");
      expect((await t.app.inject({ method: "GET", url: `/media/logos/${user.id}` })).statusCode).toBe(404);
    });

    it("draws an SVG logo once at upload and serves the PNG; refuses one with stacked filters", async () => {
      const a = browserAgent(t.app);
      const user = await a.signup(`logo-${randomUUID()}@example.com`);
      const stacked = Array.from({ length: 40 }, (_, i) => `<feGaussianBlur in="${i ? `b${i - 1}` : "SourceGraphic"}" stdDeviation="200" result="b${i}"/><feMorphology in="b${i}" operator="dilate" radius="100"/>`).join(""); // prettier-ignore
      const hostile = `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="4000"><filter id="f">${stacked}</filter><rect width="4000" height="4000" filter="url(#f)"/></svg>`; // prettier-ignore
      const bad = multipart("logo.svg", "image/svg+xml", Buffer.from(hostile));
      const refused = await a.request("POST", "/account/logo", bad.body, bad.headers);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toMatch(/^The logo cannot be used: The SVG uses filter effects/);
      expect((await t.app.inject({ method: "GET", url: `/media/logos/${user.id}` })).statusCode).toBe(404);

      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="512"><rect width="1024" height="512" fill="#234"/></svg>`; // prettier-ignore
      const good = multipart("logo.svg", "image/svg+xml", Buffer.from(svg));
      const res = await a.request("POST", "/account/logo", good.body, good.headers);
      expect(res.json()).toEqual({ logo_url: `/media/logos/${user.id}`, content_type: "image/png" });
      const stored = await t.app.inject({ method: "GET", url: `/media/logos/${user.id}` });
      expect(stored.headers["content-type"]).toBe("image/png");
      expect(await sharp(stored.rawPayload).metadata()).toMatchObject({
        format: "png",
        width: 512,
        height: 256,
      });
    });

    it("accepts a JPEG logo within the bound", async () => {
      const a = browserAgent(t.app);
      const user = await a.signup(`logo-${randomUUID()}@example.com`);
      const jpeg = await sharp({ create: { width: 120, height: 80, channels: 3, background: "#234" } }).jpeg().toBuffer(); // prettier-ignore
      const up = multipart("logo.jpg", "image/jpeg", jpeg);
      const res = await a.request("POST", "/account/logo", up.body, up.headers);
      expect(res.statusCode).toBe(200);
      const stored = await t.app.inject({ method: "GET", url: `/media/logos/${user.id}` });
      expect(stored.headers["content-type"]).toBe("image/jpeg");
    });
  });
}
