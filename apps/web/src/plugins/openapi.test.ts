import Fastify from "fastify";
import { serializerCompiler } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { validate as validateOpenApi } from "@readme/openapi-parser";
import { zodValidatorCompiler } from "@brandwarden/platform/http/zod-validator";
import { installErrorHandler } from "@brandwarden/platform/http/error-handler";
import { installOpenApi } from "./openapi.ts";

// The document takes every way a route may declare its schemas: zod, zod under a media type (TAXII's
// own), and request schemas declared for the document only (`config.docs`).

const ZThing = z.object({ id: z.string(), size: z.number().int() });

async function appWithRoutes() {
  const app = Fastify();
  app.setSerializerCompiler(serializerCompiler);
  app.setValidatorCompiler(zodValidatorCompiler);
  installErrorHandler(app);
  await installOpenApi(app, { publicUrl: "https://brandwarden.test" });
  app.get("/things/:id", { schema: { response: { 200: ZThing } } }, async () => ({ id: "a", size: 1 }));
  app.get(
    "/taxii2/things/",
    {
      schema: {
        response: {
          200: {
            description: "TAXII envelope",
            content: { "application/taxii+json;version=2.1": { schema: ZThing } },
          },
        },
      },
    },
    async () => ({ id: "a", size: 1 }),
  );
  app.post("/documented", { config: { docs: { body: ZThing } } }, async (req) => req.body);
  app.post("/validated", { schema: { body: ZThing } }, async (req) => req.body);
  await app.ready();
  return app;
}

describe("the OpenAPI plugin", () => {
  it("documents zod, media-typed zod and documentation-only schemas in a valid document", async () => {
    const app = await appWithRoutes();
    const doc = (await app.inject({ method: "GET", url: "/openapi.json" })).json();
    expect((await validateOpenApi(structuredClone(doc))).valid).toBe(true);
    const ok = (p: string, m = "get") => doc.paths[p][m].responses["200"].content;
    expect(ok("/things/{id}")["application/json"].schema.properties.size).toMatchObject({ type: "integer" });
    expect(ok("/taxii2/things/")["application/taxii+json;version=2.1"].schema.required).toEqual([
      "id",
      "size",
    ]);
    for (const p of ["/documented", "/validated"])
      expect(doc.paths[p].post.requestBody.content["application/json"].schema.required).toEqual([
        "id",
        "size",
      ]);
    expect(doc.paths["/taxii2/things/"].get.security).toEqual([{ apiToken: [] }, { taxiiBasic: [] }]);
    await app.close();
  });

  it("validates declared request schemas only: documentation-only ones are the handler's", async () => {
    const app = await appWithRoutes();
    const bad = { id: "a", size: "big" };
    const validated = await app.inject({ method: "POST", url: "/validated", payload: bad });
    expect(validated.statusCode).toBe(422);
    expect(validated.json()).toEqual({
      error: "invalid",
      message: expect.stringMatching(/^Invalid request body: size: /),
      details: [{ path: "size", message: expect.any(String) }],
    });
    expect((await app.inject({ method: "POST", url: "/documented", payload: bad })).json()).toEqual(bad);
    await app.close();
  });
});
