import { ConfigError } from "../config/load-env.ts";
import { readDotenv } from "../config/read-dotenv.ts";
import { shutdownWithin, type StoppableService } from "./shutdown.ts";

/**
 * The `main` of a long-running service: reads `.env`, starts it, stops it on SIGINT or SIGTERM
 * within the service's deadline (`SHUTDOWN_TIMEOUT`), then exits. Bad configuration prints its one
 * message (naming the variable) and exits with 2.
 */
export async function runService(
  start: () => Promise<StoppableService>,
  log: (message: string) => void,
): Promise<void> {
  readDotenv();
  let service: StoppableService;
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
    const code = await shutdownWithin(service, { log });
    process.exit(code);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
}
