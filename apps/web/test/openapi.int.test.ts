import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validate as validateOpenApi } from "@readme/openapi-parser";
import { startTestWeb, type TestWeb } from "./harness.ts";

// Issue 30: `GET /openapi.json` documents every route the app registers (generated from the routes'
// zod schemas), is a valid OpenAPI 3.1 document, and `/docs` shows it.

interface Operation {
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  security?: Array<Record<string, string[]>>;
}
interface OpenApiDoc {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: {
    securitySchemes: Record<string, { type: string; scheme?: string; in?: string; name?: string }>;
  };
}

/**
 * Every (method, path) the app registered, read from Fastify's own route tree: each line holds the
 * part of the path after its parent's, indented four characters a level.
 */
function registeredRoutes(tree: string): Array<{ method: string; url: string }> {
  const routes: Array<{ method: string; url: string }> = [];
  const stack: string[] = [];
  for (const line of tree.split("\n")) {
    const m = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    const url = (stack[depth - 1] ?? "") + m[2]!;
    stack[depth] = url;
    for (const method of (m[3] ?? "").split(", ").filter(Boolean)) routes.push({ method, url });
  }
  return routes;
}

/** The built UI's files (and `/`, its index), served as they are: not API routes. */
function uiFiles(dir: string | undefined): Set<string> {
  const files = new Set<string>();
  if (!dir || !existsSync(path.join(dir, "index.html"))) return files;
  files.add("/");
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      files.add("/" + path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
  }
  return files;
}

/**
 * Routes the document leaves out on purpose, each for its reason:
 * - HEAD: Fastify's automatic twin of every GET (documented as the GET);
 * - the document itself and its viewer (`/docs` and Swagger UI's files): not part of the API;
 * - the UI's static files (see uiFiles).
 */
const isExcluded = (route: { method: string; url: string }, ui: Set<string>) =>
  route.method === "HEAD" ||
  route.url === "/openapi.json" ||
  route.url === "/docs" ||
  route.url.startsWith("/docs/") ||
  ui.has(route.url);

/** Fastify's `:name` path parameters as OpenAPI's `{name}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, "{$1}");

describe("the OpenAPI document", () => {
  let t: TestWeb;
  let doc: OpenApiDoc;

  beforeAll(async () => {
    t = await startTestWeb("pglite");
    const res = await t.app.inject({ method: "GET", url: "/openapi.json" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    doc = res.json<OpenApiDoc>();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it("is a valid OpenAPI 3.1 document", async () => {
    expect(doc.openapi).toBe("3.1.0");
    const result = await validateOpenApi(structuredClone(doc) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("documents every route the app registers, with its method", () => {
    const ui = uiFiles(t.container.config.webUiDir);
    const routes = registeredRoutes(t.app.printRoutes({ commonPrefix: false }));
    const documented = routes.filter((r) => !isExcluded(r, ui));
    // The route tree was read: the app has dozens of routes, among them the ones named here.
    expect(documented.length).toBeGreaterThan(50);
    expect(documented).toEqual(
      expect.arrayContaining([
        { method: "POST", url: "/account/api-tokens" },
        { method: "DELETE", url: "/account/api-tokens/:id" },
        { method: "PUT", url: "/v1/scoring/weights" },
        { method: "GET", url: "/v1/scans/:id/audit_data" },
      ]),
    );
    const missing = documented
      .filter((r) => doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()] === undefined)
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    // And nothing in the document that the app does not serve.
    const served = new Set(documented.map((r) => `${r.method.toLowerCase()} ${openApiPath(r.url)}`));
    const extra = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.keys(ops)
        .map((m) => `${m} ${p}`)
        .filter((key) => !served.has(key)),
    );
    expect(extra).toEqual([]);
  });

  it("names the ways in: session cookie with CSRF header, Bearer API token, Basic for TAXII, the internal and metrics tokens", () => {
    const schemes = doc.components.securitySchemes;
    expect(schemes.session).toMatchObject({ type: "apiKey", in: "cookie" });
    expect(schemes.csrf).toMatchObject({ type: "apiKey", in: "header", name: "x-csrf-token" });
    expect(schemes.apiToken).toMatchObject({ type: "http", scheme: "bearer" });
    expect(schemes.taxiiBasic).toMatchObject({ type: "http", scheme: "basic" });
    expect(schemes.internalToken).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.paths["/account"]!.put!.security).toEqual([{ session: [], csrf: [] }, { apiToken: [] }]);
    expect(doc.paths["/account"]!.get!.security).toEqual([{ session: [] }, { apiToken: [] }]);
    expect(doc.paths["/v1/scoring/weights"]!.get!.security).toEqual([{ internalToken: [] }]);
    // Prometheus's scrape: its own token, neither a session nor the internal one.
    expect(schemes.metricsToken).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.paths["/metrics"]!.get!.security).toEqual([{ metricsToken: [] }]);
  });

  it("describes request bodies, query strings and path parameters from the contract's schemas", () => {
    const bodyOf = (p: string, m: string) =>
      Object.keys(doc.paths[p]![m]!.requestBody?.content["application/json"]?.schema.properties ?? {});
    const paramsOf = (p: string, m: string, where: string) =>
      (doc.paths[p]![m]!.parameters ?? []).filter((x) => x.in === where).map((x) => x.name);
    expect(bodyOf("/account/api-tokens", "post")).toEqual(["name"]);
    expect(bodyOf("/session", "post")).toEqual(["email", "password"]);
    expect(bodyOf("/monitoring/pins", "post")).toContain("domain");
    expect(paramsOf("/lookalikes", "get", "query")).toEqual(expect.arrayContaining(["state", "page"]));
    expect(paramsOf("/dashboard/findings/export", "get", "query")).toContain("format");
    expect(paramsOf("/account/api-tokens/{id}", "delete", "path")).toEqual(["id"]);
  });

  it("validates declared request schemas as validate() does: 422 invalid, the first issue named", async () => {
    const session = await t.app.inject({ method: "GET", url: "/session" });
    const csrf = session.json<{ csrf_token: string }>().csrf_token;
    const cookie = session.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    const res = await t.app.inject({
      method: "POST",
      url: "/session",
      headers: { cookie, "x-csrf-token": csrf },
      payload: { email: "someone@example.com" },
    });
    expect(res.statusCode).toBe(422);
    const body = res.json<{ error: string; message: string; details: Array<{ path: string }> }>();
    expect(body.error).toBe("invalid");
    expect(body.message).toMatch(/^Invalid request body: password: /);
    expect(body.details).toEqual([expect.objectContaining({ path: "password" })]);
    // No body at all is named like validate() named it.
    const empty = await t.app.inject({
      method: "POST",
      url: "/session",
      headers: { cookie, "x-csrf-token": csrf },
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json<{ message: string }>().message).toMatch(/^Invalid request body: /);
  });

  it("shows the document at /docs (Swagger UI, its own files)", async () => {
    for (const accept of ["text/html", "*/*"]) {
      const page = await t.app.inject({ method: "GET", url: "/docs", headers: { accept } });
      expect(page.statusCode).toBe(200);
      expect(page.headers["content-type"]).toMatch(/^text\/html/);
      expect(page.body).toContain('<div id="swagger-ui">');
    }
    const init = await t.app.inject({ method: "GET", url: "/docs/static/swagger-initializer.js" });
    expect(init.statusCode).toBe(200);
    const json = await t.app.inject({ method: "GET", url: "/docs/json" });
    expect(json.json()).toEqual(doc);
  });
});
