import { z } from "zod";
import { ZId } from "../common.ts";

/**
 * "Generate takedown" (`POST /takedowns`): the worker drafts the abuse e-mail for one domain
 * finding; the answer is `ZTakedownDraft` (worker-api.ts) as the worker wrote it.
 */
export const ZTakedownGenerate = z.object({ finding_id: ZId });
