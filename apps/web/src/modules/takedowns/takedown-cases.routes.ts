import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  ZEditRecipients,
  ZOpenTakedownCase,
  ZOpenTakedownCases,
  ZOpenTakedownCasesResult,
  ZSendTakedown,
  ZTakedownCase,
  ZTakedownCaseList,
  ZTakedownCaseListQuery,
  ZTakedownStats,
  ZWithdrawTakedown,
} from "@brandwarden/contract/browser/takedown-cases";
import { ZReportTakedownCases } from "@brandwarden/contract/takedown-worker";
import { validate } from "@brandwarden/platform/http/validate";
import { idParam } from "../../lib/id-param.ts";
import type { ActFor } from "../sessions/actor.ts";
import type { TakedownCasesService } from "./takedown-cases.service.ts";

const CASE = "Takedown case";

/**
 * Takedown cases, as `packages/contract/src/browser/takedown-cases.ts` documents them: open
 * (one or in bulk), list, one case, its evidence pack (the WARC), recipients, send, withdraw, and
 * the stats. Another user's case is 404; admins act for a user with `?user_id=`.
 */
export function registerTakedownCaseRoutes(
  app: FastifyInstance,
  deps: { cases: TakedownCasesService; actFor: ActFor },
): void {
  const { cases } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const one = { schema: { response: { 200: ZTakedownCase } } };

  r.post(
    "/takedowns/cases",
    {
      schema: { response: { 200: ZTakedownCase, 201: ZTakedownCase } },
      config: { docs: { body: ZOpenTakedownCase } },
    },
    async (req, reply) => {
      const p = await deps.actFor(req);
      const opened = await cases.open(p, validate(ZOpenTakedownCase, req.body));
      return reply.status(opened.created ? 201 : 200).send(opened.case);
    },
  );
  r.post(
    "/takedowns/cases/bulk",
    {
      schema: { response: { 200: ZOpenTakedownCasesResult } },
      config: { docs: { body: ZOpenTakedownCases } },
    },
    async (req) => {
      const p = await deps.actFor(req);
      return cases.openBulk(p, validate(ZOpenTakedownCases, req.body).finding_ids);
    },
  );
  const list = {
    schema: { response: { 200: ZTakedownCaseList } },
    config: { docs: { querystring: ZTakedownCaseListQuery } },
  };
  r.get("/takedowns/cases", list, async (req) => {
    const p = await deps.actFor(req);
    return cases.list(p.userId, validate(ZTakedownCaseListQuery, req.query, "query"));
  });
  r.get("/takedowns/cases/:id", one, async (req) => {
    const p = await deps.actFor(req);
    return cases.get(p.userId, idParam(req.params, CASE));
  });
  r.get("/takedowns/cases/:id/evidence", async (req, reply) => {
    const p = await deps.actFor(req);
    const file = await cases.evidence(p.userId, idParam(req.params, CASE));
    return reply
      .header("content-type", "application/warc")
      .header("content-disposition", `attachment; filename="${file.filename}"`)
      .header("content-length", file.bytes.length)
      .send(file.bytes);
  });
  r.put(
    "/takedowns/cases/:id/recipients",
    { ...one, config: { docs: { body: ZEditRecipients } } },
    async (req) => {
      const p = await deps.actFor(req);
      return cases.editRecipients(p.userId, idParam(req.params, CASE), validate(ZEditRecipients, req.body));
    },
  );
  r.post(
    "/takedowns/cases/:id/send",
    { schema: { response: { 202: ZTakedownCase } }, config: { docs: { body: ZSendTakedown } } },
    async (req, reply) => {
      const p = await deps.actFor(req);
      const body = validate(ZSendTakedown, req.body ?? {});
      return reply.status(202).send(await cases.send(p, idParam(req.params, CASE), body));
    },
  );
  r.post(
    "/takedowns/cases/:id/withdraw",
    { ...one, config: { docs: { body: ZWithdrawTakedown } } },
    async (req) => {
      const p = await deps.actFor(req);
      const { reason } = validate(ZWithdrawTakedown, req.body ?? {});
      return cases.withdraw(p.userId, idParam(req.params, CASE), reason ?? null);
    },
  );
  r.get("/takedowns/stats", { schema: { response: { 200: ZTakedownStats } } }, async (req) => {
    const p = await deps.actFor(req);
    return cases.stats(p.userId);
  });
}

/** Internal API: `GET /v1/scans/:id/takedown_cases`, the scan owner's cases for the PDF reports. */
export function registerReportTakedownRoutes(app: FastifyInstance, cases: TakedownCasesService): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get("/v1/scans/:id/takedown_cases", { schema: { response: { 200: ZReportTakedownCases } } }, (req) =>
      cases.forReport(idParam(req.params, "Scan")),
    );
}
