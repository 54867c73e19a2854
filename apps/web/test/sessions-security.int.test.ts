import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ConfigError } from "@brandwarden/platform/config/load-env";
import { loadWebConfig } from "../src/config.ts";
import { sessions } from "../src/db/schema.ts";
import { browserAgent } from "./browser-agent.ts";
import { insertScan } from "./factories.ts";
import { dbVariants, startTestWeb, TEST_TOKEN, type TestWeb } from "./harness.ts";

// Issue 17: sessions end on the server (idle and absolute limits) and take their event streams
// with them; CSRF tokens are bound to the session, cookies are `__Host-` on https.

const DAY_MS = 24 * 3600 * 1000;
const SESSION = "__Host-session_id";

for (const { variant, status } of await dbVariants()) {
  describe(`session limits, event streams and CSRF binding on ${variant}`, () => {
    let t: TestWeb;
    let baseUrl: string;
    beforeAll(async () => {
      status?.assertAvailable();
      t = await startTestWeb(variant);
      await t.app.listen({ port: 0, host: "127.0.0.1" });
      baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await t?.close();
    });

    const sessionIdOf = (agent: ReturnType<typeof browserAgent>) =>
      agent.cookies.get(SESSION)!.split(".")[0]!;

    /** Opens a scan's event stream with the agent's cookies and reads its first message. */
    async function openStream(agent: ReturnType<typeof browserAgent>, scanId: string) {
      const cookie = [...agent.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
      const res = await fetch(`${baseUrl}/scans/${scanId}/events`, {
        headers: { cookie, accept: "text/event-stream" },
      });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      expect(Buffer.from((await reader.read()).value!).toString("utf8")).toContain("event: hello");
      /** Resolves once the server has ended the stream (hangs, failing the test, while it stays open). */
      const ended = async () => {
        for (;;) if ((await reader.read()).done) return true;
      };
      return { ended };
    }

    it("sets a persistent, httponly, lax, __Host- session cookie lasting SESSION_MAX_AGE", async () => {
      const a = browserAgent(t.app);
      await a.init();
      const res = await a.post("/registration", {
        email: `cookie-${randomUUID()}@example.com`,
        password: "correct horse battery staple",
      });
      const set = (
        res.cookies as Array<{
          name: string;
          httpOnly?: boolean;
          secure?: boolean;
          sameSite?: string;
          maxAge?: number;
          path?: string;
        }>
      ).find((c) => c.name === SESSION)!;
      expect(set).toMatchObject({
        httpOnly: true,
        secure: true,
        sameSite: "Lax",
        path: "/",
        maxAge: 30 * 24 * 3600,
      });
      expect(a.cookies.has("session_id")).toBe(false);
    });

    it("refuses a session idle longer than SESSION_IDLE_TIMEOUT", async () => {
      const a = browserAgent(t.app);
      await a.signup(`idle-${randomUUID()}@example.com`);
      expect((await a.get("/account")).statusCode).toBe(200);
      const id = sessionIdOf(a);
      await t.db
        .update(sessions)
        .set({ last_seen_at: new Date(Date.now() - 8 * DAY_MS) })
        .where(eq(sessions.id, id));
      expect((await a.get("/account")).statusCode).toBe(401);
      expect(await t.db.select().from(sessions).where(eq(sessions.id, id))).toHaveLength(0);
    });

    it("refuses a session older than SESSION_MAX_AGE even while it is in use", async () => {
      const a = browserAgent(t.app);
      await a.signup(`old-${randomUUID()}@example.com`);
      await t.db
        .update(sessions)
        .set({ created_at: new Date(Date.now() - 31 * DAY_MS), last_seen_at: new Date() })
        .where(eq(sessions.id, sessionIdOf(a)));
      expect((await a.get("/account")).statusCode).toBe(401);
    });

    it("closes the user's open event stream on logout", async () => {
      const a = browserAgent(t.app);
      const user = await a.signup(`stream-${randomUUID()}@example.com`);
      const scan = await insertScan(t.db, user.id, { status: "running" });
      const stream = await openStream(a, scan.id);
      expect((await a.del("/session")).statusCode).toBe(204);
      expect(await stream.ended()).toBe(true);
    });

    it("closes an open event stream once its session has expired", async () => {
      const a = browserAgent(t.app);
      const user = await a.signup(`expire-${randomUUID()}@example.com`);
      const scan = await insertScan(t.db, user.id, { status: "running" });
      const stream = await openStream(a, scan.id);
      await t.db
        .update(sessions)
        .set({ last_seen_at: new Date(Date.now() - 8 * DAY_MS) })
        .where(eq(sessions.id, sessionIdOf(a)));
      await t.container.deps.sessionStreams.sweep();
      expect(await stream.ended()).toBe(true);
    });

    it("refuses a CSRF cookie/header pair that is valid for another session (403)", async () => {
      const victim = browserAgent(t.app);
      await victim.signup(`victim-${randomUUID()}@example.com`);
      const attacker = browserAgent(t.app);
      await attacker.signup(`attacker-${randomUUID()}@example.com`);
      // The attacker plants their own token cookie in the victim's browser and sends it as header.
      const foreign = await t.app.inject({
        method: "POST",
        url: "/dashboard/scans",
        payload: {},
        headers: {
          cookie: `${SESSION}=${victim.cookies.get(SESSION)}; __Host-csrf_token=${attacker.csrf}`,
          "x-csrf-token": attacker.csrf,
        },
      });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json()).toMatchObject({ error: "forbidden" });
      expect(attacker.csrf).not.toBe(victim.csrf);
      expect((await victim.put("/account/password", {})).statusCode).toBe(422); // own token passes CSRF
    });

    it("binds a logged-out browser's token to its own nonce cookie", async () => {
      const a = browserAgent(t.app);
      await a.init();
      const b = browserAgent(t.app);
      await b.init();
      const withForeignToken = await t.app.inject({
        method: "POST",
        url: "/session",
        payload: { email: "nobody@example.com", password: "whatever password" },
        headers: {
          cookie: `__Host-csrf_nonce=${a.cookies.get("__Host-csrf_nonce")}`,
          "x-csrf-token": b.csrf,
        },
      });
      expect(withForeignToken.statusCode).toBe(403);
      const own = await a.post("/session", { email: "nobody@example.com", password: "whatever password" });
      expect(own.statusCode).toBe(401);
    });
  });
}

describe("session configuration", () => {
  const load = (env: Record<string, string>) => () =>
    loadWebConfig({ INTERNAL_API_TOKEN: TEST_TOKEN, ...env });

  it("defaults to a 7-day idle and a 30-day absolute limit", () => {
    expect(load({})().session).toEqual({ idleTimeoutMs: 7 * DAY_MS, maxAgeMs: 30 * DAY_MS });
    expect(load({ SESSION_IDLE_TIMEOUT: "12h", SESSION_MAX_AGE: "14d" })().session).toEqual({
      idleTimeoutMs: 12 * 3600 * 1000,
      maxAgeMs: 14 * DAY_MS,
    });
  });

  it("names the bad variable and the rule", () => {
    expect(load({ SESSION_IDLE_TIMEOUT: "forever" })).toThrow(ConfigError);
    expect(load({ SESSION_IDLE_TIMEOUT: "forever" })).toThrow(/SESSION_IDLE_TIMEOUT: expected a duration/);
    expect(load({ SESSION_MAX_AGE: "10s" })).toThrow(/SESSION_MAX_AGE: must be at least one minute/);
  });
});
