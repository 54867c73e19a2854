import type { Command } from "commander";
import { parseWorldArgs, runWorldCommand, WORLD_USAGE } from "@brandwarden/world/cli/world-command";
import { UsageError } from "../usage-error.ts";

/** `brandwarden world ...`: the sandbox internet, until interrupted. Flags are parsed by the world itself. */
export function registerWorldCommand(program: Command): void {
  program
    .command("world")
    .description("Start the sandbox internet (DNS, web hosts, RDAP/WHOIS, platforms) and print its settings")
    .allowUnknownOption()
    .helpOption(false)
    .argument("[flags...]")
    .addHelpText("after", `\n${WORLD_USAGE}`)
    .action(async (flags: string[]) => {
      if (flags.includes("--help") || flags.includes("-h")) {
        console.log(WORLD_USAGE);
        return;
      }
      let options;
      try {
        options = parseWorldArgs(flags);
      } catch (err) {
        throw new UsageError((err as Error).message);
      }
      await runWorldCommand(options);
    });
}
