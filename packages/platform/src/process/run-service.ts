import { ConfigError } from "../config/load-env.ts";
import { readDotenv } from "../config/read-dotenv.ts";

export interface RunningService {
  stop(): Promise<void>;
}

/**
 * The `main` of a long-running service: reads `.env`, starts it, stops it cleanly on SIGINT or
 * SIGTERM. Bad configuration prints its one message (naming the variable) and exits with 2.
 */
export async function runService(
  start: () => Promise<RunningService>,
  log: (message: string) => void,
): Promise<void> {
  readDotenv();
  let service: RunningService;
  try {
    service = await start();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const shutdown = async (signal: string) => {
    log(`${signal}: shutting down`);
    await service.stop();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
}
