import { smallScenario, startTestWorld } from "@brandwarden/world/testing/test-world";
import type { World } from "@brandwarden/world/world";
import { expect } from "vitest";
import { waitFor } from "@brandwarden/platform/testing/wait-for";
import type { WebClient } from "./web-client.ts";
import { webClient } from "./web-client.ts";

/**
 * One small world for every durability test: a score of lookalikes of every steady kind (no
 * sites that hang or reset, whose outcome would depend on timing), so two runs of a scan find the
 * same things and score them the same.
 */
export function startDurableWorld(): Promise<World> {
  return startTestWorld(
    smallScenario({
      lookalikes: 16,
      seed: "durable",
      mix: {
        phishing: 3,
        parked: 3,
        redirect: 1,
        unrelated: 2,
        mail_only: 1,
        error: 1,
        timeout: 0,
        reset: 0,
      },
    }),
  );
}

/** Services settings the durability tests share: fast failure detection, nothing slow or random. */
export const FAST_RECOVERY = {
  SCAN_HEARTBEAT_INTERVAL: "1s",
  SCAN_SILENCE_LIMIT: "8s",
  STALLED_SCAN_CHECK_INTERVAL: "1s",
  SCAN_AUTO_RESUMES: "10",
  // Generous timeouts: on a busy machine a slow answer must not read as a missing one.
  DNS_TIMEOUT_MS: "5000",
  ENRICH_CONCURRENCY: "4",
  // A shorter scan of the same world: fewer social probes, no Certificate Transparency step.
  SOCIAL_BUDGET_PER_PLATFORM: "20",
  CT_LOGS: "",
};

/** A new user of the web app at `baseUrl`, watching the world's brand, with its own webhook path. */
export async function signUpUser(world: World, baseUrl: string, name: string) {
  const client = webClient(baseUrl);
  const hooks = world.services!.webhookReceiver;
  const webhookUrl = `${world.env.WEBHOOK_RECEIVER_URL!.replace(/\/hooks\/.*$/, "")}/hooks/${name}`;
  await client.signUp(`${name}@example.test`, {
    domain: world.scenario.brand.primary_domain,
    brand: world.scenario.brand.name,
    webhookUrl,
  });
  return {
    client,
    /** Webhook deliveries this user's receiver got so far. */
    webhooks: () => hooks.requests().filter((r) => r.path === `/hooks/${name}`),
  };
}

/**
 * Waits until the scan ended and, if it completed, its report is ready, asking the web app over
 * HTTP (and patiently while it is down). Returns the last status seen.
 */
export async function untilScanSettled(client: WebClient, scanId: string, timeoutMs = 240_000) {
  let last: Awaited<ReturnType<WebClient["status"]>> | null = null;
  await waitFor(
    async () => {
      last = await client.status(scanId).catch(() => last);
      if (!last) return false;
      const { scan, report } = last;
      return scan.status === "failed" || scan.status === "cancelled" || report?.status === "ready";
    },
    `scan ${scanId} settled`,
    timeoutMs,
  );
  return last!;
}

/**
 * A new user's scan of the world, disturbed by `disturb` while it runs, awaited until it settled:
 * it must have completed, with its report ready and exactly one `scan.completed` webhook.
 * `output` (what the processes printed) goes into the failure message.
 */
export async function completedScanThrough(opts: {
  world: World;
  webUrl: string;
  name: string;
  what: string;
  disturb: (scanId: string, client: WebClient) => Promise<void>;
  output: () => string;
  timeoutMs?: number;
}) {
  const user = await signUpUser(opts.world, opts.webUrl, opts.name);
  const scanId = await user.client.startScan();
  await opts.disturb(scanId, user.client);
  // A scan that never settles (a process died, say) fails with what the processes printed.
  const settled = await untilScanSettled(user.client, scanId, opts.timeoutMs).catch((err: Error) => {
    throw new Error(`${opts.what}: ${err.message}\n${opts.output()}`);
  });
  expect(settled.scan.status, `${opts.what}: ${settled.scan.error ?? ""}\n${opts.output()}`).toBe(
    "completed",
  );
  expect(settled.report?.status).toBe("ready");
  await waitFor(() => user.webhooks().length >= 1, "webhook delivered", 60_000);
  expect(user.webhooks()).toHaveLength(1);
  expect(user.webhooks()[0]!.json).toMatchObject({ type: "scan.completed" });
  return { user, scanId, settled };
}
