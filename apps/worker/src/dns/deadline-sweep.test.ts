import { describe, expect, it } from "vitest";
import { createDeadlineSweep } from "./deadline-sweep.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("deadline sweep", () => {
  it("calls back each item once after its deadline, never for one deleted in time", async () => {
    const due: string[] = [];
    const sweep = createDeadlineSweep<string>(5, (x) => due.push(x));
    const now = performance.now();
    sweep.add("soon", now + 10);
    sweep.add("later", now + 60);
    sweep.add("answered", now + 10);
    sweep.delete("answered");
    await sleep(35);
    expect(due).toEqual(["soon"]);
    await sleep(60);
    expect(due).toEqual(["soon", "later"]);
  });

  it("stops its interval when nothing waits, so the process can exit", async () => {
    const sweep = createDeadlineSweep<number>(5, () => {});
    const before = process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;
    sweep.add(1, performance.now() + 5);
    expect(process.getActiveResourcesInfo().filter((r) => r === "Timeout").length).toBe(before + 1);
    await sleep(30);
    expect(process.getActiveResourcesInfo().filter((r) => r === "Timeout").length).toBe(before);
    sweep.add(2, performance.now() + 10_000);
    sweep.clear();
    expect(process.getActiveResourcesInfo().filter((r) => r === "Timeout").length).toBe(before);
  });
});
