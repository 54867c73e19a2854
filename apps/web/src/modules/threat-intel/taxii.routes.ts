import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  LOOKALIKE_COLLECTION,
  TAXII_API_ROOT_PATH,
  TAXII_DISCOVERY_PATH,
  TAXII_MEDIA_TYPE,
} from "@brandwarden/contract/intel-words";
import {
  ZTaxiiApiRoot,
  ZTaxiiCollection,
  ZTaxiiCollections,
  ZTaxiiDiscovery,
  ZTaxiiEnvelope,
  ZTaxiiError,
  ZTaxiiManifest,
  ZTaxiiVersions,
  type TTaxiiCollection,
  type TTaxiiError,
} from "@brandwarden/contract/taxii";
import { AppError, notFound } from "@brandwarden/platform/http/app-error";
import type { ActFor } from "../sessions/actor.ts";
import type { IntelObjectRow } from "./intel.repository.ts";
import type { IntelService } from "./intel.service.ts";
import { nextToken, taxiiQueryOf } from "./taxii-query.ts";

const STIX_MEDIA_TYPE = "application/stix+json;version=2.1";
/** The most a client may send us: nothing (the collection is read-only), but the field is required. */
const MAX_CONTENT_LENGTH = 1024 * 1024;

const ERROR_TITLES: Record<number, string> = {
  400: "Bad request",
  401: "Authentication required",
  403: "Forbidden",
  404: "Not found",
  406: "Not acceptable",
  429: "Too many requests",
};

/** Media ranges of an Accept header that a TAXII 2.1 answer satisfies (absent: anything goes). */
function acceptsTaxii(accept: string | undefined): boolean {
  if (!accept) return true;
  return accept.split(",").some((range) => {
    const [type = "", ...params] = range.split(";").map((s) => s.trim().toLowerCase());
    if (type === "*/*" || type === "application/*") return true;
    if (type !== "application/taxii+json") return false;
    const version = params.find((p) => p.startsWith("version="));
    return !version || version === "version=2.1";
  });
}

/**
 * The TAXII 2.1 server (OASIS TAXII 2.1 CS01): discovery, the deployment's one API root, and per
 * user the `lookalike-indicators` collection (read-only): objects, one object, its versions and
 * the manifest. Every answer, errors included, is `application/taxii+json;version=2.1`; another
 * user's collection is 404 (an admin reads one with `?user_id=`).
 */
