import { describe, expect, it } from "vitest";
import { requireService } from "../testing/require-service.ts";
import { probeRedis } from "../testing/services.ts";

describe("requireService", () => {
  it("reports an answering service as available", async () => {
    const s = await requireService("X", "x://host", async () => undefined);
    expect(s).toMatchObject({ available: true, reason: null });
    expect(() => s.assertAvailable()).not.toThrow();
  });

  it("fails, naming the service and why, when it does not answer (never a skip)", async () => {
    const s = await requireService("X", "x://u:secret@host", () => Promise.reject(new Error("refused")));
    expect(s.available).toBe(false);
    expect(s.reason).toContain("refused");
    expect(s.reason).not.toContain("secret");
    expect(() => s.assertAvailable()).toThrow(/X not reachable.*refused/);
  });

  it("treats a hanging probe as unavailable", async () => {
    const s = await requireService("X", "x://host", () => new Promise<void>(() => undefined), {
      timeoutMs: 50,
    });
    expect(s.reason).toContain("no answer within 50 ms");
  });

  it("probeRedis rejects for a closed port", async () => {
    await expect(probeRedis("redis://127.0.0.1:1")).rejects.toThrow();
  });
});
