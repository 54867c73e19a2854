import { closeSync, openSync, readFileSync, writeSync } from "node:fs";
import type { Command } from "commander";
import {
  FUZZER_NAMES,
  generatePermutations,
  isFuzzerName,
  PermutationBudgetError,
  PermutationInputError,
  type FuzzerName,
} from "@brandwarden/worker/lookalike/index";
import { parseNameserver } from "@brandwarden/worker/dns/dns-client";
import { createResolver, type ResolveResult } from "@brandwarden/worker/resolve/resolver";
import { UsageError } from "../usage-error.ts";

// `brandwarden permute DOMAIN`: lookalike permutations, resolved over DNS, in dnstwist's formats.

const FORMATS = ["cli", "json", "csv", "list"] as const;
type Format = (typeof FORMATS)[number];

interface PermuteFlags {
  fuzzers?: string;
  registered?: boolean;
  unregistered?: boolean;
  nameservers?: string;
  concurrency?: string;
  dictionary?: string;
  tld?: string;
  format: string;
  output?: string;
}

interface Row {
  fuzzer: string;
  domain: string;
  domain_unicode: string;
  fuzzers: string[];
  dns?: ResolveResult;
}

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
    .option("--concurrency <n>", "domains resolved at once", "200")
    .option("-d, --dictionary <file>", "words for the dictionary fuzzer, one per line")
    .option("--tld <file>", "suffixes for the tld-swap fuzzer, one per line")
    .option("-f, --format <format>", `output format: ${FORMATS.join(", ")} (list does not resolve)`, "cli")
    .option("-o, --output <file>", "write the output to FILE instead of stdout")
    .addHelpText("after", `\nFuzzers:\n  ${FUZZER_NAMES.join(", ")}`)
    .action(async (domain: string, flags: PermuteFlags) => runPermute(domain, flags));
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

