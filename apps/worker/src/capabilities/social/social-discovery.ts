import type { TSocialPlatform } from "@brandwarden/contract/brand";
import type { TSocialFindingItem, TSocialPlatformCoverage } from "@brandwarden/contract/findings";
import type { TScanStartPayload } from "@brandwarden/contract/scan";
import type { TWeights } from "@brandwarden/contract/scoring";
import { avatarHash } from "@brandwarden/platform/images/perceptual-hash";
import { brandSeeds, buildBrandReference } from "./brand-reference.ts";
import { CATALOGUE, CATALOGUE_PLATFORMS } from "./catalogue/index.ts";
import { handlesForPlatform, permuteHandles, renderHandle } from "./handles.ts";
import { matchProfile, type CandidateProfile } from "./match.ts";
import { fetchImage } from "./own-profile.ts";
import type { ProbeResult } from "./prober.ts";
import { scoreSocial } from "./score-social.ts";
import { discoverBySearch, searchQueries } from "./search-discovery.ts";
import { proberFor, type SocialRuntime } from "./social-runtime.ts";
import { baseItem, ownedItem, scoredItem } from "./finding-items.ts";
import { ownedDomainOf, ownershipEvidence, profileLinks, type ProfileLink } from "./owned-links.ts";
import { ownedSiteLinks } from "./owned-site-links.ts";
import { platformCoverage } from "./platform-coverage.ts";

// Social discovery, the body of the scan's `social` stage (use-cases/scan/stages/social.ts): seed
// handles from the brand, add search hits, probe every platform politely, publish what exists or
// could not be checked (`social_findings_initial`), then match each found profile against the
// brand and publish scores (`social_findings_delta`), keyed by (platform, handle). Missing and
// invalid handles are not findings; unknown ones are, with why, except where the platform is the
// cause (a login wall, our spent budget, a platform that judged nothing): those are reported once
// per platform as coverage (platform-coverage.ts). Accounts
// proven the brand's own by a verified link back (owned-links.ts) are published as owned, unscored.

export type SocialFindingsKind = "social_findings_initial" | "social_findings_delta";

interface SocialDiscoveryDeps {
  runtime: SocialRuntime;
  /** Learned social weights; default the built-in set. */
  weights?: TWeights;
  /** Platforms to scan; default all twelve. */
  platforms?: readonly TSocialPlatform[];
  log?(level: "info" | "warn" | "error", message: string, code?: string): void | Promise<void>;
}

export interface RunSocialDiscoveryInput {
  payload: TScanStartPayload;
  /** Lookalike findings of this scan (links to them are a strong signal). */
  lookalikeDomains: string[];
  signal: AbortSignal;
  publish(
    kind: SocialFindingsKind,
    data: { findings: TSocialFindingItem[]; coverage?: TSocialPlatformCoverage[] },
  ): Promise<void>;
  progress(done: number, total: number): void;
  deps: SocialDiscoveryDeps;
}

interface Job {
  platform: TSocialPlatform;
  handle: string;
  discovered_by: string;
}

const AVATAR_MIN_SCORE = 40;
const CHUNK = 10_000;

async function publishChunks(
  publish: RunSocialDiscoveryInput["publish"],
  kind: SocialFindingsKind,
  items: TSocialFindingItem[],
  coverage?: TSocialPlatformCoverage[],
) {
  const extra = coverage?.length ? { coverage } : {};
  if (items.length === 0) return publish(kind, { findings: [], ...extra });
  for (let i = 0; i < items.length; i += CHUNK)
    await publish(kind, { findings: items.slice(i, i + CHUNK), ...(i === 0 ? extra : {}) });
}

