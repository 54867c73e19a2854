import { randomBytes, randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "@brandwarden/platform/testing/wait-for";
import { users } from "../src/db/schema.ts";
import { browserAgent } from "./browser-agent.ts";
import { requirePostgres } from "@brandwarden/platform/testing/services";
import { createSnapshotLinks } from "../src/modules/webhooks/snapshot-links.ts";
import { insertScan } from "./factories.ts";
import { startTestWeb, TEST_SNAPSHOT_LINK_SECRET, type TestWeb } from "./harness.ts";
import { startMailbox } from "./mailbox.ts";

// Issue 27: accounts as ASVS asks (lockout per account and address, breached and common passwords
// refused, TRUST_PROXY as hops or proxy ranges) and honest logs (no token in any log line).

const PASSWORD = "correct horse battery staple";
const PROXY = "10.0.0.2";
// PostgreSQL (as in production); the logic under test is the same on the embedded database.
const postgres = await requirePostgres();

describe("accounts behind one proxy (TRUST_PROXY=1), with every log line captured", () => {
  let t: TestWeb;
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;
  const log: string[] = [];
  beforeAll(async () => {
    postgres.assertAvailable();
    mailbox = await startMailbox();
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        log.push(chunk.toString("utf8"));
        done();
      },
    });
    t = await startTestWeb(
      "postgres",
      { TRUST_PROXY: "1", SMTP_URL: mailbox.url },
      { logger: pino({ level: "info" }, sink) },
    );
  });
  afterAll(async () => {
    await t?.close();
    await mailbox?.close();
  });

  /** A browser whose requests reach the app through the proxy, which appends the client's address. */
  const viaProxy = (clientIp: string, forged?: () => string) => {
    const agent = browserAgent(t.app, { remoteAddress: PROXY });
    const send = agent.request;
    agent.request = (method, url, payload, headers = {}) =>
      send(method, url, payload, {
        "x-forwarded-for": [forged?.(), clientIp].filter(Boolean).join(", "),
        ...headers,
      });
    return agent;
  };

  it("keys the login wait on the address the proxy saw, whatever the client forges", async () => {
    const email = `victim-${randomUUID()}@example.com`;
    await viaProxy("198.51.100.7").signup(email);
    let n = 0;
    const attacker = viaProxy("203.0.113.66", () => `192.0.2.${++n}`);
    await attacker.init();
    const codes: number[] = [];
    for (let i = 0; i < 6; i++)
      codes.push((await attacker.post("/session", { email, password: "wrong password!" })).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
    const victim = viaProxy("198.51.100.7", () => "203.0.113.66");
    await victim.init();
    expect((await victim.post("/session", { email, password: PASSWORD })).statusCode).toBe(200);
  });

  it("refuses common and breached passwords at sign-up, reset, change and admin creation, naming why", async () => {
    const a = viaProxy("198.51.100.20");
    await a.init();
    const email = `pw-${randomUUID()}@example.com`;
    const weak = await a.post("/registration", { email, password: "password12" });
    expect(weak.statusCode).toBe(422);
    expect(weak.json()).toMatchObject({
      error: "invalid",
      message: expect.stringMatching(/too easy to guess/),
    });
    await a.signup(email);
    const change = await a.put("/account/password", { current_password: PASSWORD, password: "password12" });
    expect(change.statusCode).toBe(422);
    expect(change.json().message).toMatch(/commonly used password/);

    expect((await a.post("/passwords", { email })).statusCode).toBe(202);
    await waitFor(() => mailbox.tokensFor(email).length === 1, "reset mail");
    const token = mailbox.tokensFor(email)[0]!;
    const reset = await a.put(`/passwords/${token}`, { password: "Password123!" });
    expect(reset.statusCode).toBe(422);
    expect(reset.json().message).toMatch(/too easy to guess/);
    const passphrase = randomBytes(18).toString("base64url");
    expect((await a.put(`/passwords/${token}`, { password: passphrase })).statusCode).toBe(204);

    await t.db.update(users).set({ admin: true }).where(eq(users.email, email));
    const admin = viaProxy("198.51.100.20");
    await admin.init();
    expect((await admin.post("/session", { email, password: passphrase })).statusCode).toBe(200);
    const created = await admin.post("/admin/users", {
      email: `new-${randomUUID()}@example.com`,
      password: "qwertyuiop",
    });
    expect(created.statusCode).toBe(422);
    expect(created.json().message).toMatch(/too easy to guess/);
  });

  it("lets a user revoke every snapshot link sent so far", async () => {
    const a = viaProxy("198.51.100.40");
    const user = await a.signup(`revoke-${randomUUID()}@example.com`);
    const scan = await insertScan(t.db, user.id, { status: "completed" });
    const links = createSnapshotLinks({
      secret: TEST_SNAPSHOT_LINK_SECRET,
      publicUrl: "https://brandwarden.test",
    });
    const path = (generation: number) =>
      links.urlFor(scan.id, generation).url.replace("https://brandwarden.test", "");
    const before = path(0);
    expect((await a.get(before)).statusCode).toBe(200);
    expect((await browserAgent(t.app).del("/account/snapshot-links")).statusCode).toBe(403);
    expect((await a.del("/account/snapshot-links")).statusCode).toBe(204);
    const revoked = await a.get(before);
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json().message).toMatch(/revoked/);
    expect((await a.get(path(1))).statusCode).toBe(200);
  });

  it("writes no reset token, snapshot signature or token parameter to any log line", async () => {
    const email = `logs-${randomUUID()}@example.com`;
    const a = viaProxy("198.51.100.30");
    await a.signup(email);
    expect((await a.post("/passwords", { email })).statusCode).toBe(202);
    await waitFor(() => mailbox.tokensFor(email).length === 1, "reset mail");
    const token = mailbox.tokensFor(email)[0]!;
    expect(mailbox.texts.find((m) => m.to === email)!.text).toContain(`/reset-password#${token}`);
    // An older mail's link form, the reset itself, and a snapshot link with its signature.
    await a.get(`/reset-password/${token}`);
    expect((await a.put(`/passwords/${token}`, { password: "a brand new passphrase" })).statusCode).toBe(204);
    const scanId = randomUUID();
    const signature = randomBytes(32).toString("base64url");
    const apiToken = randomBytes(16).toString("hex");
    await a.get(`/webhooks/snapshots/${scanId}?expires=9999999999&signature=${signature}&part=findings`);
    await a.get(`/session?token=${apiToken}&sig=${apiToken}x`);

    const all = log.join("");
    expect(all).toContain("incoming request");
    expect(all).toContain(`/passwords/[redacted]`);
    expect(all).toContain(`/reset-password/[redacted]`);
    expect(all).toContain(
      `/webhooks/snapshots/${scanId}?expires=9999999999&signature=[redacted]&part=findings`,
    );
    for (const secret of [token, signature, apiToken]) expect(all).not.toContain(secret);
  });
});
