import { readFileSync } from "node:fs";
import { ZHandle, type TSocialHandleRef } from "@brandwarden/contract/brand";
import { ZDomainName } from "@brandwarden/contract/common";
import { SOCIAL_PLATFORMS, type TScanStage } from "@brandwarden/contract/constants";
import { UsageError } from "../usage-error.ts";
import { OPTIONAL_STAGES, SCAN_FORMATS, type ScanFormat } from "./scan-choices.ts";

// `scan`'s flags checked and turned into worker settings: the environment overrides the run
// uses and the stages it skips. Checked before the worker is loaded, so a mistake is reported at once.

export interface ScanOptions {
  domain: string[];
  brand: string;
  keywords?: string;
  nameservers?: string;
  stages?: string;
  social: boolean;
  screenshots: boolean;
  timeout?: string;
  threads?: string;
  concurrency?: string;
  format: string;
  output?: string;
  handles?: string;
  logo?: string;
}

export interface ScanSettings {
  domains: string[];
  brand: string;
  keywords: string[];
  format: ScanFormat;
  env: NodeJS.ProcessEnv;
  skip: Partial<Record<TScanStage, string>>;
  /** The brand's own social accounts (--handles). */
  handles: TSocialHandleRef[];
  /** The logo as a data: URL (--logo), compared with avatars; null when none. */
  logo: { file: string; dataUrl: string } | null;
}

/** `platform:handle,…` as handle refs; the handle's shape per platform is checked by the run. */
function parseHandles(text: string): TSocialHandleRef[] {
  const pairs = text.split(",").map((p) => p.trim()).filter(Boolean); // prettier-ignore
  if (!pairs.length) throw new UsageError("--handles: no platform:handle pair given");
  return pairs.map((pair) => {
    const at = pair.indexOf(":");
    if (at <= 0 || at === pair.length - 1)
      throw new UsageError(`--handles: expected platform:handle, got "${pair}"`);
    const platform = pair.slice(0, at).trim().toLowerCase();
    if (!(SOCIAL_PLATFORMS as readonly string[]).includes(platform))
      throw new UsageError(`--handles: unknown platform "${platform}" in "${pair}" (choose from ${SOCIAL_PLATFORMS.join(", ")})`); // prettier-ignore
    const handle = ZHandle.safeParse(pair.slice(at + 1));
    if (!handle.success) throw new UsageError(`--handles: bad handle in "${pair}"`);
    return { platform: platform as TSocialHandleRef["platform"], handle: handle.data };
  });
}

/** Image types by their first bytes (the decoder checks the rest). */
const IMAGE_MAGIC: ReadonlyArray<[string, (b: Buffer) => boolean]> = [
  ["image/png", (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))],
  ["image/jpeg", (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  ["image/gif", (b) => b.subarray(0, 6).toString("latin1") === "GIF87a" || b.subarray(0, 6).toString("latin1") === "GIF89a"],
  ["image/webp", (b) => b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP"],
  ["image/svg+xml", (b) => /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(b.subarray(0, 2048).toString("utf8"))],
]; // prettier-ignore

const MAX_LOGO_BYTES = 4 * 1024 * 1024;

/** The logo file as a data: URL, or a usage error naming --logo. */
function readLogo(file: string): { file: string; dataUrl: string } {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    throw new UsageError(`--logo: cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`); // prettier-ignore
  }
  if (bytes.length > MAX_LOGO_BYTES) throw new UsageError(`--logo: ${file} is larger than 4 MiB`);
  const type = IMAGE_MAGIC.find(([, is]) => is(bytes))?.[0];
  if (!type) throw new UsageError(`--logo: ${file} is not an image (PNG, JPEG, GIF, WebP or SVG)`);
  return { file, dataUrl: `data:${type};base64,${bytes.toString("base64")}` };
}

function selectedStages(opts: ScanOptions): Set<string> {
  let selected = new Set<string>(OPTIONAL_STAGES);
  if (opts.stages !== undefined) {
    const names = opts.stages.split(",").map((s) => s.trim().toLowerCase()).filter(Boolean); // prettier-ignore
    const always: string[] = names.filter((n) => n === "generate" || n === "resolve");
    const unknown = names.filter((n) => !(OPTIONAL_STAGES as readonly string[]).includes(n) && !always.includes(n)); // prettier-ignore
    if (unknown.length || !names.length) {
      throw new UsageError(
        `--stages: unknown stage "${unknown.join(",") || opts.stages}" (choose from ${OPTIONAL_STAGES.join(", ")})`,
      );
    }
    selected = new Set(names);
  }
  if (!opts.social) selected.delete("social");
  if (!opts.screenshots || !selected.has("enrich")) selected.delete("screenshots");
  return selected;
}

function positive(flag: string, text: string, max: number): number {
  const n = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || n <= 0 || n > max) {
    throw new UsageError(`${flag} must be a number above 0 and at most ${max}, got "${text}"`);
  }
  return n;
}

