import { loadWebConfig } from "@brandwarden/web/config";
import { createWebAdapters } from "@brandwarden/web/adapters";
import { createWebContainer } from "@brandwarden/web/container";
import { readWebSecrets } from "@brandwarden/web/lib/secret-file";
import { loadCliConfig } from "../config.ts";
import { UsageError } from "../usage-error.ts";

/**
 * `brandwarden events replay [--dry-run]`: the worker→web events that failed every delivery
 * (poison, dead-lettered) applied again through the web app's handlers, with the web's own
 * configuration (DATABASE_URL, REDIS_URL, EVENT_CHANNEL_PREFIX). `--dry-run` lists them only.
 */
export async function runEventsReplay(opts: { dryRun: boolean }): Promise<void> {
  const { env } = loadCliConfig();
  const config = loadWebConfig({ ...env, LOG_LEVEL: env.LOG_LEVEL ?? "warn" });
  if (!config.redisUrl)
    throw new UsageError(
      "REDIS_URL: dead letters are kept in Redis; an embedded deployment (no REDIS_URL) keeps them in memory only",
    );
  const infra = await createWebAdapters(config);
  try {
    const container = createWebContainer(config, infra, await readWebSecrets(config));
    try {
      if (opts.dryRun) {
        const letters = await container.deadLetters.list();
        for (const l of letters)
          console.log([l.at ?? "-", l.kind, l.scan_id ?? "-", `attempts=${l.attempts}`, l.error].join("\t"));
        console.log(
          `${letters.length} dead-lettered event${letters.length === 1 ? "" : "s"} (dry run: nothing replayed)`,
        );
        return;
      }
      const { replayed, failed } = await container.deadLetters.replay();
      console.log(
        `replayed ${replayed} dead-lettered event${replayed === 1 ? "" : "s"}${failed ? `; ${failed} failed again and were kept` : ""}`,
      );
      if (failed) process.exitCode = 1;
    } finally {
      await container.close();
    }
  } finally {
    await infra.close();
  }
}
