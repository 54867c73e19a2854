import type { Command } from "commander";
import type { DemoFlags } from "./demo-run.ts";
import type { CreateTokenFlags } from "./tokens-run.ts";
import type { CreateUserFlags } from "./users-run.ts";

// The commands that run or manage the service; each loads its implementation only when run.

export function registerStartCommand(program: Command): void {
  program
    .command("start")
    .description("Run the web application and the worker in one process (embedded defaults)")
    .action(async () => (await import("./start.ts")).runStart());
}

export function registerDemoCommand(program: Command): void {
  program
    .command("demo")
    .description("Start the sandbox world, the service pointed at it, a demo account and a first scan")
    .option(
      "--rtt <ms>",
      "the world at internet speed: every server behind a path of this round trip (5% jitter)",
    )
    .option(
      "--rdap-rate <n>",
      "each registry's RDAP server allows n requests a second (429 with Retry-After beyond)",
    )
    .action(async (opts: DemoFlags) => (await import("./demo-run.ts")).runDemo(opts));
}

export function registerUsersCommand(program: Command): void {
  const users = program.command("users").description("Manage user accounts");
  users
    .command("create")
    .description("Create a user and print its id")
    .requiredOption("--email <email>", "the user's e-mail address")
    .requiredOption(
      "--password <password>",
      "the user's password (10 to 200 characters, not common or easily guessed)",
    )
    .option("--admin", "give the user the admin flag", false)
    .action(async (opts: CreateUserFlags) => (await import("./users-run.ts")).runUsersCreate(opts));
}

/** `brandwarden tokens create`: an operator makes a user's personal API token. */
export function registerTokensCommand(program: Command): void {
  const tokens = program.command("tokens").description("Manage personal API tokens");
  tokens
    .command("create")
    .description("Create a personal API token for a user and print only the token")
    .requiredOption("--email <email>", "the e-mail address of the user the token acts as")
    .requiredOption("--name <name>", "what the token is for (shown on the account page)")
    .action(async (opts: CreateTokenFlags) => (await import("./tokens-run.ts")).runTokensCreate(opts));
}

/** `brandwarden events replay`: dead-lettered worker→web events applied again. */
export function registerEventsCommand(program: Command): void {
  const events = program.command("events").description("The worker→web event streams");
  events
    .command("replay")
    .description(
      "Apply dead-lettered events again through the web app's handlers (idempotent) and print how many",
    )
    .option("--dry-run", "list the dead-lettered events without replaying them", false)
    .action(async (opts: { dryRun: boolean }) => (await import("./events-run.ts")).runEventsReplay(opts));
}

/**
 * `brandwarden learn [--user <id>]`: fits weights from analysts' labels now, as the score stage does
 * before each scan: the platform's set from trusted accounts' labels, or one user's own set.
 */
export function registerLearnCommand(program: Command): void {
  program
    .command("learn")
    .description(
      "Fit signal weights from analysts' labels (via the web app's internal API) and store them: " +
        "the platform's set from trusted accounts' labels, or with --user one user's own set",
    )
    .option("--user <id>", "learn this user's own set from their labels")
    .action(async (opts: { user?: string }) => (await import("./learn-run.ts")).runLearn(opts));
}

/** `brandwarden world ...`: the sandbox internet, until interrupted. Flags are parsed by the world itself. */
export function registerWorldCommand(program: Command): void {
  program
    .command("world")
    .description("Start the sandbox internet (DNS, web hosts, RDAP/WHOIS, platforms) and print its settings")
    .allowUnknownOption()
    .helpOption(false)
    .argument("[flags...]", "the world's flags (brandwarden world --help lists them)")
    .action(async (flags: string[]) => (await import("./world-run.ts")).runWorld(flags));
}
