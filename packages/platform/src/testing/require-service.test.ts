import { describe, expect, it, vi } from "vitest";
import { requireService } from "./require-service.ts";
import { probeRedis } from "./services.ts";

describe("requireService", () => {
  it("reports an answering service as available", async () => {
    const s = await requireService("X", "x://host", async () => undefined, { env: { CI: "true" } });
    expect(s).toMatchObject({ available: true, skip: false, reason: null });
    expect(s.title("suite")).toBe("suite");
    expect(() => s.assertAvailable()).not.toThrow();
  });

  it("skips visibly outside CI when the service does not answer", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const s = await requireService("X", "x://u:secret@host", () => Promise.reject(new Error("refused")), {
      env: {},
    });
    expect(s.skip).toBe(true);
    expect(s.reason).toContain("refused");
    expect(s.reason).not.toContain("secret");
    expect(s.title("suite")).toMatch(/^suite \(skipped: X not reachable/);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it("fails under CI when the service does not answer", async () => {
    const s = await requireService("X", "x://host", () => Promise.reject(new Error("refused")), {
      env: { CI: "true" },
    });
    expect(s.skip).toBe(false);
    expect(() => s.assertAvailable()).toThrow(/refused.*CI=true/);
  });

  it("treats a hanging probe as unavailable", async () => {
    const s = await requireService("X", "x://host", () => new Promise<void>(() => undefined), {
      env: { CI: "true" },
      timeoutMs: 50,
    });
    expect(s.reason).toContain("no answer within 50 ms");
  });

  it("probeRedis rejects for a closed port", async () => {
    await expect(probeRedis("redis://127.0.0.1:1")).rejects.toThrow();
  });
});