/** Jobs per platform: search hits first, then permutations by tier, cut to the budget. */
function planJobs(
  platforms: readonly TSocialPlatform[],
  hits: ReadonlyArray<{ platform: TSocialPlatform; handle: string; engine: string }>,
  seeds: ReturnType<typeof brandSeeds>,
  own: ReadonlySet<string>,
  budget: (p: TSocialPlatform) => number,
): Job[] {
  const candidates = permuteHandles({
    brandNames: seeds.brandNames,
    handles: seeds.handles,
    domains: seeds.domains,
  });
  const jobs: Job[] = [];
  for (const platform of platforms) {
    const seen = new Set<string>();
    const mine: Job[] = [];
    const push = (handle: string | null, by: string) => {
      if (!handle || seen.has(handle) || own.has(`${platform}:${handle}`)) return;
      seen.add(handle);
      mine.push({ platform, handle, discovered_by: by });
    };
    for (const h of hits)
      if (h.platform === platform)
        push(renderHandle(CATALOGUE[platform].handle, h.handle), `search:${h.engine}`);
    for (const c of handlesForPlatform(platform, candidates)) push(c.handle, `permutation:${c.family}`);
    jobs.push(...mine.slice(0, Math.max(0, budget(platform))));
  }
  return jobs;
}

export async function runSocialDiscovery(input: RunSocialDiscoveryInput): Promise<TSocialFindingItem[]> {
  const { payload, signal, deps } = input;
  const rt = deps.runtime;
  const log = (level: "info" | "warn" | "error", message: string, code?: string) =>
    deps.log?.(level, message, code);
  const platforms = deps.platforms ?? CATALOGUE_PLATFORMS;
  const prober = proberFor(rt, signal);
  const own = new Set<string>();
  for (const h of payload.social_handles) {
    const r = renderHandle(CATALOGUE[h.platform].handle, h.handle);
    if (r) own.add(`${h.platform}:${r}`);
  }
  // A Bluesky handle that is one of the brand's domains is the brand (domain-verified).
  for (const d of payload.owned_domains) own.add(`bluesky:${d.toLowerCase()}`);

  const ref = await buildBrandReference(rt, prober, payload, input.lookalikeDomains, signal);
  signal.throwIfAborted();
  const seeds = brandSeeds(payload);
  const search = await discoverBySearch({
    http: rt.http,
    bases: rt.config.bases,
    searchUrl: rt.config.searchUrl,
    brave: rt.config.brave,
    queries: searchQueries([payload.brand_name], payload.keywords),
    signal,
  });
  for (const e of search.errors.slice(0, 5)) await log("warn", `social search: ${e}`, "social_search_failed");
  signal.throwIfAborted();

  const spent = prober.spent();
  const jobs = planJobs(
    platforms,
    search.hits,
    seeds,
    own,
    (p) => rt.config.budgetPerPlatform - (spent[p] ?? 0),
  );
  let done = 0;
  input.progress(0, jobs.length);
  const results = await Promise.all(
    jobs.map(async (job) => {
      const r = await prober.probe(job.platform, job.handle);
      input.progress(++done, jobs.length);
      return { job, r };
    }),
  );
  signal.throwIfAborted();

  const { coverage, folded } = platformCoverage(results.map(({ r }) => r));
  for (const c of coverage)
    await log("warn", `social: ${c.platform} could not be checked: ${c.detail}`, "social_platform_unchecked");
  const reported = results.filter(
    ({ r }) =>
      r.verdict.status === "found" ||
      (r.verdict.status === "unknown" && !folded.has(r) && r.verdict.reason !== "cancelled"),
  );

  // The brand's own accounts among the found: a verified link back to an owned domain.
  const links = reported.map(({ r }) =>
    r.verdict.status === "found"
      ? profileLinks(r.platform, r.body, r.profile?.links ?? [], r.profile_url, r.profile?.verified_links)
      : [],
  );
  const backlinks = await ownedSiteLinksIfNeeded(rt, payload.owned_domains, links, signal);
  const owned = reported.map(({ r }, i) =>
    r.verdict.status === "found"
      ? ownershipEvidence({
          platform: r.platform,
          handle: r.handle,
          links: links[i]!,
          ownedDomains: payload.owned_domains,
          linkedFromOwnedSite: (p, h) => backlinks.has(`${p}:${h.toLowerCase()}`),
        })
      : null,
  );
  const initial = reported.map(({ job, r }, i) =>
    ownedItem(baseItem(r, job.discovered_by), owned[i] ?? null),
  );
  await publishChunks(input.publish, "social_findings_initial", initial, coverage);

  // Avatars of found profiles, then one embedding call for brand texts and bios together.
  const skipped: string[] = [];
  const avatars = await mapLimit(reported, 8, async ({ r }, i) => {
    if (r.verdict.status !== "found" || !r.profile?.avatar_url || owned[i]) return null;
    const url = new URL(r.profile.avatar_url, r.profile_url).toString();
    return fetchImage(rt, url, signal, (reason) => skipped.push(reason));
  });
  if (skipped.length > 0)
    await log("warn", `social: ${skipped.length} avatar(s) skipped, e.g. ${skipped[0]}`, "avatar_skipped");
  // Hashing decodes on libvips' thread pool; the PNGs are already bounded thumbnails.
  const avatarHashes = await Promise.all(avatars.map((png) => (png ? avatarHash(png) : null)));
  const bios = reported.map(({ r }) => r.profile?.bio ?? "");
  const toEmbed = [...ref.texts, ...bios.filter(Boolean)];
  const embedded = await rt.embedder.embed(toEmbed, signal);
  ref.reference.bioVectors = embedded.vectors.slice(0, ref.texts.length);
  const bioVectors = new Map<number, number[]>();
  let k = ref.texts.length;
  bios.forEach((b, i) => {
    if (b) bioVectors.set(i, embedded.vectors[k++]!);
  });
  signal.throwIfAborted();

  const now = rt.now();
  const deltas = reported.map(({ job, r }, i) => {
    if (owned[i]) return initial[i]!;
    const png = avatars[i] ?? null;
    const candidate = toCandidate(r, avatarHashes[i] ?? null, bioVectors.get(i) ?? null);
    const match = matchProfile(candidate, ref.reference, now);
    const scored = scoreSocial(match.values, deps.weights);
    return scoredItem(
      r,
      job.discovered_by,
      candidate,
      match,
      scored,
      embedded.method,
      scored.score >= AVATAR_MIN_SCORE ? png : null,
    );
  });
  await publishChunks(input.publish, "social_findings_delta", deltas);
  const found = deltas.filter((d) => d.status === "found" && !d.owned_evidence).length;
  const ownCount = deltas.filter((d) => d.owned_evidence).length;
  await log(
    "info",
    `social: ${jobs.length} probes, ${found} found, ${ownCount} owned, ${deltas.length - found - ownCount} unknown, ${coverage.length} platform(s) not checked`,
  );
  return deltas;
}

/** Owned sites' links to accounts, fetched only when some found profile links to an owned domain unverified. */
async function ownedSiteLinksIfNeeded(
  rt: SocialRuntime,
  ownedDomains: readonly string[],
  links: ReadonlyArray<readonly ProfileLink[]>,
  signal: AbortSignal,
): Promise<Set<string>> {
  const needed = links.some((ls) =>
    ls.some((l) => !l.platformVerified && ownedDomainOf(l.url, ownedDomains) !== null),
  );
  return needed ? ownedSiteLinks(rt, ownedDomains, signal) : new Set();
}

function toCandidate(
  r: ProbeResult,
  avatar_hash: string | null,
  bio_vector: number[] | null,
): CandidateProfile {
  const p = r.profile;
  return {
    platform: r.platform,
    handle: r.handle,
    display_name: p?.display_name ?? null,
    bio: p?.bio ?? null,
    followers: p?.followers ?? null,
    verified: p?.verified ?? null,
    account_created: p?.account_created ?? null,
    links: p?.links ?? [],
    avatar_hash,
    bio_vector,
  };
}

async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
