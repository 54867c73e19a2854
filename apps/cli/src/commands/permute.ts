import type { Command } from "commander";
import { FUZZER_NAMES } from "@brandwarden/contract/constants";
import { globalsOf } from "../global-options.ts";
import type { PermuteFlags } from "./permute-flags.ts";

/** `brandwarden permute DOMAIN`: lookalike permutations, resolved over DNS, in dnstwist's formats. */
export function registerPermuteCommand(program: Command): void {
  program
    .command("permute")
    .description("Lookalike permutations of DOMAIN (dnstwist's fuzzers and more), resolved over DNS")
    .argument("<domain>", "domain name to permute (Unicode or punycode)")
    .option("--fuzzers <list>", "only these fuzzers, comma-separated (see below)")
    .option("-r, --registered", "show only registered names (implies resolving)")
    .option("-u, --unregistered", "show only unregistered names (implies resolving)")
    .option(
      "--nameservers <list>",
      "DNS servers, host[:port] comma-separated (default: $DNS_NAMESERVERS, then /etc/resolv.conf)",
    ) // prettier-ignore
    .option("-t, --threads <n>", "domains resolved at once (default 200)")
    .option("--concurrency <n>", "same as --threads")
    .option("-d, --dictionary <file>", "words for the dictionary fuzzer, one per line")
    .option("--tld <file>", "suffixes for the tld-swap fuzzer, one per line")
    .option(
      "-f, --format <format>",
      "output format: cli, json, jsonl (JSON lines), csv or list; list alone does not resolve",
      "cli",
    )
    .option("-o, --output <file>", "write the output to FILE instead of stdout")
    .addHelpText("after", `\nFuzzers:\n  ${FUZZER_NAMES.join(", ")}`)
    .action(async (domain: string, flags: PermuteFlags, command: Command) => {
      const globals = globalsOf(command);
      const { runPermute } = await import("./permute-run.ts");
      await runPermute(domain, flags, globals);
    });
}
