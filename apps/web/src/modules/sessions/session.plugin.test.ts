import Fastify from "fastify";
import cookie from "@fastify/cookie";
import { describe, expect, it } from "vitest";
import { installErrorHandler } from "@brandwarden/platform/http/error-handler";
import { installSessions } from "./session.plugin.ts";
import type { SessionStreams } from "./session-streams.ts";
import type { UserRow } from "../../db/rows.ts";

// Which Authorization headers make a request a personal API token's: Bearer anywhere; HTTP Basic
// with the token as password on TAXII reads only (a browser replays Basic credentials by itself,
// which would make them a CSRF vector elsewhere). Either way there is no session and no CSRF.

const TOKEN = `bw_${"t".repeat(43)}`;
const OWNER = { id: "00000000-0000-4000-8000-000000000001", email: "owner@example.com" } as UserRow;
const SECRET = "test-session-secret-0123456789-0123456789";

async function setUp() {
  const app = Fastify();
  installErrorHandler(app);
  await app.register(cookie, { secret: SECRET });
  installSessions(app, {
    sessions: { find: async () => null },
    streams: {} as SessionStreams,
    secure: false,
    secret: SECRET,
    maxAgeMs: 60_000,
    tokens: async (token) => (token === TOKEN ? { user: OWNER, tokenId: "token-1" } : null),
  });
  const who = async (req: { user: UserRow | null; sessionId: string | null; apiTokenId: string | null }) => ({
    user: req.user?.email ?? null,
    session: req.sessionId,
    token: req.apiTokenId,
  });
  app.get("/taxii2/", who);
  app.post("/taxii2/collections/x/objects/", who);
  app.get("/account", who);
  app.post("/account", who);
  return app;
}

const basic = (password: string, user = "taxii-client") =>
  `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;

describe("API tokens in the session plugin", () => {
  it("takes Bearer on any route, state-changing ones too, without a CSRF token or session", async () => {
    const app = await setUp();
    for (const [method, url] of [
      ["GET", "/account"],
      ["POST", "/account"],
      ["GET", "/taxii2/"],
    ] as const) {
      const res = await app.inject({ method, url, headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ user: OWNER.email, session: null, token: "token-1" });
      expect(res.headers["set-cookie"]).toBeUndefined();
    }
  });

  it("takes Basic with the token as password on TAXII reads, whatever the user name", async () => {
    const app = await setUp();
    for (const authorization of [basic(TOKEN), basic(TOKEN, ""), basic(TOKEN, "someone@example.com")]) {
      const res = await app.inject({ method: "GET", url: "/taxii2/", headers: { authorization } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ user: OWNER.email, token: "token-1" });
    }
    const wrong = await app.inject({
      method: "GET",
      url: "/taxii2/",
      headers: { authorization: basic("bw_x") },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it("refuses Basic anywhere else (401 naming Bearer), and on TAXII writes", async () => {
    const app = await setUp();
    for (const [method, url] of [
      ["GET", "/account"],
      ["POST", "/account"],
      ["POST", "/taxii2/collections/x/objects/"],
    ] as const) {
      const res = await app.inject({ method, url, headers: { authorization: basic(TOKEN) } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: "unauthorized", message: expect.stringContaining("Bearer") });
    }
  });

  it("refuses an unknown or empty Bearer token even with cookies beside it", async () => {
    const app = await setUp();
    for (const authorization of ["Bearer bw_unknown", "Bearer", "Bearer "]) {
      const res = await app.inject({
        method: "GET",
        url: "/account",
        headers: { authorization, cookie: "session_id=whatever" },
      });
      expect(res.statusCode).toBe(401);
    }
  });
});
