import { randomUUID } from "node:crypto";
import type { TDomainProfile, TScanStartPayload, TStageStates } from "@brandwarden/contract/scan";
import { createMemoryBus } from "@brandwarden/platform/bus/memory-bus";
import { createMemoryKv } from "@brandwarden/platform/kv/memory-kv";
import { createLogger } from "@brandwarden/platform/logger/logger";
import { loadWorkerConfig } from "@brandwarden/worker/config";
import type { Globals } from "../global-options.ts";
import { openOutput } from "../output/output.ts";
import { createProgress, type Progress } from "../output/progress.ts";
import { UsageError } from "../usage-error.ts";
import type { TSocialFindingItem, TSocialPlatformCoverage } from "@brandwarden/contract/findings";
import { formatScanResult, type ScanRow } from "./scan-format.ts";
import type { ScanSettings } from "./scan-options.ts";

/** Turns the runner's `scan_update` stage states into progress: a start, counts, one line per end. */
function stageReporter(progress: Progress, counts: () => Record<string, Record<string, number>>) {
  const seen = new Map<string, string>();
  return (states: TStageStates) => {
    for (const [stage, s] of Object.entries(states)) {
      if (!s) continue;
      const before = seen.get(stage) ?? "pending";
      seen.set(stage, s.status);
      if (s.status === "running" && before !== "running") progress.start(stage);
      if (s.status === "running")
        progress.update(stage, s.done, s.total, s.waiting_on ? `waiting on ${s.waiting_on}` : undefined);
      else if (s.status !== before && s.status !== "pending") {
        if (before === "pending") progress.start(stage);
        const detail = s.status === "completed" ? undefined : s.error;
        progress.stageDone({ stage, status: s.status, done: s.done, total: s.total, counts: counts()[stage], detail }); // prettier-ignore
      }
    }
  };
}

/** Registered and unknown lookalikes among the findings so far (unregistered ones are not findings). */
function resolveCounts(findings: Map<string, ScanRow>) {
  let registered = 0;
  let unknown = 0;
  for (const f of findings.values()) {
    if (f.resolve_status === "unknown") unknown++;
    else registered++;
  }
  return { registered, unknown };
}

export async function runScan(
  settings: ScanSettings,
  output: string | undefined,
  globals: Globals,
): Promise<void> {
  const domains = settings.domains;
  let config;
  try {
    config = loadWorkerConfig(settings.env);
  } catch (err) {
    throw new UsageError((err as Error).message.replace("DNS_NAMESERVERS", "--nameservers"));
  }
  await checkSocialInputs(settings);
  // Open the output first: a bad path is reported before any network work.
  const out = await openOutput(output);
  const { createWorkerContainer } = await import("@brandwarden/worker/container");
  const progress = createProgress(globals.progress);
  // Logs go to stderr: stdout holds the results.
  const level = globals.quiet ? "silent" : config.log.level;
  const logger = createLogger({ ...config.log, level, name: "scan", destination: "stderr" });
  const findings = new Map<string, ScanRow>();
  const social = { found: 0, unknown: 0 };
  const socialFindings = new Map<string, TSocialFindingItem>();
  let socialCoverage: TSocialPlatformCoverage[] = [];
  let failure: string | null = null;
  const onStates = stageReporter(progress, () => ({
    resolve: resolveCounts(findings),
    enrich: {},
    social: { ...social },
  }));
  const container = createWorkerContainer(
    config,
    { bus: createMemoryBus(), kv: createMemoryKv(), logger, close: async () => undefined },
    {
      withWeb: false,
      skipStages: settings.skip,
      sink: async (envelope) => {
        const e = envelope as { kind: string; data: Record<string, unknown> };
        if (e.kind === "findings_initial" || e.kind === "findings_delta") {
          for (const f of e.data.findings as ScanRow[]) {
            const { screenshot_png: _png, ...rest } = f as ScanRow & { screenshot_png?: string };
            findings.set(f.domain, { ...(findings.get(f.domain) ?? {}), ...rest });
          }
        } else if (e.kind === "social_findings_initial" || e.kind === "social_findings_delta") {
          const data = e.data as { findings: TSocialFindingItem[]; coverage?: TSocialPlatformCoverage[] };
          if (data.coverage) {
            socialCoverage = data.coverage;
            // Probes of a platform that could not be checked are unknown, reported once as coverage.
            for (const c of data.coverage) social.unknown += c.probes;
          }
          for (const f of data.findings) {
            const { avatar_png: _png, ...rest } = f;
            const key = `${f.platform}:${f.handle}`;
            socialFindings.set(key, { ...(socialFindings.get(key) ?? {}), ...rest });
            if (e.kind === "social_findings_delta") {
              if (f.status === "found") social.found++;
              else social.unknown++;
            }
          }
        } else if (e.kind === "log") {
          progress.log(String(e.data.level), String(e.data.message), e.data.code as string | undefined);
        } else if (e.kind === "scan_update") {
          if (e.data.stage_states) onStates(e.data.stage_states as TStageStates);
          if (e.data.status === "failed") failure = String(e.data.error ?? "scan failed");
        }
      },
    },
  );
  try {
    const profiles: TDomainProfile[] = [];
    for (const d of domains) {
      try {
        profiles.push(await container.enricher.profileOwnedDomain(d));
      } catch (err) {
        progress.log("warn", `could not profile ${d}: ${(err as Error).message}`);
      }
    }
    const payload: TScanStartPayload = {
      scan_id: randomUUID(),
      user_id: randomUUID(),
      brand_name: settings.brand,
      keywords: settings.keywords,
      owned_domains: domains,
      social_handles: settings.handles,
      // In-process, so the logo travels as a data: URL the social stage decodes like a fetched one.
      logo_url: settings.logo?.dataUrl ?? null,
      domain_profiles: profiles,
      resume_from_stage: null,
    };
    await container.runner.submit(payload);
  } finally {
    progress.finish();
    await container.close();
  }
  try {
    if (failure) throw new Error(failure);
    const socialResult = settings.skip.social
      ? null
      : { findings: [...socialFindings.values()], coverage: socialCoverage };
    await out.write(
      formatScanResult([...findings.values()], settings.format, globals.colour(out), socialResult),
    );
  } finally {
    await out.close();
  }
}

/** Each handle in its platform's shape, and the logo decodable: mistakes named by flag before any network work. */
async function checkSocialInputs(settings: ScanSettings): Promise<void> {
  if (settings.handles.length) {
    const { isValidHandle } = await import("@brandwarden/worker/capabilities/social/handles");
    for (const h of settings.handles)
      if (!isValidHandle(h.platform, h.handle))
        throw new UsageError(`--handles: "${h.handle}" is not a valid ${h.platform} handle`);
  }
  if (settings.logo) {
    const { toBoundedPng } = await import("@brandwarden/platform/images/bounded-image");
    const bytes = Buffer.from(settings.logo.dataUrl.slice(settings.logo.dataUrl.indexOf(",") + 1), "base64");
    try {
      await toBoundedPng(bytes, { maxSide: 400 });
    } catch (err) {
      throw new UsageError(
        `--logo: ${settings.logo.file} could not be read as an image: ${(err as Error).message}`,
      );
    }
  }
}
