import type { TEventOf } from "@brandwarden/contract/events";
import type { TSocialEnrichRequest } from "@brandwarden/contract/worker-api";
import { fetchOwnProfile } from "../../capabilities/social/own-profile.ts";
import { proberFor, type SocialRuntime } from "../../capabilities/social/social-runtime.ts";

// `POST /social/enrich`: profiles one of the brand's own handles in the background and
// publishes `social_profile` with the request's `generation` (the web app drops stale ones).
// The handle is probed like any other, so blocks and timeouts give `failed`, never a profile.
// A failed run (a block, a timeout, a network error, a crash) is retried once with a fresh
// prober, like domain enrichment (contract: "enrichment retries once when a full run fails");
// a definite answer (the handle does not exist, or is not a valid handle there) is not retried.

type SocialProfileData = TEventOf<"social_profile">["data"];

export interface SocialEnrichDeps {
  runtime: SocialRuntime;
  /** Publishes an envelope `{v:1, kind, seq, ts, data}` on the event stream. */
  publish(kind: "social_profile", data: SocialProfileData): Promise<void>;
  log?(level: "info" | "warn" | "error", message: string): void;
}

/** How many full runs one request gets: the first and one retry. */
const SOCIAL_ENRICH_ATTEMPTS = 2;

type RunOutcome = { data: SocialProfileData; retry: boolean };

async function runOnce(deps: SocialEnrichDeps, req: TSocialEnrichRequest): Promise<RunOutcome> {
  const head = { social_handle_id: req.social_handle_id, user_id: req.user_id, generation: req.generation };
  try {
    // A small budget: the own profile plus one retry after a short 429.
    const prober = proberFor(deps.runtime, undefined, 3);
    const own = await fetchOwnProfile(deps.runtime, prober, req.platform, req.handle);
    const v = own.result.verdict;
    if (own.profile) return { data: { ...head, status: "completed", profile: own.profile }, retry: false };
    const why = v.status === "unknown" ? `${v.reason}: ${v.detail}` : `${v.status}: ${v.detail}`;
    return {
      data: { ...head, status: "failed", profile: null, error: why },
      // "missing" and "invalid" are answers; "unknown" (blocked, timed out, unreachable) is a failed run.
      retry: v.status === "unknown" || v.status === "found",
    };
  } catch (err) {
    return {
      data: { ...head, status: "failed", profile: null, error: String((err as Error)?.message ?? err) },
      retry: true,
    };
  }
}

export async function enrichSocialHandle(
  deps: SocialEnrichDeps,
  req: TSocialEnrichRequest,
): Promise<SocialProfileData> {
  let outcome: RunOutcome | null = null;
  for (let attempt = 1; attempt <= SOCIAL_ENRICH_ATTEMPTS; attempt++) {
    outcome = await runOnce(deps, req);
    if (!outcome.retry) break;
    deps.log?.(
      "warn",
      `social enrichment of ${req.platform}:${req.handle} failed (attempt ${attempt}): ${outcome.data.error}`,
    );
  }
  const data = outcome!.data;
  if (data.status === "completed") return data;
  const tries = outcome!.retry ? ` (after ${SOCIAL_ENRICH_ATTEMPTS} attempts)` : "";
  return { ...data, error: `${data.error ?? "failed"}${tries}`.slice(0, 2000) };
}