export async function registerTaxiiRoutes(
  app: FastifyInstance,
  deps: { intel: IntelService; actFor: ActFor },
): Promise<void> {
  await app.register(async (taxii) => {
    // TAXII error messages (3.6.1) for everything here, the session plugin's 401s included.
    taxii.setErrorHandler((err: FastifyError | AppError, req, reply) => {
      const status =
        err instanceof AppError
          ? err.code === "invalid"
            ? 400
            : err.status
          : typeof err.statusCode === "number" && err.statusCode < 500
            ? err.statusCode
            : 500;
      if (status >= 500) req.log.error({ err }, "TAXII request failed");
      const body: TTaxiiError = {
        title: ERROR_TITLES[status] ?? "Server error",
        description: status >= 500 ? "The server could not answer; try again later" : err.message,
        http_status: String(status),
      };
      if (status === 401) reply.header("www-authenticate", 'Basic realm="Brandwarden TAXII"');
      const retryAfter = (err as AppError).details as { retry_after_seconds?: unknown } | undefined;
      if (status === 429 && typeof retryAfter?.retry_after_seconds === "number")
        reply.header("retry-after", String(retryAfter.retry_after_seconds));
      return reply.status(status).type(TAXII_MEDIA_TYPE).send(body);
    });
    taxii.addHook("onRequest", async (req) => {
      if (!acceptsTaxii(req.headers.accept))
        throw Object.assign(new Error(`This server answers ${TAXII_MEDIA_TYPE} only`), { statusCode: 406 });
    });
    taxii.addHook("preHandler", async (req) => {
      if (!req.user) throw new AppError("unauthorized", "Send an API token (HTTP Basic password or Bearer)");
    });
    taxii.addHook("onSend", async (_req, reply, payload) => {
      reply.type(TAXII_MEDIA_TYPE);
      return payload;
    });

    const r = taxii.withTypeProvider<ZodTypeProvider>();
    const errors = { 400: ZTaxiiError, 401: ZTaxiiError, 404: ZTaxiiError, 406: ZTaxiiError };
    const root = TAXII_API_ROOT_PATH;

    /** The principal's collection when `id` names it (its id or alias); 404 otherwise. */
    const collectionOf = async (req: FastifyRequest, id: string) => {
      const p = await deps.actFor(req);
      const collectionId = deps.intel.collectionId(p.userId);
      if (id !== collectionId && id !== LOOKALIKE_COLLECTION) throw notFound("Collection");
      return { userId: p.userId, collectionId };
    };
    const describe = (collectionId: string): TTaxiiCollection => ({
      id: collectionId,
      title: "Lookalike indicators",
      description:
        "Your current lookalike domains and impersonating accounts at or above your chosen severity, as STIX 2.1 indicators with their observables and campaigns.",
      alias: LOOKALIKE_COLLECTION,
      can_read: true,
      can_write: false,
      media_types: [STIX_MEDIA_TYPE],
    });
    /** Sets the X-TAXII-Date-Added-First/Last headers of a page. */
    const pageHeaders = (reply: FastifyReply, rows: IntelObjectRow[]) => {
      if (!rows.length) return;
      reply.header("x-taxii-date-added-first", rows[0]!.date_added.toISOString());
      reply.header("x-taxii-date-added-last", rows.at(-1)!.date_added.toISOString());
    };
    /** One page of stored versions: the rows, whether there are more and where the next page starts. */
    const page = async (userId: string, query: unknown, id?: string) => {
      const q = taxiiQueryOf(query, { id });
      await deps.intel.sync(userId);
      const found = await deps.intel.find(userId, q);
      const rows = found.slice(0, q.limit);
      const more = found.length > q.limit;
      return { rows, more, next: more ? nextToken(rows.at(-1)!) : undefined };
    };
    const params = (req: FastifyRequest) => req.params as { collection: string; object?: string };

    r.get(TAXII_DISCOVERY_PATH, { schema: { response: { 200: ZTaxiiDiscovery, ...errors } } }, async () => ({
      title: "Brandwarden TAXII server",
      description:
        "Brand-abuse threat intelligence: lookalike domains and impersonating accounts, as STIX 2.1.",
      default: root,
      api_roots: [root],
    }));
    r.get(root, { schema: { response: { 200: ZTaxiiApiRoot, ...errors } } }, async () => ({
      title: "Brandwarden",
      description: "Each user's lookalike indicators (one read-only collection per user).",
      versions: [TAXII_MEDIA_TYPE],
      max_content_length: MAX_CONTENT_LENGTH,
    }));
    r.get(
      `${root}collections/`,
      { schema: { response: { 200: ZTaxiiCollections, ...errors } } },
      async (req) => {
        const p = await deps.actFor(req);
        return { collections: [describe(deps.intel.collectionId(p.userId))] };
      },
    );
    r.get(
      `${root}collections/:collection/`,
      { schema: { response: { 200: ZTaxiiCollection, ...errors } } },
      async (req) => describe((await collectionOf(req, params(req).collection)).collectionId),
    );
    r.get(
      `${root}collections/:collection/objects/`,
      { schema: { response: { 200: ZTaxiiEnvelope, ...errors } } },
      async (req, reply) => {
        const { userId } = await collectionOf(req, params(req).collection);
        const { rows, more, next } = await page(userId, req.query);
        pageHeaders(reply, rows);
        return {
          more,
          ...(next ? { next } : {}),
          ...(rows.length ? { objects: rows.map((x) => x.object) } : {}),
        };
      },
    );
    r.get(
      `${root}collections/:collection/objects/:object/`,
      { schema: { response: { 200: ZTaxiiEnvelope, ...errors } } },
      async (req, reply) => {
        const { userId } = await collectionOf(req, params(req).collection);
        const objectId = params(req).object!;
        const { rows, more, next } = await page(userId, req.query, objectId);
        if (!rows.length && !(await deps.intel.versions(userId, objectId)).length) throw notFound("Object");
        pageHeaders(reply, rows);
        return {
          more,
          ...(next ? { next } : {}),
          ...(rows.length ? { objects: rows.map((x) => x.object) } : {}),
        };
      },
    );
    r.get(
      `${root}collections/:collection/objects/:object/versions/`,
      { schema: { response: { 200: ZTaxiiVersions, ...errors } } },
      async (req, reply) => {
        const { userId } = await collectionOf(req, params(req).collection);
        const q = taxiiQueryOf(req.query);
        await deps.intel.sync(userId);
        const all = await deps.intel.versions(userId, params(req).object!);
        if (!all.length) throw notFound("Object");
        const after = q.addedAfter;
        const rows = all.filter((v) => !after || v.date_added.getTime() > after.getTime()).slice(0, q.limit);
        pageHeaders(reply, rows);
        const more =
          all.filter((v) => !after || v.date_added.getTime() > after.getTime()).length > rows.length;
        return { more, ...(rows.length ? { versions: rows.map((v) => v.modified.toISOString()) } : {}) };
      },
    );
    r.get(
      `${root}collections/:collection/manifest/`,
      { schema: { response: { 200: ZTaxiiManifest, ...errors } } },
      async (req, reply) => {
        const { userId } = await collectionOf(req, params(req).collection);
        const { rows, more, next } = await page(userId, req.query);
        pageHeaders(reply, rows);
        return {
          more,
          ...(next ? { next } : {}),
          ...(rows.length
            ? {
                objects: rows.map((x) => ({
                  id: x.object_id,
                  date_added: x.date_added.toISOString(),
                  version: x.modified.toISOString(),
                  media_type: STIX_MEDIA_TYPE,
                })),
              }
            : {}),
        };
      },
    );
  });
}
