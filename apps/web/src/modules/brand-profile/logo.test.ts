import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { pngBomb } from "@brandwarden/platform/images/image-bomb";
import { acceptLogo, LOGO_MAX_BYTES, sanitizeSvg } from "./logo.ts";

const picture = () => sharp({ create: { width: 32, height: 32, channels: 3, background: "#345" } });

describe("acceptLogo", () => {
  it("recognises PNG and JPEG by their bytes", async () => {
    expect((await acceptLogo(await picture().png().toBuffer())).contentType).toBe("image/png");
    expect((await acceptLogo(await picture().jpeg().toBuffer())).contentType).toBe("image/jpeg");
  });
  it("refuses an image over the pixel bound from its header, and a truncated one", async () => {
    await expect(acceptLogo(pngBomb(8000, 8000))).rejects.toThrow(/8000×8000/);
    await expect(acceptLogo(Buffer.from("89504e470d0a1a0a0000", "hex"))).rejects.toThrow(/cannot be read/);
  });
  it("strips scripts, handlers and external references from SVG", async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)"><rect width="10" height="10" onclick="x()"/></a><foreignObject><iframe src="http://evil"/></foreignObject><image href="http://evil/x.png"/></svg>`;
    const out = sanitizeSvg(svg);
    expect((await acceptLogo(Buffer.from(svg))).contentType).toBe("image/png");
    expect(out).toContain("<rect");
    for (const bad of [
      "script",
      "onload",
      "onclick",
      "javascript:",
      "foreignObject",
      "iframe",
      "http://evil",
    ])
      expect(out).not.toContain(bad);
  });
  it("rejects other files, empty files and files over the cap", async () => {
    await expect(acceptLogo(Buffer.from("GIF89a...."))).rejects.toThrow(/PNG, JPEG or SVG/);
    await expect(acceptLogo(Buffer.alloc(0))).rejects.toThrow(/empty/);
    await expect(
      acceptLogo(Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), Buffer.alloc(LOGO_MAX_BYTES)])),
    ).rejects.toThrow(/1 MiB/);
  });
});

describe("acceptLogo with SVG", () => {
  it("draws an SVG logo once into a PNG and keeps that", async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="1000"><circle cx="500" cy="500" r="400" fill="#123"/></svg>`;
    const logo = await acceptLogo(Buffer.from(svg));
    expect(logo.contentType).toBe("image/png");
    expect(await sharp(logo.data).metadata()).toMatchObject({ format: "png", width: 512, height: 256 });
  });
  it("refuses an SVG with stacked filters before drawing it, with 422 and why", async () => {
    const stacked = Array.from({ length: 40 }, (_, i) => `<feGaussianBlur in="${i ? `b${i - 1}` : "SourceGraphic"}" stdDeviation="200" result="b${i}"/><feMorphology in="b${i}" operator="dilate" radius="100"/>`).join(""); // prettier-ignore
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="4000"><filter id="f">${stacked}</filter><rect width="4000" height="4000" filter="url(#f)"/></svg>`;
    const err = await acceptLogo(Buffer.from(svg)).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 422, code: "invalid" });
    expect((err as Error).message).toMatch(/^The logo cannot be used: The SVG uses filter effects/);
  });
});
