import { randomUUID } from "node:crypto";
import { writeFile } from "node:fs/promises";
import type { Command } from "commander";
import { ZDomainName } from "@brandwarden/contract/common";
import type { TDomainProfile, TScanStartPayload } from "@brandwarden/contract/scan";
import { createMemoryBus } from "@brandwarden/platform/bus/memory-bus";
import { createMemoryKv } from "@brandwarden/platform/kv/memory-kv";
import { createLogger } from "@brandwarden/platform/logger/logger";
import { loadWorkerConfig } from "@brandwarden/worker/config";
import { createWorkerContainer } from "@brandwarden/worker/container";
import { UsageError } from "../usage-error.ts";
import { formatScanResult, type ScanRow } from "./scan-format.ts";

interface ScanOptions {
  domain: string[];
  brand: string;
  keywords?: string;
  nameservers?: string;
  format: string;
  output?: string;
}

/**
 * `brandwarden scan`: the worker's pipeline in-process, without the web application (default
 * weights, no AI), printing scored findings with their campaigns; for CI jobs and cron.
 */
export function registerScanCommand(program: Command): void {
  program
    .command("scan")
    .description("Scan for lookalike domains of a brand and print scored findings with campaigns")
    .requiredOption("--domain <domain...>", "the brand's own domain(s)")
    .requiredOption("--brand <name>", "the brand's name")
    .option("--keywords <list>", "comma-separated brand keywords (product names)")
    .option(
      "--nameservers <list>",
      "comma-separated DNS servers host[:port] (default: DNS_NAMESERVERS or the system's)",
    )
    .option("--format <format>", "json, csv or cli", "cli")
    .option("--output <file>", "write the result to a file instead of stdout")
    .action(async (opts: ScanOptions) => {
      const domains = opts.domain.map((d) => {
        const parsed = ZDomainName.safeParse(d);
        if (!parsed.success) throw new UsageError(`--domain: not a domain name: ${d}`);
        return parsed.data;
      });
      if (!["json", "csv", "cli"].includes(opts.format))
        throw new UsageError(`--format: expected json, csv or cli, got ${opts.format}`);
      if (!opts.brand.trim()) throw new UsageError("--brand: the brand name is empty");
      const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" };
      if (opts.nameservers !== undefined) env.DNS_NAMESERVERS = opts.nameservers;
      let config;
      try {
        config = loadWorkerConfig(env);
      } catch (err) {
        throw new UsageError((err as Error).message.replace("DNS_NAMESERVERS", "--nameservers"));
      }
      const logger = createLogger({ ...config.log, name: "scan" });
      const findings = new Map<string, ScanRow>();
      const logs: string[] = [];
      let failure: string | null = null;
      const container = createWorkerContainer(
        config,
        { bus: createMemoryBus(), kv: createMemoryKv(), logger, close: async () => undefined },
        {
          withWeb: false,
          sink: async (_channel, envelope) => {
            const e = envelope as { kind: string; data: Record<string, unknown> };
            if (e.kind === "findings_initial" || e.kind === "findings_delta") {
              for (const f of e.data.findings as ScanRow[]) {
                const { screenshot_png: _png, ...rest } = f as ScanRow & { screenshot_png?: string };
                findings.set(f.domain, { ...(findings.get(f.domain) ?? {}), ...rest });
              }
            } else if (e.kind === "log") {
              logs.push(`${e.data.level}: ${e.data.message}`);
              if (process.stderr.isTTY) process.stderr.write(`${e.data.message}\n`);
            } else if (e.kind === "scan_update" && e.data.status === "failed")
              failure = String(e.data.error ?? "scan failed");
          },
        },
      );
      try {
        const profiles: TDomainProfile[] = [];
        for (const d of domains) {
          try {
            profiles.push(await container.enricher.profileOwnedDomain(d));
          } catch (err) {
            logs.push(`warn: could not profile ${d}: ${(err as Error).message}`);
          }
        }
        const payload: TScanStartPayload = {
          scan_id: randomUUID(),
          user_id: randomUUID(),
          brand_name: opts.brand.trim(),
          keywords: (opts.keywords ?? "")
            .split(",")
            .map((k) => k.trim().toLowerCase())
            .filter(Boolean),
          owned_domains: domains,
          social_handles: [],
          logo_url: null,
          domain_profiles: profiles,
          resume_from_stage: null,
        };
        await container.runner.submit(payload);
      } finally {
        await container.close();
      }
      if (failure) throw new Error(failure);
      const text = formatScanResult([...findings.values()], opts.format as "json" | "csv" | "cli");
      if (opts.output) await writeFile(opts.output, text);
      else process.stdout.write(text);
    });
}
