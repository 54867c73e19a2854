import { describe, expect, it } from "vitest";
import { acceptLogo, LOGO_MAX_BYTES } from "./logo.ts";

describe("acceptLogo", () => {
  it("recognises PNG and JPEG by their bytes", () => {
    expect(acceptLogo(Buffer.from("89504e470d0a1a0a0000", "hex")).contentType).toBe("image/png");
    expect(acceptLogo(Buffer.from("ffd8ffe000104a464946", "hex")).contentType).toBe("image/jpeg");
  });
  it("strips scripts, handlers and external references from SVG", () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)"><rect width="10" height="10" onclick="x()"/></a><foreignObject><iframe src="http://evil"/></foreignObject><image href="http://evil/x.png"/></svg>`;
    const out = acceptLogo(Buffer.from(svg)).data.toString();
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
  it("rejects other files, empty files and files over the cap", () => {
    expect(() => acceptLogo(Buffer.from("GIF89a...."))).toThrow(/PNG, JPEG or SVG/);
    expect(() => acceptLogo(Buffer.alloc(0))).toThrow(/empty/);
    expect(() =>
      acceptLogo(Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), Buffer.alloc(LOGO_MAX_BYTES)])),
    ).toThrow(/1 MiB/);
  });
});
