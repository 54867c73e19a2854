import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { TApiToken, TCreatedApiToken } from "@brandwarden/contract/browser/api-tokens";
import { apiTokens, users } from "../src/db/schema.ts";
import {
  API_TOKEN_REQUEST_LIMIT,
  API_TOKENS_PER_USER,
} from "../src/modules/api-tokens/api-tokens.service.ts";
import { browserAgent } from "./browser-agent.ts";
import { insertScan } from "./factories.ts";
import { dbVariants } from "./harness.ts";
import { suiteWeb } from "./suite-web.ts";

// Issue 30: personal API tokens. Made from a signed-in session and shown once; `Authorization:
// Bearer` then acts as the user on the browser JSON routes with no CSRF token and no session;
// unknown and revoked tokens are 401; Basic is taken on TAXII reads only; each token is rate-limited.

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const basic = (token: string) => ({
  authorization: `Basic ${Buffer.from(`anyone:${token}`).toString("base64")}`,
});

for (const { variant, status } of await dbVariants()) {
  describe(`personal API tokens on ${variant}`, () => {
    const t = suiteWeb(variant, status);

    async function userWithToken(opts: { admin?: boolean } = {}) {
      const agent = browserAgent(t.app);
      const user = await agent.signup(`tokens-${randomUUID()}@example.com`);
      if (opts.admin) await t.db.update(users).set({ admin: true }).where(eq(users.id, user.id));
      const res = await agent.post("/account/api-tokens", { name: "SIEM" });
      expect(res.statusCode).toBe(201);
      return { agent, user, created: res.json<TCreatedApiToken>() };
    }
    const call = (method: string, url: string, headers: Record<string, string>, payload?: object) =>
      t.app.inject({ method: method as "GET", url, headers, ...(payload ? { payload } : {}) });

    it("shows a new token once (bw_ and 256 random bits), lists it by its prefix only, stores only a hash", async () => {
      const { agent, created } = await userWithToken();
      expect(created.token).toMatch(/^bw_[A-Za-z0-9_-]{43}$/); // 43 base64url characters: 258 bits
      expect(created).toMatchObject({ name: "SIEM", prefix: created.token.slice(0, 9), last_used_at: null });
      const second = await agent.post("/account/api-tokens", { name: "SOAR" });
      expect(second.json<TCreatedApiToken>().token).not.toBe(created.token);

      const list = await agent.get("/account/api-tokens");
      expect(list.statusCode).toBe(200);
      expect(list.body).not.toContain(created.token);
      const tokens = list.json<{ tokens: TApiToken[] }>().tokens;
      expect(tokens.map((x) => x.name)).toEqual(["SOAR", "SIEM"]); // newest first
      expect(tokens[1]).toEqual({
        id: created.id,
        name: "SIEM",
        prefix: created.token.slice(0, 9),
        created_at: created.created_at,
        last_used_at: null,
      });
      const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
      expect(JSON.stringify(row)).not.toContain(created.token.slice(3));

      const unnamed = await agent.post("/account/api-tokens", { name: "  " });
      expect(unnamed.statusCode).toBe(422);
      expect(unnamed.json()).toMatchObject({ error: "invalid", message: expect.stringContaining("name") });
    });

    it("acts as its user on browser routes without CSRF and without a session; every use is recorded", async () => {
      const { agent, user, created } = await userWithToken();
      const account = await call("GET", "/account", bearer(created.token));
      expect(account.statusCode).toBe(200);
      expect(account.json()).toMatchObject({ email: user.email });
      expect(account.headers["set-cookie"]).toBeUndefined();

      // A change with no cookie and no x-csrf-token: the token is the whole credential.
      const pin = await call("POST", "/monitoring/pins", bearer(created.token), { domain: "pinned.example" });
      expect(pin.statusCode).toBe(201);
      expect(pin.headers["set-cookie"]).toBeUndefined();
      const pins = await agent.get("/monitoring/pins");
      expect(pins.json().pins).toEqual([expect.objectContaining({ domain: "pinned.example" })]);
      // The same change from a cookie-less caller without a token is refused (CSRF), as before.
      expect((await call("POST", "/monitoring/pins", {}, { domain: "other.example" })).statusCode).toBe(403);

      const listed = (await agent.get("/account/api-tokens")).json<{ tokens: TApiToken[] }>().tokens;
      expect(listed.find((x) => x.id === created.id)!.last_used_at).not.toBeNull();
    });

    it("carries an admin's rights for an admin's token, and only the user's own for anyone else's", async () => {
      const admin = await userWithToken({ admin: true });
      const plain = await userWithToken();
      const asAdmin = await call("GET", "/admin/users", bearer(admin.created.token));
      expect(asAdmin.statusCode).toBe(200);
      expect(asAdmin.json().users.map((u: { email: string }) => u.email)).toContain(plain.user.email);
      // To a non-admin the admin pages do not exist.
      expect((await call("GET", "/admin/users", bearer(plain.created.token))).statusCode).toBe(404);
    });

    it("refuses an unknown token and a revoked one at once (401); another user's token cannot be revoked (404)", async () => {
      const { agent, created } = await userWithToken();
      const other = await userWithToken();
      const unknown = await call("GET", "/account", bearer(`bw_${"A".repeat(43)}`));
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json()).toMatchObject({ error: "unauthorized" });
      expect((await call("GET", "/account", bearer("not-a-token"))).statusCode).toBe(401);
      // A token with a session cookie beside it is still judged by the token alone.
      expect((await agent.request("GET", "/account", undefined, bearer("bw_nope"))).statusCode).toBe(401);

      expect((await agent.del(`/account/api-tokens/${other.created.id}`)).statusCode).toBe(404);
      expect((await call("GET", "/account", bearer(other.created.token))).statusCode).toBe(200);
      expect((await agent.del(`/account/api-tokens/${randomUUID()}`)).statusCode).toBe(404);

      expect((await call("GET", "/account", bearer(created.token))).statusCode).toBe(200);
      expect((await agent.del(`/account/api-tokens/${created.id}`)).statusCode).toBe(204);
      expect((await call("GET", "/account", bearer(created.token))).statusCode).toBe(401);
      expect((await agent.get("/account/api-tokens")).json().tokens).toEqual([]);
    });

    it(`holds at most ${API_TOKENS_PER_USER} tokens per user (409 beyond, until one is revoked)`, async () => {
      const { agent, created } = await userWithToken();
      for (let i = 1; i < API_TOKENS_PER_USER; i++)
        expect((await agent.post("/account/api-tokens", { name: `t${i}` })).statusCode).toBe(201);
      const over = await agent.post("/account/api-tokens", { name: "one too many" });
      expect(over.statusCode).toBe(409);
      expect(over.json()).toMatchObject({ error: "conflict" });
      expect((await agent.del(`/account/api-tokens/${created.id}`)).statusCode).toBe(204);
      expect((await agent.post("/account/api-tokens", { name: "replacement" })).statusCode).toBe(201);
    });

    it("ends an event stream opened with a token when the token is revoked, and when the process stops", async () => {
      const { agent, user, created } = await userWithToken();
      const second = (await agent.post("/account/api-tokens", { name: "second" })).json<TCreatedApiToken>();
      const scan = await insertScan(t.db, user.id, { status: "running" });
      if (!t.app.server.listening) await t.app.listen({ port: 0, host: "127.0.0.1" });
      const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const open = async (token: string) => {
        const res = await fetch(`${base}/scans/${scan.id}/events`, {
          headers: { ...bearer(token), accept: "text/event-stream" },
        });
        expect(res.status).toBe(200);
        const reader = res.body!.getReader();
        const first = Buffer.from((await reader.read()).value!).toString("utf8");
        expect(first).toContain("event: hello");
        /** Reads until the server ends the stream; returns what came last. */
        const ended = async () => {
          let last = "";
          for (;;) {
            const chunk = await reader.read();
            if (chunk.done) return last;
            last = Buffer.from(chunk.value).toString("utf8");
          }
        };
        return { ended };
      };
      const revoked = await open(created.token);
      expect((await agent.del(`/account/api-tokens/${created.id}`)).statusCode).toBe(204);
      await revoked.ended();
      // A stopping process says so to a token's stream too (the client reconnects elsewhere).
      const other = await open(second.token);
      t.container.deps.sessionStreams.stop();
      expect(await other.ended()).toContain("event: closing");
    });

    it("manages tokens only from a signed-in session (403 with a token)", async () => {
      const { created } = await userWithToken();
      const headers = bearer(created.token);
      expect((await call("GET", "/account/api-tokens", headers)).statusCode).toBe(403);
      expect((await call("POST", "/account/api-tokens", headers, { name: "successor" })).statusCode).toBe(
        403,
      );
      expect((await call("DELETE", `/account/api-tokens/${created.id}`, headers)).statusCode).toBe(403);
      expect((await call("GET", "/account", headers)).statusCode).toBe(200); // still valid
    });

    it("takes HTTP Basic with the token as password on TAXII reads only", async () => {
      const { created } = await userWithToken();
      // TAXII clients send Basic: accepted (the answer is TAXII's, whatever it is, but not 401;
      // 404 while no TAXII route is registered).
      const taxii = await call("GET", "/taxii2/", basic(created.token));
      expect(taxii.statusCode).not.toBe(401);
      // Elsewhere a browser could replay Basic credentials on its own: refused.
      const elsewhere = await call("GET", "/account", basic(created.token));
      expect(elsewhere.statusCode).toBe(401);
      expect(elsewhere.json()).toMatchObject({
        error: "unauthorized",
        message: expect.stringMatching(/Bearer/),
      });
    });

    it(`limits each token to ${API_TOKEN_REQUEST_LIMIT.max} requests a window: then 429 with Retry-After`, async () => {
      const { created } = await userWithToken();
      const other = await userWithToken();
      for (let i = 0; i < API_TOKEN_REQUEST_LIMIT.max; i++) {
        const res = await call("GET", "/monitoring/pins", bearer(created.token));
        if (res.statusCode !== 200) throw new Error(`request ${i + 1}: ${res.statusCode} ${res.body}`);
      }
      const limited = await call("GET", "/monitoring/pins", bearer(created.token));
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ error: "rate_limited" });
      const retryAfter = Number(limited.headers["retry-after"]);
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(API_TOKEN_REQUEST_LIMIT.windowMs / 1000);
      // The limit is the token's: another user's token is untouched.
      expect((await call("GET", "/monitoring/pins", bearer(other.created.token))).statusCode).toBe(200);
    }, 120_000);
  });
}
