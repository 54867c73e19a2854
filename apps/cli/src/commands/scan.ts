import type { Command } from "commander";
import { loadCliConfig } from "../config.ts";
import { globalsOf } from "../global-options.ts";
import { SOCIAL_PLATFORMS } from "@brandwarden/contract/constants";
import { OPTIONAL_STAGES } from "./scan-choices.ts";
import type { ScanOptions } from "./scan-options.ts";

/**
 * `brandwarden scan`: the worker's pipeline in-process, without the web application (default
 * weights, no AI), printing scored findings with their campaigns; for CI jobs and cron.
 */
export function registerScanCommand(program: Command): void {
  program
    .command("scan")
    .description(
      "Scan for lookalike domains and impersonating social accounts of a brand and print scored findings with campaigns",
    )
    .requiredOption("--domain <domain...>", "the brand's own domain(s)")
    .requiredOption("--brand <name>", "the brand's name")
    .option("--keywords <list>", "comma-separated brand keywords (product names)")
    .option(
      "--nameservers <list>",
      "comma-separated DNS servers host[:port] (default: DNS_NAMESERVERS or the system's)",
    )
    .option(
      "--stages <list>",
      `stages to run besides generate and resolve, comma-separated: ${OPTIONAL_STAGES.join(", ")} (default: all)`,
    )
    .option(
      "--handles <list>",
      `the brand's own social accounts, comma-separated platform:handle pairs (platforms: ${SOCIAL_PLATFORMS.join(", ")})`,
    )
    .option("--logo <file>", "the brand's logo (PNG, JPEG, GIF, WebP or SVG), compared with profile avatars")
    .option("--no-social", "skip the social platforms (same as leaving social out of --stages)")
    .option("--no-screenshots", "take no screenshots (same as leaving screenshots out of --stages)")
    .option(
      "--timeout <seconds>",
      "longest wait for one network request (HTTP, TLS, WHOIS, social); default 10",
    )
    .option("-t, --threads <n>", "lookalikes enriched at once (default: ENRICH_CONCURRENCY, 64)")
    .option("--concurrency <n>", "same as --threads")
    .option("-f, --format <format>", "output format: cli, json, jsonl (JSON lines), csv or list", "cli")
    .option("-o, --output <file>", "write the result to FILE instead of stdout")
    .action(async (opts: ScanOptions, command: Command) => {
      const globals = globalsOf(command);
      // Flags are checked before the worker (hundreds of modules) is loaded.
      const { scanSettings } = await import("./scan-options.ts");
      const settings = scanSettings(opts, loadCliConfig().env);
      const { runScan } = await import("./scan-run.ts");
      await runScan(settings, opts.output, globals);
    });
}
