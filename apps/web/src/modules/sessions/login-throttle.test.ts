import { describe, expect, it } from "vitest";
import { AppError } from "@brandwarden/platform/http/app-error";
import { createMemoryKv } from "@brandwarden/platform/kv/memory-kv";
import { createLoginThrottle } from "./login-throttle.ts";

const VICTIM = "victim@example.com";
const ATTACKER_IP = "203.0.113.66";

/** The 429's Retry-After seconds, or null when the pair may try now. */
async function retryAfter(check: Promise<void>): Promise<number | null> {
  try {
    await check;
    return null;
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(429);
    return ((err as AppError).details as { retry_after_seconds: number }).retry_after_seconds;
  }
}

describe("login throttle per (account, address)", () => {
  it("makes the attacking address wait longer after each wrong password, never the owner's address", async () => {
    let clock = 1_000_000;
    const throttle = createLoginThrottle({ kv: createMemoryKv(), now: () => clock });
    const waitOf = () => retryAfter(throttle.check(VICTIM, ATTACKER_IP));
    for (let i = 0; i < 4; i++) {
      expect(await waitOf()).toBeNull();
      await throttle.failed(VICTIM, ATTACKER_IP);
    }
    expect(await waitOf()).toBeNull();
    await throttle.failed(VICTIM, ATTACKER_IP); // the fifth wrong password
    const waits: number[] = [];
    for (let round = 0; round < 4; round++) {
      const wait = (await waitOf())!;
      waits.push(wait);
      // The owner, from their own address, is never held back.
      expect(await retryAfter(throttle.check(VICTIM, "198.51.100.7"))).toBeNull();
      clock += wait * 1000 + 1;
      expect(await waitOf()).toBeNull();
      await throttle.failed(VICTIM, ATTACKER_IP);
    }
    expect(waits).toEqual([30, 60, 120, 240]);
    // A right password from the address clears its wait.
    await throttle.succeeded(VICTIM, ATTACKER_IP);
    expect(await waitOf()).toBeNull();
  });

  it("caps the wait at one hour", async () => {
    let clock = 0;
    const throttle = createLoginThrottle({ kv: createMemoryKv(), now: () => clock });
    for (let i = 0; i < 40; i++) {
      clock += 3600_000;
      await throttle.failed(VICTIM, ATTACKER_IP);
    }
    const err = await throttle.check(VICTIM, ATTACKER_IP).catch((e: AppError) => e);
    expect((err as AppError).details).toEqual({ retry_after_seconds: 3600 });
  });
});
