import { z } from "zod";
import { ZId } from "../common.ts";

/**
 * "Generate takedown" (`POST /takedowns`): the worker drafts the abuse e-mail for one domain
 * finding; the answer is `ZTakedownDraft` (worker-api.ts) as the worker wrote it.
 * "Takedown sent" (`POST /takedowns/sent`): the analyst sent it; the watch follows the site up
 * (answered with the tracked lookalike, `ZLookalikeMoved` in monitoring.ts).
 */
export const ZTakedownGenerate = z.object({ finding_id: ZId });

export const ZTakedownSentRequest = z.object({
  finding_id: ZId,
  note: z.string().trim().max(1000).optional(),
});
