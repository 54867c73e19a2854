import { setImmediate } from "node:timers/promises";
import {
  PermutationBudgetError,
  PermutationInputError,
} from "@brandwarden/worker/capabilities/lookalike/errors";
import { permutationSteps } from "@brandwarden/worker/capabilities/lookalike/generate";
import { normalizeInput } from "@brandwarden/worker/capabilities/lookalike/normalize";
import { silentLimit, silentServersWatch } from "@brandwarden/worker/capabilities/resolve/silent-servers";
import { loadCliConfig } from "../config.ts";
import type { Globals } from "../global-options.ts";
import { openOutput } from "../output/output.ts";
import { createProgress } from "../output/progress.ts";
import { UsageError } from "../usage-error.ts";
import { rowWriter, table, type PermuteRow } from "./permute-format.ts";
import { parseFlags, type PermuteFlags } from "./permute-flags.ts";
import { resolveInThreads } from "./resolve-threads.ts";

// `brandwarden permute DOMAIN`: lookalike permutations, resolved over DNS, in dnstwist's formats.
// Names are resolved as generation hands them over, step by step; rows are written in generation
// order once generation is over (every row's fuzzers are known then).

/** The input's normal form, or a usage error naming what is wrong with it. */
function originalOf(input: string) {
  try {
    return normalizeInput(input);
  } catch (err) {
    throw err instanceof PermutationInputError ? new UsageError(err.message.split("\n")[0]!) : err;
  }
}

export async function runPermute(input: string, flags: PermuteFlags, globals: Globals): Promise<void> {
  const opts = parseFlags(flags, loadCliConfig().dnsNameservers);
  const original = originalOf(input);
  // A bad input is reported before the output file is created, a bad path before any DNS work.
  const out = await openOutput(flags.output);
  const progress = createProgress(globals.progress);
  const rows: PermuteRow[] = [
    { fuzzer: "*original", domain: original.domain, domain_unicode: original.domain_unicode, fuzzers: [] },
  ];
  const index = new Map([[original.domain, 0]]);
  // DNS in threads of its own while this one generates names and writes rows.
  const resolving = opts.resolve
    ? resolveInThreads({ nameservers: opts.nameservers, concurrency: opts.concurrency }, (done, total, found) =>
        progress.update("resolve", done, total, `found ${found}`),
      ) // prettier-ignore
    : null;

  // Generation in steps; each step's names go to the DNS threads at once, and between steps the
  // event loop takes their answers.
  progress.start("generate");
  if (resolving) progress.start("resolve");
  resolving?.feed.push([original.domain]);
  try {
    const steps = permutationSteps(input, { fuzzers: opts.fuzzers, dictionary: opts.dictionary, tlds: opts.tlds }); // prettier-ignore
    let step = steps.next();
    for (; !step.done; step = steps.next()) {
      const added: string[] = [];
      for (const domain of step.value) {
        if (index.has(domain)) continue;
        index.set(domain, rows.length);
        rows.push({ fuzzer: "", domain, domain_unicode: domain, fuzzers: [] });
        added.push(domain);
      }
      if (resolving) {
        resolving.feed.push(added);
        await setImmediate();
      }
    }
    let i = 1;
    for (const p of step.value.permutations) {
      if (!p.valid || p.domain === original.domain) continue;
      const row = rows[i++];
      if (row?.domain !== p.domain) throw new Error(`permutation order changed at ${p.domain}`);
      row.fuzzer = p.fuzzer;
      row.domain_unicode = p.domain_unicode;
      row.fuzzers = p.fuzzers;
    }
    if (i !== rows.length) throw new Error("permutations missing from the final list");
  } catch (err) {
    resolving?.feed.fail(err);
    await out.close();
    throw err instanceof PermutationInputError || err instanceof PermutationBudgetError
      ? new UsageError(err.message.split("\n")[0]!)
      : err;
  }
  progress.stageDone({ stage: "generate", status: "completed", done: rows.length, total: rows.length });
  resolving?.feed.end();

  const shown = (r: PermuteRow) =>
    flags.registered
      ? r.dns?.status === "registered"
      : flags.unregistered
        ? r.dns?.status === "unregistered"
        : true;
  // Rows go out in generation order, each as soon as it and every row before it are resolved.
  const writer = opts.format === "cli" ? null : rowWriter(opts.format);
  let written = 0;
  let next = 0;
  let pending = writer?.head ?? "";
  let lastFlush = performance.now();
  const flush = async (force: boolean) => {
    if (!pending || (!force && pending.length < 16_384 && performance.now() - lastFlush < 100)) return;
    const text = pending;
    pending = "";
    lastFlush = performance.now();
    await out.write(text);
  };
  const drain = async () => {
    if (!writer) return;
    while (next < rows.length && (!opts.resolve || rows[next]!.dns)) {
      const r = rows[next++]!;
      if (shown(r)) pending += writer.row(r, written++);
    }
    await flush(false);
  };

  try {
    if (resolving) {
      const counts = { registered: 0, unregistered: 0, unknown: 0 };
      // A name server that stopped answering is given up: every lookup would wait out its retries.
      const servers = opts.nameservers.join(", ") || "the system's name servers (/etc/resolv.conf)";
      const silent = silentServersWatch(silentLimit(opts.concurrency), servers);
      // Leaving the loop early (an error) stops the DNS threads.
      for await (const r of resolving.results) {
        const at = index.get(r.domain)!;
        rows[at]!.dns = r;
        counts[r.status]++;
        try {
          silent(r);
        } catch (err) {
          throw new Error(`${(err as Error).message} (check --nameservers)`);
        }
        if (at === next) await drain(); // the first row not written yet: it and those after it may go
      }
      progress.stageDone({ stage: "resolve", status: "completed", done: rows.length, total: rows.length, counts }); // prettier-ignore
    }
    await drain();
    if (writer) pending += writer.tail(written);
    else pending += table(rows.filter(shown), globals.colour(out));
    await flush(true);
  } finally {
    progress.finish();
    await out.close();
  }
}
