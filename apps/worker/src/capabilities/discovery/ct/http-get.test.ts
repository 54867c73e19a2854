import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { defaultSleep } from "./http-get.ts";

describe("defaultSleep", () => {
  it("leaves no listener on the signal once a wait ends (a follower sleeps on one signal for days)", async () => {
    const controller = new AbortController();
    for (let i = 0; i < 50; i++) await defaultSleep(0, controller.signal);
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
  });

  it("rejects with the signal's reason when it aborts during the wait, or before it", async () => {
    const controller = new AbortController();
    const waiting = defaultSleep(3_600_000, controller.signal);
    controller.abort(new Error("worker stopping"));
    await expect(waiting).rejects.toThrow("worker stopping");
    await expect(defaultSleep(0, controller.signal)).rejects.toThrow("worker stopping");
  });
});
