import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { installErrorHandler } from "./error-handler.ts";

describe("the error handler", () => {
  it("answers 503 unavailable with Retry-After while a dependency is unreachable, and a generic 500 for a bug", async () => {
    const app = Fastify({ logger: false });
    installErrorHandler(app);
    app.get("/outage", async () => {
      throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    });
    app.get("/bug", async () => {
      throw new TypeError("cannot read properties of undefined");
    });
    const outage = await app.inject({ method: "GET", url: "/outage" });
    expect(outage.statusCode).toBe(503);
    expect(outage.headers["retry-after"]).toBe("5");
    expect(outage.json()).toMatchObject({ error: "unavailable" });
    expect(outage.body).not.toContain("5432");
    const bug = await app.inject({ method: "GET", url: "/bug" });
    expect(bug.statusCode).toBe(500);
    expect(bug.json()).toEqual({ error: "internal", message: "Internal server error" });
    await app.close();
  });
});
