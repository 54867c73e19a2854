import { describe, expect, it } from "vitest";
import { fold } from "../../social/normalize.ts";
import { foldLabel } from "./fold-label.ts";

describe("folding a host-name label", () => {
  it("gives exactly what the full fold gives, on plain ASCII labels and on IDN ones", () => {
    const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789-_";
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const labels = [
      "acm3bank",
      "paypa1",
      "rnicrosoft",
      "m0n3y",
      "a1b2c3",
      "x-3-y",
      "l33t",
      "contoso_pay",
      "4ever",
    ];
    for (let i = 0; i < 3000; i++) {
      let s = "";
      for (let j = 0, n = 1 + Math.floor(rnd() * 16); j < n; j++)
        s += alphabet[Math.floor(rnd() * alphabet.length)];
      labels.push(s);
    }
    labels.push("аcmebank", "ácmebank", "ｍｉｃｒｏｓｏｆｔ", "ACMEBANK");
    for (const l of labels) expect(foldLabel(l), l).toBe(fold(l));
  });
});
