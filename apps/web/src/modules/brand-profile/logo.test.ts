import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { pngBomb } from "@brandwarden/platform/images/image-bomb";
import { acceptLogo, LOGO_MAX_BYTES } from "./logo.ts";

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
    const out = (await acceptLogo(Buffer.from(svg))).data.toString();
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
