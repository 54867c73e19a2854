import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { waitFor } from "@brandwarden/platform/testing/wait-for";
import { createMailer } from "../src/modules/sessions/mailer.ts";
import { browserAgent } from "./browser-agent.ts";
import { dbVariants, startTestWeb, type TestWeb } from "./harness.ts";
import { startMailbox } from "./mailbox.ts";

// Issue 17: reset links are looked up before any hashing, rate-limited, single-use with every
// other link of the user voided on use or password change, never logged; the request does not
// wait on SMTP; logged-in users change their password in the app.

const PASSWORD = "correct horse battery staple";

for (const { variant, status } of await dbVariants()) {
  describe(`password reset and change on ${variant}`, () => {
    let t: TestWeb;
    let mailbox: Awaited<ReturnType<typeof startMailbox>>;
    beforeAll(async () => {
      status?.assertAvailable();
      mailbox = await startMailbox();
      t = await startTestWeb(variant, { SMTP_URL: mailbox.url });
    });
    afterAll(async () => {
      mailbox?.release();
      await t?.close();
      await mailbox?.close();
    });

    async function requestLinks(email: string, count: number) {
      const b = browserAgent(t.app);
      await b.init();
      for (let i = 0; i < count; i++) expect((await b.post("/passwords", { email })).statusCode).toBe(202);
      await waitFor(() => mailbox.tokensFor(email).length === count, "reset mails");
      return { b, tokens: mailbox.tokensFor(email) };
    }

    it("resets once, refuses every older link afterwards, and ends every session", async () => {
      const a = browserAgent(t.app);
      const email = `reset-${randomUUID()}@example.com`;
      await a.signup(email);
      const { b, tokens } = await requestLinks(email, 2);
      const [older, newer] = tokens as [string, string];
      expect((await b.put(`/passwords/${newer}`, { password: "short" })).statusCode).toBe(422);
      expect((await b.put(`/passwords/${newer}`, { password: "a brand new passphrase" })).statusCode).toBe(
        204,
      );
      expect((await b.put(`/passwords/${newer}`, { password: "another new passphrase" })).statusCode).toBe(
        404,
      );
      const old = await b.put(`/passwords/${older}`, { password: "another new passphrase" });
      expect(old.statusCode).toBe(404);
      expect(old.json().message).toMatch(/invalid, used or expired/);
      expect((await a.get("/account")).statusCode).toBe(401);
      expect((await b.post("/session", { email, password: "a brand new passphrase" })).statusCode).toBe(200);
    });

    it("looks a wrong token up before hashing the new password", async () => {
      const users = t.container.services.users;
      const original = users.hashPassword;
      let hashed = 0;
      users.hashPassword = async (password: string, email: string) => {
        hashed++;
        return original.call(users, password, email);
      };
      try {
        const b = browserAgent(t.app);
        await b.init();
        const wrong = await b.put(`/passwords/${"x".repeat(43)}`, { password: "a brand new passphrase" });
        expect(wrong.statusCode).toBe(404);
        expect((await b.put(`/passwords/nope`, { password: "short" })).statusCode).toBe(404);
        expect(hashed).toBe(0);
      } finally {
        users.hashPassword = original;
      }
    });

    it("rate-limits reset attempts per address with 429 and Retry-After", async () => {
      const b = browserAgent(t.app);
      await b.init();
      // Its own client address, so other tests' attempts do not count here.
      const attempt = (i: number) =>
        t.app.inject({
          method: "PUT",
          url: `/passwords/guess-${i}`,
          payload: { password: "a brand new passphrase" },
          remoteAddress: "203.0.113.7",
          headers: {
            cookie: [...b.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
            "x-csrf-token": b.csrf,
          },
        });
      const codes: number[] = [];
      for (let i = 0; i < 10; i++) codes.push((await attempt(i)).statusCode);
      expect(codes.every((c) => c === 404)).toBe(true);
      const limited = await attempt(10);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ error: "rate_limited" });
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    });

    it("answers a reset request without waiting for the mail server", async () => {
      const a = browserAgent(t.app);
      const email = `slow-${randomUUID()}@example.com`;
      await a.signup(email);
      mailbox.hold();
      try {
        const b = browserAgent(t.app);
        await b.init();
        // With the mail relay holding its answer, the request still completes.
        expect((await b.post("/passwords", { email })).statusCode).toBe(202);
        expect(mailbox.tokensFor(email)).toHaveLength(0);
      } finally {
        mailbox.release();
      }
      await waitFor(() => mailbox.tokensFor(email).length === 1, "the held reset mail");
    });

    it("runs one Argon2 verification with the same parameters for an unknown e-mail as for a wrong password", async () => {
      const email = `timing-${randomUUID()}@example.com`;
      await browserAgent(t.app).signup(email);
      const users = t.container.services.users;
      const verifications = vi.spyOn(users, "verifyHash");
      const login = async (address: string) => {
        const b = browserAgent(t.app);
        await b.init();
        verifications.mockClear();
        const res = await b.post("/session", { email: address, password: "a wrong passphrase" });
        return { res, hashes: verifications.mock.calls.map(([hash]) => hash) };
      };
      const known = await login(email);
      const unknown = await login(`nobody-${randomUUID()}@example.com`);
      verifications.mockRestore();
      expect([known.res.statusCode, unknown.res.statusCode]).toEqual([401, 401]);
      expect(unknown.res.json()).toEqual(known.res.json());
      expect(known.hashes).toHaveLength(1);
      expect(unknown.hashes).toHaveLength(1);
      // Same algorithm, version and cost ($argon2id$v=19$m=19456,t=2,p=1): the same work.
      const params = (hash: string) => hash.split("$").slice(1, 4).join("$");
      expect(params(unknown.hashes[0]!)).toBe(params(known.hashes[0]!));
      expect(params(known.hashes[0]!)).toBe("argon2id$v=19$m=19456,t=2,p=1");
    });

    it("changes the password in the app: current password needed, other sessions and reset links end", async () => {
      const a = browserAgent(t.app);
      const email = `change-${randomUUID()}@example.com`;
      await a.signup(email);
      const other = browserAgent(t.app);
      await other.init();
      expect((await other.post("/session", { email, password: PASSWORD })).statusCode).toBe(200);
      const { b, tokens } = await requestLinks(email, 1);

      const wrong = await a.put("/account/password", {
        current_password: "not my password",
        password: "new passphrase 1",
      });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().message).toMatch(/current password is wrong/);
      const weak = await a.put("/account/password", { current_password: PASSWORD, password: "short" });
      expect(weak.statusCode).toBe(422);
      expect(weak.json().message).toMatch(/10 to 200 characters/);
      expect(
        (await a.put("/account/password", { current_password: PASSWORD, password: "new passphrase 1" }))
          .statusCode,
      ).toBe(204);

      expect((await a.get("/account")).statusCode).toBe(200);
      expect((await other.get("/account")).statusCode).toBe(401);
      expect((await b.put(`/passwords/${tokens[0]}`, { password: "attacker passphrase" })).statusCode).toBe(
        404,
      );
      expect((await b.post("/session", { email, password: PASSWORD })).statusCode).toBe(401);
      expect((await b.post("/session", { email, password: "new passphrase 1" })).statusCode).toBe(200);
      expect((await browserAgent(t.app).put("/account/password", {})).statusCode).toBe(403);
    });
  });
}

describe("mail without SMTP_URL", () => {
  it("logs that mail is not configured, never the message (which holds the reset link)", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString("utf8"));
        done();
      },
    });
    const mailer = createMailer({ from: "bw@example.com", logger: pino({ level: "info" }, sink) });
    await mailer.send({
      to: "ana@example.com",
      subject: "Reset your Brandwarden password",
      text: "open https://bw.example/reset-password/SECRET-TOKEN",
    });
    const log = lines.join("");
    expect(log).toContain("mail is not configured");
    expect(log).toContain("ana@example.com");
    expect(log).not.toContain("SECRET-TOKEN");
    expect(log).not.toContain("reset-password");
  });
});
