import { describe, expect, it } from "vitest";
import { createSecretBox } from "./secret-box.ts";

describe("secret box", () => {
  it("round-trips, never stores the plain text and detects tampering", () => {
    const box = createSecretBox("s".repeat(40));
    const sealed = box.seal("sk-live-123");
    expect(sealed).not.toContain("sk-live-123");
    expect(box.seal("sk-live-123")).not.toBe(sealed);
    expect(box.open(sealed)).toBe("sk-live-123");
    const tampered = sealed.slice(0, -4) + (sealed.endsWith("AAAA") ? "BBBB" : "AAAA");
    expect(() => box.open(tampered)).toThrow();
    expect(() => createSecretBox("t".repeat(40)).open(sealed)).toThrow();
  });
});
