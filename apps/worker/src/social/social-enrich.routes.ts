import type { FastifyInstance } from "fastify";
import type { TEventOf } from "@brandwarden/contract/events";
import {
  WORKER_PATHS,
  ZSocialEnrichRequest,
  type TSocialEnrichRequest,
} from "@brandwarden/contract/worker-api";
import { validate } from "@brandwarden/platform/http/validate";
import { fetchOwnProfile } from "./own-profile.ts";
import { proberFor, type SocialRuntime } from "./social-runtime.ts";

// `POST /social/enrich`: profiles one of the brand's own handles in the background and
// publishes `social_profile` with the request's `generation` (the web app drops stale ones).
// The handle is probed like any other, so blocks and timeouts give `failed`, never a profile.

export type SocialProfileData = TEventOf<"social_profile">["data"];

export interface SocialEnrichDeps {
  runtime: SocialRuntime;
  /** Publishes an envelope `{v:1, kind, seq, ts, data}` on `<prefix>:social_profile`. */
  publish(kind: "social_profile", data: SocialProfileData): Promise<void>;
  log?(level: "info" | "warn" | "error", message: string): void;
}

export async function enrichSocialHandle(
  deps: SocialEnrichDeps,
  req: TSocialEnrichRequest,
): Promise<SocialProfileData> {
  const head = { social_handle_id: req.social_handle_id, user_id: req.user_id, generation: req.generation };
  try {
    // A small budget: the own profile plus one retry after a short 429.
    const prober = proberFor(deps.runtime, undefined, 3);
    const own = await fetchOwnProfile(deps.runtime, prober, req.platform, req.handle);
    const v = own.result.verdict;
    if (own.profile) return { ...head, status: "completed", profile: own.profile };
    const why = v.status === "unknown" ? `${v.reason}: ${v.detail}` : `${v.status}: ${v.detail}`;
    return { ...head, status: "failed", profile: null, error: why.slice(0, 2000) };
  } catch (err) {
    return {
      ...head,
      status: "failed",
      profile: null,
      error: String((err as Error)?.message ?? err).slice(0, 2000),
    };
  }
}

export function registerSocialEnrichRoutes(api: FastifyInstance, deps: SocialEnrichDeps): void {
  api.post(WORKER_PATHS.socialEnrich, async (req, reply) => {
    const body = validate(ZSocialEnrichRequest, req.body);
    void enrichSocialHandle(deps, body)
      .then((data) => deps.publish("social_profile", data))
      .catch((err: unknown) =>
        req.log.error({ err, social_handle_id: body.social_handle_id }, "social enrich crashed"),
      );
    return reply.status(202).send({ accepted: true });
  });
}
