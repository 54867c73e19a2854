import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { watchRounds } from "../../src/db/schema.ts";
import type { TestWeb } from "../harness.ts";
import { logIn, PASSWORD, snap, startUiOnTestWeb } from "./browser-harness.ts";

// Issue 28 in Chromium: the lookalikes page says how far the watch's full cycle is (an accessible
// progress bar), when it should complete and what the last round did; before any round, what the
// watch will do.

const HOUR = 3_600_000;

describe("the watch status in the browser", () => {
  let t: TestWeb;
  let browser: Browser;
  let baseUrl: string;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ t, browser, baseUrl, stop } = await startUiOnTestWeb());
    const users = t.container.services.users;
    const watched = await users.createUser({ email: "watched@watch.test", password: PASSWORD });
    await users.createUser({ email: "new@watch.test", password: PASSWORD });
    const started = new Date(Date.now() - 10 * 60_000);
    const finished = new Date(started.getTime() + 90_000);
    // Two completed rounds of a cycle as the web app stores them (the worker's stats and the cycle's bookkeeping).
    await t.db.insert(watchRounds).values([
      {
        user_id: watched.id,
        status: "completed",
        started_at: new Date(started.getTime() - HOUR),
        finished_at: new Date(finished.getTime() - HOUR),
        stats: { names: 2470, registered: 1, cycle_total: 48_210, cycle_start: 7600, cycle_next: 10_000 },
      },
      {
        user_id: watched.id,
        status: "completed",
        started_at: started,
        finished_at: finished,
        stats: {
          names: 2480,
          registered: 0,
          cycle_total: 48_210,
          cycle_slice: 2400,
          cycle_start: 10_000,
          cycle_next: 12_400,
          cycle_wrapped: 0,
          cycle_started_ms: started.getTime() - 5 * HOUR,
          cycles_completed: 2,
          cycle_completed_ms: started.getTime() - 6 * HOUR,
          interval_ms: HOUR,
          full_cycle_ms: 24 * HOUR,
          paced_seconds: 50,
          over_interval: 0,
        },
      },
    ]);
  }, 240_000);
  afterAll(async () => {
    await stop?.();
  });

  it("shows how far the cycle is, when it completes and the last round", { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await logIn(page, "watched@watch.test");
    await page.getByRole("link", { name: "Lookalikes" }).click();
    const panel = page.getByTestId("watch-status");
    await panel.waitFor();
    const line = (await page.getByTestId("watch-line").innerText()).replace(/\s+/g, " ");
    expect(line).toMatch(/^12,400 of 48,210 candidates checked this cycle \(25 %\)/);
    expect(line).toMatch(/cycle completes ~.+ · last round .+, 2,480 names, 0 new$/);
    const bar = panel.getByRole("progressbar", { name: "Candidates checked this cycle" });
    expect(await bar.getAttribute("aria-valuenow")).toBe("25");
    expect(await bar.getAttribute("aria-valuetext")).toBe("12,400 of 48,210 candidates");
    expect(await panel.innerText()).toMatch(/2 cycles completed, last/);
    expect(await panel.innerText()).toMatch(
      /at least once every 24 hours, a slice each round \(every 1 hour\)/,
    );
    expect(await panel.locator(".field-error").count()).toBe(0);
    await snap(page, "watch-status");
    await context.close();
  });

  it("says what the watch will do before its first round", { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ baseURL: baseUrl });
    const page = await context.newPage();
    await logIn(page, "new@watch.test");
    await page.goto("/lookalikes");
    const panel = page.getByTestId("watch-status");
    await panel.waitFor();
    expect(await panel.innerText()).toMatch(/No watch round yet/);
    expect(await panel.getByRole("progressbar").count()).toBe(0);
    await context.close();
  });
});
