import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  decodeRgba,
  ImageRejectedError,
  MAX_IMAGE_PIXELS,
  probeImage,
  toBoundedPng,
} from "./bounded-image.ts";
import { pngBomb } from "./image-bomb.ts";
import { avatarHash, hashSimilarity, screenshotHash } from "./perceptual-hash.ts";

// A logo-like picture: dark disc and bar on white, drawn as SVG and rasterised by libvips.
const SVG = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><rect width="200" height="200" fill="#fff"/><circle cx="70" cy="80" r="50" fill="#123"/><rect x="120" y="120" width="60" height="60" fill="#c33"/></svg>`,
);
const encode = async (format: "png" | "jpeg" | "webp" | "gif") => sharp(SVG)[format]().toBuffer();

const rejection = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ImageRejectedError);
  return err as ImageRejectedError;
};

describe("bounded images", () => {
  it("refuses an 8000x8000 PNG bomb from its header, naming the declared size, before decoding", async () => {
    const bomb = pngBomb(8000, 8000);
    expect(bomb.length).toBeLessThan(8 * 1024);
    const probe = await rejection(probeImage(bomb));
    expect(probe.reason).toBe("too_large");
    expect(probe.message).toContain("8000×8000");
    // The decoding paths refuse it the same way: the pixel data (1 MiB of 192 MB) is never read,
    // or the refusal would be the decoder's "cannot be decoded".
    expect((await rejection(decodeRgba(bomb))).message).toContain("8000×8000");
    expect((await rejection(toBoundedPng(bomb))).message).toContain("8000×8000");
    expect(await avatarHash(bomb)).toBeNull();
  });

  it("an image within the bound whose header lies about its data is unreadable, not a crash", async () => {
    const err = await rejection(decodeRgba(pngBomb(2000, 2000)));
    expect(err.reason).toBe("unreadable");
    expect(MAX_IMAGE_PIXELS).toBeGreaterThan(2000 * 2000);
  });

  it("reads the dimensions of PNG, JPEG, WebP, GIF and SVG; refuses other bytes", async () => {
    for (const f of ["png", "jpeg", "webp", "gif"] as const)
      expect(await probeImage(await encode(f))).toEqual({ format: f, width: 200, height: 200 });
    expect(await probeImage(SVG)).toEqual({ format: "svg", width: 200, height: 200 });
    expect((await rejection(probeImage(Buffer.from("not an image")))).reason).toBe("unreadable");
    const tiff = await sharp(SVG).tiff().toBuffer();
    expect((await rejection(probeImage(tiff))).reason).toBe("unsupported");
  });

  it("hashes every format alike: the same picture in JPEG, WebP, GIF or SVG matches its PNG", async () => {
    const png = (await avatarHash(await encode("png")))!;
    expect(png).toMatch(/^dh:[0-9a-f]{16}\.ah:[0-9a-f]{16}$/);
    for (const f of ["jpeg", "webp", "gif"] as const)
      expect(hashSimilarity(png, await avatarHash(await encode(f)))).toBeGreaterThan(0.9);
    expect(hashSimilarity(png, await avatarHash(SVG))).toBeGreaterThan(0.9);
    const other = await sharp({ create: { width: 200, height: 200, channels: 3, background: "#fff" } })
      .composite([
        {
          input: Buffer.from(
            `<svg width="200" height="200"><rect x="0" y="150" width="200" height="50" fill="#000"/></svg>`,
          ),
        },
      ]) // prettier-ignore
      .png()
      .toBuffer();
    expect(hashSimilarity(png, await avatarHash(other))!).toBeLessThan(0.8);
    expect(await screenshotHash(await encode("jpeg"))).toMatch(/^dhash:[0-9a-f]{16}$/);
  });

  it("turns any accepted image into a PNG no larger than asked", async () => {
    const out = await toBoundedPng(await encode("jpeg"), { maxSide: 64 });
    expect(await probeImage(out)).toEqual({ format: "png", width: 64, height: 64 });
  });
});

describe("SVG drawing budget", () => {
  it("kills the drawing of an SVG past its time budget: fine dashes round huge circles (a few KB, minutes of CPU)", async () => {
    const circles = Array.from({ length: 50 }, (_, i) => `<circle cx="256" cy="256" r="${100_000 + i}" fill="none" stroke="#000" stroke-width="3" stroke-dasharray="0.01 0.01"/>`).join(""); // prettier-ignore
    const bomb = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">${circles}</svg>`,
    );
    // Each circle is ~30 million dashes: no machine draws this within the budget of 1 s.
    const err = await rejection(toBoundedPng(bomb, { svgTimeoutMs: 1000 }));
    expect(err.reason).toBe("too_costly");
    expect(err.message).toBe("The SVG takes more than 1 s to draw; use a simpler version, or a PNG");
  });

  it("refuses filters however they are written, before drawing", async () => {
    const svgs = [
      `<filter id="f"><feGaussianBlur stdDeviation="9"/></filter><rect width="9" height="9" filter="url(#f)"/>`,
      `<rect width="9" height="9" style="filter: blur(90px)"/>`,
      `<rect width="9" height="9" style="fil&#116;er: blur(90px)"/>`,
      `<style>rect { fil\\74 er: blur(90px) }</style><rect width="9" height="9"/>`,
    ].map((body) =>
      Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9">${body}</svg>`),
    );
    for (const svg of svgs) {
      const err = await rejection(probeImage(svg));
      expect([err.reason, err.message]).toEqual([
        "too_costly",
        expect.stringMatching(/^The SVG uses filter effects/),
      ]);
    }
  });
});
