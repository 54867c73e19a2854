import { Command, CommanderError } from "commander";
import { ConfigError } from "@brandwarden/platform/config/load-env";
import { readDotenv } from "@brandwarden/platform/config/read-dotenv";
import { registerDemoCommand } from "./commands/demo.ts";
import { registerLearnCommand } from "./commands/learn.ts";
import { registerScanCommand } from "./commands/scan.ts";
import { registerPermuteCommand } from "./commands/permute.ts";
import { registerStartCommand } from "./commands/start.ts";
import { registerUsersCommand } from "./commands/users.ts";
import { registerWorldCommand } from "./commands/world.ts";
import { UsageError } from "./usage-error.ts";

readDotenv();

const program = new Command("brandwarden")
  .description("Brand-abuse monitoring: lookalike domains and social impersonation, scored and triaged.")
  .showHelpAfterError("(run with --help for usage)")
  .exitOverride();

registerStartCommand(program);
registerUsersCommand(program);
registerLearnCommand(program);
registerScanCommand(program);
registerWorldCommand(program);
registerDemoCommand(program);
registerPermuteCommand(program);

try {
  await program.parseAsync(process.argv);
} catch (err) {
  if (err instanceof CommanderError) {
    // Help and version exit with code 0; usage errors with 2 (commander already printed them).
    process.exit(err.exitCode === 0 ? 0 : 2);
  }
  if (err instanceof UsageError || err instanceof ConfigError) {
    console.error(`brandwarden: ${err.message}`);
    process.exit(2);
  }
  console.error(`brandwarden: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