/** `baseEnv`: the environment the run's worker config starts from (the flags' settings go on top). */
export function scanSettings(opts: ScanOptions, baseEnv: NodeJS.ProcessEnv): ScanSettings {
  const format = opts.format as ScanFormat;
  if (!(SCAN_FORMATS as readonly string[]).includes(format)) {
    throw new UsageError(`--format: expected ${SCAN_FORMATS.join(", ")}, got ${opts.format}`);
  }
  const domains = opts.domain.map((d) => {
    const parsed = ZDomainName.safeParse(d);
    if (!parsed.success) throw new UsageError(`--domain: not a domain name: ${d}`);
    return parsed.data;
  });
  const brand = opts.brand.trim();
  if (!brand) throw new UsageError("--brand: the brand name is empty");
  const keywords = (opts.keywords ?? "").split(",").map((k) => k.trim().toLowerCase()).filter(Boolean); // prettier-ignore
  const selected = selectedStages(opts);
  // The scan's own log (warnings, a failed stage) is printed as progress lines; the worker's JSON
  // log on stderr only for fatal errors, unless LOG_LEVEL asks for more.
  const env: NodeJS.ProcessEnv = { ...baseEnv, LOG_LEVEL: baseEnv.LOG_LEVEL || "fatal" };
  if (opts.nameservers !== undefined) env.DNS_NAMESERVERS = opts.nameservers;
  if (!selected.has("screenshots")) env.SCREENSHOTS = "false";
  if (opts.timeout !== undefined) {
    const ms = Math.round(positive("--timeout", opts.timeout, 600) * 1000);
    env.HTTP_TIMEOUT_MS = String(ms);
    env.SOCIAL_TIMEOUT_MS = String(ms);
    // A DNS query is retried on the next server after its own (shorter) timeout.
    env.DNS_TIMEOUT_MS = String(Math.min(ms, Number(env.DNS_TIMEOUT_MS) || 2000));
  }
  const threads = opts.threads ?? opts.concurrency;
  if (threads !== undefined) {
    const flag = opts.threads !== undefined ? "--threads" : "--concurrency";
    if (!/^\d+$/.test(threads) || Number(threads) < 1 || Number(threads) > 256) {
      throw new UsageError(`${flag} must be an integer from 1 to 256, got "${threads}"`);
    }
    env.ENRICH_CONCURRENCY = threads;
  }
  const skip: Partial<Record<TScanStage, string>> = {};
  for (const stage of ["enrich", "social", "score", "audit"] as const) {
    if (!selected.has(stage)) skip[stage] = "not selected by --stages";
  }
  if (!opts.social) skip.social = "--no-social";
  const handles = opts.handles !== undefined ? parseHandles(opts.handles) : [];
  const logo = opts.logo !== undefined ? readLogo(opts.logo) : null;
  if ((handles.length || logo) && skip.social) {
    const flag = opts.handles !== undefined ? "--handles" : "--logo";
    throw new UsageError(`${flag} is for social discovery, which this run leaves out (${skip.social})`);
  }
  return { domains, brand, keywords, format, env, skip, handles, logo };
}
