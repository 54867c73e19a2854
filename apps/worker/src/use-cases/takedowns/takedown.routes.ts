/**
 * `POST /takedown/generate` (`scan_id`, `finding_id`, `domain`) -> `{subject, body}`: the
 * deterministic abuse e-mail for the finding (naming its campaign and the sibling domains),
 * polished by the LLM only when every fact survives. For a probable defensive registration the
 * draft carries a `warning` and is not polished.
 */
import type { FastifyInstance } from "fastify";
import { WORKER_PATHS, ZTakedownRequest, type TTakedownDraft } from "@brandwarden/contract/worker-api";
import { notFound } from "@brandwarden/platform/http/app-error";
import { validate } from "@brandwarden/platform/http/validate";
import type { AuditApi } from "../../ports/web-api/web-api.port.ts";
import { loadSnapshot } from "../../ports/web-api/load-snapshot.ts";
import type { WarnLogger } from "../reports/report-prose.ts";
import { polishDraft, type PolishProvider } from "./polish.ts";
import { buildTakedownDraft, draftCampaign, takedownFacts } from "./takedown-draft.ts";

export interface TakedownRouteDeps {
  web: AuditApi;
  /** The LLM polish; absent while AI is not configured or disabled. */
  polish?: PolishProvider;
  logger: WarnLogger;
}

export function registerTakedownRoutes(api: FastifyInstance, deps: TakedownRouteDeps): void {
  api.post(WORKER_PATHS.takedownGenerate, async (request): Promise<TTakedownDraft> => {
    const body = validate(ZTakedownRequest, request.body);
    const snapshot = await loadSnapshot(deps.web, body.scan_id);
    const finding = snapshot.findings.find((f) => f.id === body.finding_id && f.domain === body.domain);
    if (!finding) throw notFound("Finding");
    const campaign = draftCampaign(finding, snapshot.findings);
    const draft = buildTakedownDraft(finding, snapshot.brand, campaign);
    // The brand's own registration: the warning stands and nothing is polished.
    if (draft.warning) return draft;
    const { subject, body: text } = await polishDraft(
      draft,
      takedownFacts(finding, campaign),
      deps.polish,
      deps.logger,
    );
    return { subject, body: text };
  });
}
