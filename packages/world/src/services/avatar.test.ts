import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { AvatarSpecSchema } from "../scenario/services-schema.ts";
import { renderAvatar } from "./avatar.ts";

// An 8x8 average hash: what a perceptual-hash matcher would compute.
function aHash(buf: Buffer): bigint {
  const png = PNG.sync.read(buf);
  const cells: number[] = [];
  const step = png.width / 8;
  for (let cy = 0; cy < 8; cy++)
    for (let cx = 0; cx < 8; cx++) {
      let sum = 0,
        n = 0;
      for (let y = Math.floor(cy * step); y < (cy + 1) * step; y++)
        for (let x = Math.floor(cx * step); x < (cx + 1) * step; x++) {
          const i = (y * png.width + x) * 4;
          sum += png.data[i]! * 0.299 + png.data[i + 1]! * 0.587 + png.data[i + 2]! * 0.114;
          n++;
        }
      cells.push(sum / n);
    }
  const mean = cells.reduce((a, b) => a + b, 0) / 64;
  return cells.reduce((h, v, i) => (v > mean ? h | (1n << BigInt(i)) : h), 0n);
}
const hamming = (a: bigint, b: bigint) => [...(a ^ b).toString(2)].filter((c) => c === "1").length;

describe("avatars", () => {
  const logo = AvatarSpecSchema.parse({ style: "logo", seed: "Acme Bank", color: "#1f4e9c" });
  it("are real, deterministic PNGs", () => {
    const a = renderAvatar(logo, "x:acmebank");
    expect(PNG.sync.read(a).width).toBe(128);
    expect(renderAvatar(logo, "x:acmebank").equals(a)).toBe(true);
  });
  it("noisy copies of the logo differ in bytes but match by perceptual hash", () => {
    const official = renderAvatar(logo, "x:acmebank");
    const clone = renderAvatar({ ...logo, noise: 0.15 }, "x:acmebank_care");
    const other = renderAvatar(AvatarSpecSchema.parse({ style: "pattern", seed: "someone" }), "x:someone");
    expect(clone.equals(official)).toBe(false);
    expect(hamming(aHash(official), aHash(clone))).toBeLessThanOrEqual(4);
    expect(hamming(aHash(official), aHash(other))).toBeGreaterThan(10);
  });
  it("renders every style", () => {
    for (const style of ["logo", "initials", "pattern", "none"] as const) {
      expect(PNG.sync.read(renderAvatar(AvatarSpecSchema.parse({ style, seed: "Z" }))).height).toBe(128);
    }
  });
});
