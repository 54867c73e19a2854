import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requirePostgres, requireRedis, testRedisUrl } from "@brandwarden/platform/testing/services";
import { waitFor } from "@brandwarden/platform/testing/wait-for";
import { startSplitDeployment, type SplitDeployment } from "./split-deployment.ts";
import { webClient } from "./web-client.ts";

const pg = await requirePostgres();
const redis = await requireRedis();

/**
 * `start:web` stopped by SIGTERM while dashboards hold event streams open: the streams are ended
 * first, each with a last `closing` event and a `retry` so the browser reconnects elsewhere, and
 * the process exits by itself, within its deadline (SHUTDOWN_TIMEOUT), with code 0. Before, the
 * server's close waited for the streams, which never end by themselves: the process hung.
 */
describe("the web process stopped with event streams open", () => {
  let d: SplitDeployment;

  beforeAll(async () => {
    pg.assertAvailable();
    redis.assertAvailable();
    // A generous deadline: what is asserted is that the stop ends by itself (code 0), not how fast.
    d = await startSplitDeployment({
      worldEnv: {},
      redisUrl: testRedisUrl(),
      env: { SHUTDOWN_TIMEOUT: "60s" },
    });
    await d.startWeb();
  }, 240_000);

  afterAll(async () => {
    await d?.stop();
  });

  it("closes the streams with a last event, then exits 0 within SHUTDOWN_TIMEOUT", async () => {
    const client = webClient(d.webUrl);
    await client.signUp("sse@example.test", {
      domain: "example.com",
      brand: "Example",
      webhookUrl: "http://127.0.0.1:9/hooks/sse",
    });
    // No worker runs: the scan waits for its owned domain's profile, and its stream stays open.
    const scanId = await client.startScan();
    const streams = [await client.openEvents(scanId), await client.openEvents(scanId)];
    await waitFor(() => streams.every((s) => s.text().includes("event: hello")), "streams open", 30_000);

    const { code, output } = await d.stopWeb(120_000);
    expect(code, output.slice(-3000)).toBe(0);
    expect(output).toContain("SIGTERM: shutting down");
    expect(output).not.toContain("shutdown deadline");
    for (const stream of streams) {
      expect(await stream.ended).toBe("ended");
      expect(stream.text()).toMatch(/retry: \d+\nevent: closing\ndata: \{"reason":"shutdown"\}\n\n$/);
    }
  }, 300_000);
});
