import { describe, expect, it } from "vitest";
import { createSilentLogger } from "@brandwarden/platform/logger/logger";
import { createAuthService } from "./auth.service.ts";
import type { UserRow } from "../../db/rows.ts";

const KNOWN = "known@example.com";
const user = { id: "u1", email: KNOWN } as UserRow;

/** An auth service over recording fakes; the reset link's INSERT waits until released. */
function harness() {
  const awaited: string[] = [];
  const mails: Array<{ to: string; text: string }> = [];
  let releaseInsert = () => {};
  const inserted: string[] = [];
  const auth = createAuthService({
    db: {} as never,
    users: {
      findByEmail: async (email: string) => {
        awaited.push("findByEmail");
        return email === KNOWN ? user : null;
      },
    } as never,
    usersService: {} as never,
    sessions: {} as never,
    streams: {} as never,
    resets: {
      insert: (row: { token_hash: string }) =>
        new Promise<void>((resolve) => {
          releaseInsert = () => {
            inserted.push(row.token_hash);
            resolve();
          };
        }),
    } as never,
    rateLimit: {
      hit: async (key: string) => void awaited.push(`hit(${key.replace(/:[^:]+$/, "")})`),
      reset: async () => undefined,
    } as never,
    loginThrottle: {} as never,
    mailer: { send: async (m: { to: string; text: string }) => void mails.push(m) },
    publicUrl: "https://brandwarden.test",
    logger: createSilentLogger(),
  });
  return { auth, awaited, mails, inserted, release: () => releaseInsert() };
}

describe("a reset request does the same awaited work for known and unknown addresses", () => {
  it("answers a known address before its link is stored or mailed, after the same steps as an unknown one", async () => {
    const unknown = harness();
    await unknown.auth.requestReset("nobody@example.com", "203.0.113.5");

    const known = harness();
    // The link's INSERT is held: the answer must not wait for it (nor for the mail).
    await known.auth.requestReset(KNOWN, "203.0.113.5");
    expect(known.inserted).toEqual([]);
    expect(known.mails).toEqual([]);
    expect(known.awaited).toEqual(unknown.awaited);
    expect(known.awaited).toEqual(["hit(reset:ip)", "hit(reset:email)", "findByEmail"]);

    known.release();
    await new Promise((r) => setImmediate(r));
    expect(known.inserted).toHaveLength(1);
    expect(known.mails).toHaveLength(1);
    expect(known.mails[0]!.to).toBe(KNOWN);
    expect(known.mails[0]!.text).toMatch(/https:\/\/brandwarden\.test\/reset-password#[A-Za-z0-9_-]{43}$/m);
    expect(unknown.mails).toEqual([]);
  });
});
