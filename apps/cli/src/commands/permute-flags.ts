import { readFileSync } from "node:fs";
import { isFuzzerName, type TFuzzerName } from "@brandwarden/contract/constants";
import { parseNameserver } from "@brandwarden/worker/ports/dns/dns-client";
import { UsageError } from "../usage-error.ts";

// `permute`'s flags, checked and turned into settings before any work.

const FORMATS = ["cli", "json", "jsonl", "csv", "list"] as const;
export type PermuteFormat = (typeof FORMATS)[number];

export interface PermuteFlags {
  fuzzers?: string;
  registered?: boolean;
  unregistered?: boolean;
  nameservers?: string;
  concurrency?: string;
  threads?: string;
  dictionary?: string;
  tld?: string;
  format: string;
  output?: string;
}

function readLines(file: string, what: string): string[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    throw new UsageError(`cannot read ${what} file ${file}: ${(err as NodeJS.ErrnoException).code ?? err}`);
  }
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"));
}

/** `envNameservers`: DNS_NAMESERVERS, the name servers when --nameservers is not given. */
export function parseFlags(flags: PermuteFlags, envNameservers: string | undefined) {
  const format = flags.format as PermuteFormat;
  if (!FORMATS.includes(format)) {
    throw new UsageError(`invalid --format "${flags.format}" (choose from ${FORMATS.join(", ")})`);
  }
  if (flags.registered && flags.unregistered) {
    throw new UsageError("--registered and --unregistered are mutually exclusive");
  }
  let fuzzers: TFuzzerName[] | undefined;
  if (flags.fuzzers !== undefined) {
    const names = flags.fuzzers.split(",").map((f) => f.trim().toLowerCase()).filter(Boolean); // prettier-ignore
    const unknown = names.filter((n) => !isFuzzerName(n));
    if (unknown.length || !names.length) {
      throw new UsageError(
        `unknown fuzzer "${unknown.join(",") || flags.fuzzers}" (see --help for the list)`,
      );
    }
    fuzzers = names as TFuzzerName[];
  }
  const flag = flags.threads !== undefined ? "--threads" : "--concurrency";
  const text = flags.threads ?? flags.concurrency ?? "200";
  const concurrency = Number(text);
  if (!/^\d+$/.test(text) || concurrency < 1 || concurrency > 10_000) {
    throw new UsageError(`${flag} must be an integer from 1 to 10000, got "${text}"`);
  }
  const fromEnv = flags.nameservers === undefined;
  const nsText = flags.nameservers ?? envNameservers ?? "";
  const nameservers = nsText.split(",").map((s) => s.trim()).filter(Boolean); // prettier-ignore
  if (!fromEnv && !nameservers.length) throw new UsageError("--nameservers is empty");
  for (const ns of nameservers) {
    try {
      parseNameserver(ns);
    } catch (err) {
      throw new UsageError(`${fromEnv ? "DNS_NAMESERVERS: " : "--nameservers: "}${(err as Error).message}`);
    }
  }
  return {
    format,
    fuzzers,
    concurrency,
    nameservers,
    dictionary: flags.dictionary !== undefined ? readLines(flags.dictionary, "dictionary") : undefined,
    tlds: flags.tld !== undefined ? readLines(flags.tld, "TLD") : undefined,
    resolve: format !== "list" || !!flags.registered || !!flags.unregistered,
  };
}
