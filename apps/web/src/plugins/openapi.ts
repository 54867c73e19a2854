import type { FastifyInstance, FastifySchema } from "fastify";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import type { z } from "zod";

/** Request schemas a route's handler validates itself, declared here only for the document. */
interface DocumentedInput {
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The request schemas of a handler that validates its input itself, with `validate()`: the
     * browser routes authenticate (401, 404 for admin routes and other users) before they look at
     * the input, which Fastify's own validation (before the handler) would reverse. The handler
     * and this declaration use the same contract schema.
     */
    docs?: DocumentedInput;
  }
}

/** Paths of the document and its viewer (the viewer's own files are not part of the API). */
const OPENAPI_PATH = "/openapi.json";
const DOCS_PREFIX = "/docs";

type Security = Record<string, string[]>[];

const SECURITY_SCHEMES = {
  session: {
    type: "apiKey",
    in: "cookie",
    name: "session_id",
    description: "The signed session cookie of `POST /session` (`__Host-session_id` over https).",
  },
  csrf: {
    type: "apiKey",
    in: "header",
    name: "x-csrf-token",
    description:
      "With a session, every state-changing request carries the CSRF token `GET /session` answers.",
  },
  apiToken: {
    type: "http",
    scheme: "bearer",
    description:
      "A personal API token (`bw_…`, made on the account page or with `brandwarden tokens create`): " +
      "acts as its user, needs no CSRF token and opens no session.",
  },
  taxiiBasic: {
    type: "http",
    scheme: "basic",
    description:
      "TAXII reads only: HTTP Basic with any user name and the personal API token as the password.",
  },
  internalToken: {
    type: "http",
    scheme: "bearer",
    description: "The internal API's shared token (`INTERNAL_API_TOKEN`): the worker's calls.",
  },
  metricsToken: {
    type: "http",
    scheme: "bearer",
    description: "Prometheus's own token (`METRICS_TOKEN`) for `GET /metrics`; unset, metrics are off (404).",
  },
} as const;

/** Who may call a route, by where it lives (a route's own `schema.security` wins). */
function securityOf(url: string, method: string): Security {
  if (url.startsWith("/v1/")) return [{ internalToken: [] }];
  if (url.startsWith("/taxii2/")) return [{ apiToken: [] }, { taxiiBasic: [] }];
  if (url === "/healthz" || url.startsWith("/webhooks/")) return [];
  if (url === "/metrics") return [{ metricsToken: [] }];
  const reads = ["GET", "HEAD", "OPTIONS"].includes(method);
  return [reads ? { session: [] } : { session: [], csrf: [] }, { apiToken: [] }];
}

/**
 * `GET /openapi.json`: the OpenAPI 3.1 document of every route, generated from the zod schemas
 * the routes declare (response schemas, request schemas, or `config.docs`), so it cannot drift
 * from the code; `/docs` shows it in Swagger UI (its own files only, under the app's CSP).
 * Register before the routes: the document collects them as they are added.
 */
export async function installOpenApi(app: FastifyInstance, opts: { publicUrl: string }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Brandwarden",
        version: "1",
        description:
          "Brand-abuse monitoring: the browser JSON routes (a session, or a personal API token), " +
          "the exports, TAXII 2.1, and the internal API of the worker.",
      },
      servers: [{ url: opts.publicUrl }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: (doc) => {
      const { route, url } = doc;
      const method = Array.isArray(route.method) ? String(route.method[0]) : String(route.method);
      const declared = (route.schema ?? {}) as FastifySchema & { security?: Security; tags?: string[] };
      const schema = {
        ...route.config?.docs,
        tags: [url.split("/")[1] || "root"],
        security: securityOf(url, method),
        ...declared,
      };
      return jsonSchemaTransform({ ...doc, schema });
    },
    transformObject: jsonSchemaTransformObject,
  });
  const hidden = { schema: { hide: true } };
  app.get(OPENAPI_PATH, hidden, async () => app.swagger());
  // BaseLayout: without the standalone top bar, whose logo is an inline <style> the CSP refuses.
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, uiConfig: { layout: "BaseLayout" } });
}
