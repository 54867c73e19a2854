import { Command, CommanderError } from "commander";
import { ConfigError } from "@brandwarden/platform/config/config-error";
import { readDotenv } from "@brandwarden/platform/config/read-dotenv";
import { registerPermuteCommand } from "./commands/permute.ts";
import { registerScanCommand } from "./commands/scan.ts";
import {
  registerDemoCommand,
  registerEventsCommand,
  registerLearnCommand,
  registerStartCommand,
  registerUsersCommand,
  registerTokensCommand,
  registerWorldCommand,
} from "./commands/services.ts";
import { registerZonesCommand } from "./commands/zones.ts";
import { addGlobalOptions } from "./global-options.ts";
import { UsageError } from "./usage-error.ts";

// Only command definitions are loaded here; each command imports its implementation when run,
// so `brandwarden --help` and light commands start in tens of milliseconds.

readDotenv();

const program = addGlobalOptions(
  new Command("brandwarden")
    .description("Brand-abuse monitoring: lookalike domains and social impersonation, scored and triaged.")
    .showHelpAfterError("(run with --help for usage)")
    .exitOverride(),
).addHelpText(
  "after",
  "\nExit codes: 0 done, 1 failure (network, scan failed), 2 usage or configuration error.",
);

registerStartCommand(program);
registerUsersCommand(program);
registerTokensCommand(program);
registerLearnCommand(program);
registerEventsCommand(program);
registerScanCommand(program);
registerWorldCommand(program);
registerDemoCommand(program);
registerPermuteCommand(program);
registerZonesCommand(program);

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