function parseFlags(flags: PermuteFlags) {
  const format = flags.format as Format;
  if (!FORMATS.includes(format)) {
    throw new UsageError(`invalid --format "${flags.format}" (choose from ${FORMATS.join(", ")})`);
  }
  if (flags.registered && flags.unregistered) {
    throw new UsageError("--registered and --unregistered are mutually exclusive");
  }
  let fuzzers: FuzzerName[] | undefined;
  if (flags.fuzzers !== undefined) {
    const names = flags.fuzzers.split(",").map((f) => f.trim().toLowerCase()).filter(Boolean); // prettier-ignore
    const unknown = names.filter((n) => !isFuzzerName(n));
    if (unknown.length || !names.length) {
      throw new UsageError(
        `unknown fuzzer "${unknown.join(",") || flags.fuzzers}" (see --help for the list)`,
      );
    }
    fuzzers = names as FuzzerName[];
  }
  const concurrency = Number(flags.concurrency);
  if (!/^\d+$/.test(flags.concurrency ?? "") || concurrency < 1 || concurrency > 10_000) {
    throw new UsageError(`--concurrency must be an integer from 1 to 10000, got "${flags.concurrency}"`);
  }
  const fromEnv = flags.nameservers === undefined;
  const nsText = flags.nameservers ?? process.env.DNS_NAMESERVERS ?? "";
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

async function runPermute(input: string, flags: PermuteFlags): Promise<void> {
  const opts = parseFlags(flags);
  let result;
  try {
    result = generatePermutations(input, {
      fuzzers: opts.fuzzers,
      dictionary: opts.dictionary,
      tlds: opts.tlds,
    });
  } catch (err) {
    if (err instanceof PermutationInputError || err instanceof PermutationBudgetError) {
      throw new UsageError(err.message.split("\n")[0]!);
    }
    throw err;
  }
  // Open the output first: a bad path is reported before any DNS work.
  let fd: number | undefined;
  if (flags.output !== undefined) {
    try {
      fd = openSync(flags.output, "w");
    } catch (err) {
      throw new UsageError(`cannot write ${flags.output}: ${(err as NodeJS.ErrnoException).code ?? err}`);
    }
  }
  const { original } = result;
  const rows: Row[] = [
    { fuzzer: "*original", domain: original.domain, domain_unicode: original.domain_unicode, fuzzers: [] },
    ...result.permutations
      .filter((p) => p.valid)
      .map((p) => ({
        fuzzer: p.fuzzer,
        domain: p.domain,
        domain_unicode: p.domain_unicode,
        fuzzers: p.fuzzers,
      })),
  ];

  if (opts.resolve) {
    const resolver = createResolver({ nameservers: opts.nameservers, concurrency: opts.concurrency });
    const byDomain = new Map(rows.map((r) => [r.domain, r]));
    const progress = process.stderr.isTTY ? progressBar(rows.length) : undefined;
    try {
      for await (const r of resolver.resolveMany([...byDomain.keys()], { onProgress: progress?.update })) {
        byDomain.get(r.domain)!.dns = r;
      }
    } finally {
      progress?.finish();
      await resolver.close();
    }
  }
  const shown = rows.filter((r) =>
    flags.registered
      ? r.dns?.status === "registered"
      : flags.unregistered
        ? r.dns?.status === "unregistered"
        : true,
  );
  const toTty = fd === undefined && process.stdout.isTTY && !process.env.NO_COLOR;
  const text = render(opts.format, shown, toTty);
  if (fd !== undefined) {
    writeSync(fd, text);
    closeSync(fd);
  } else {
    await new Promise<void>((resolve) => process.stdout.write(text, () => resolve()));
  }
}

function render(format: Format, rows: Row[], colour: boolean): string {
  if (format === "list") return rows.map((r) => `${r.domain}\n`).join("");
  if (format === "json") return `${JSON.stringify(rows.map(jsonRow), null, 2)}\n`;
  if (format === "csv") return csv(rows);
  return table(rows, colour);
}

/** dnstwist's record: empty DNS lists left out; plus `domain_unicode`, `fuzzers` and the three-state `status`. */
function jsonRow(r: Row): Record<string, unknown> {
  const out: Record<string, unknown> = { fuzzer: r.fuzzer, domain: r.domain };
  for (const key of ["dns_ns", "dns_a", "dns_aaaa", "dns_mx"] as const) {
    if (r.dns?.[key].length) out[key] = r.dns[key];
  }
  out.domain_unicode = r.domain_unicode;
  out.fuzzers = r.fuzzers;
  if (r.dns) {
    out.status = r.dns.status;
    if (r.dns.reason) out.reason = r.dns.reason;
    if (r.dns.wildcard) out.wildcard = true;
  }
  return out;
}

function csv(rows: Row[]): string {
  const cell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const head = "fuzzer,domain,domain_unicode,fuzzers,dns_a,dns_aaaa,dns_mx,dns_ns,status\n";
  return (
    head +
    rows
      .map((r) =>
        [
          r.fuzzer,
          r.domain,
          r.domain_unicode,
          r.fuzzers.join(";"),
          ...(["dns_a", "dns_aaaa", "dns_mx", "dns_ns"] as const).map((k) => (r.dns?.[k] ?? []).join(";")),
          r.dns?.status ?? "",
        ]
          .map(cell)
          .join(","),
      )
      .map((l) => `${l}\n`)
      .join("")
  );
}

function table(rows: Row[], colour: boolean): string {
  const c = (code: string, s: string) => (colour ? `\x1b[${code}m${s}\x1b[0m` : s);
  const cells = rows.map((r) => {
    const d = r.dns;
    const a = d ? [...d.dns_a, ...d.dns_aaaa].join(" ") : "";
    const info =
      d?.status === "unknown" ? `unknown: ${d.reason}` : d?.status === "unregistered" ? "-" : a || "-";
    return [r.fuzzer, r.domain_unicode, info, d?.dns_mx.join(" ") || "", d?.dns_ns.join(" ") || ""];
  });
  const all = [["FUZZER", "DOMAIN", "A/AAAA", "MX", "NS"], ...cells];
  const widths = [0, 1, 2, 3].map((i) => Math.max(...all.map((r) => [...r[i]!].length)));
  const pad = (s: string, i: number) => (i < 4 ? s + " ".repeat(widths[i]! - [...s].length) : s);
  return all
    .map((cols, n) => {
      const status = n === 0 ? "head" : rows[n - 1]!.dns?.status;
      const colours = [
        n === 0 ? "1" : "36",
        n === 0 ? "1" : status === "registered" ? "32" : status === "unknown" ? "33" : "0",
        n === 0 ? "1" : status === "unknown" ? "33" : "0",
        n === 0 ? "1" : "0",
        n === 0 ? "1" : "2",
      ];
      return `${cols
        .map((s, i) => c(colours[i]!, pad(s, i)))
        .join("  ")
        .trimEnd()}\n`;
    })
    .join("");
}

/** A one-line progress bar with rate and ETA on stderr (only used when stderr is a terminal). */
function progressBar(total: number) {
  const started = performance.now();
  let last = 0;
  const draw = (done: number, registered: number) => {
    const secs = (performance.now() - started) / 1000;
    const rate = secs > 0 ? done / secs : 0;
    const eta = rate > 0 ? Math.ceil((total - done) / rate) : 0;
    const width = 30;
    const fill = Math.round((done / Math.max(1, total)) * width);
    process.stderr.write(
      `\r[${"#".repeat(fill)}${".".repeat(width - fill)}] ${Math.floor((done / Math.max(1, total)) * 100)}% ` +
        `${done}/${total} | ${Math.round(rate)}/s | ETA ${eta}s | found ${registered}\x1b[K`,
    );
  };
  return {
    update: (done: number, _total: number, registered: number) => {
      const now = performance.now();
      if (now - last < 100 && done < total) return;
      last = now;
      draw(done, registered);
    },
    finish: () => process.stderr.write("\r\x1b[K"),
  };
}
