import Fastify from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { notFound } from "@brandwarden/platform/http/app-error";
import { installErrorHandler } from "@brandwarden/platform/http/error-handler";
import { createMemoryKv } from "@brandwarden/platform/kv/memory-kv";
import type { AuditEventsRepository } from "../audit-events/audit-events.repository.ts";
import { ACT_FOR_READ_WINDOW_MS, createActFor } from "./actor.ts";
import type { UserRow } from "../../db/rows.ts";

// What an admin's work for another user leaves in the audit log: every change, but reads only
// once per admin, session and user per window (the pages poll every 2-3 s), and nothing for a
// read that failed or a scan that is not the user's.

const ADMIN = "00000000-0000-4000-8000-000000000001";
const OWNER = "00000000-0000-4000-8000-000000000002";
const OTHER = "00000000-0000-4000-8000-000000000003";
const SCAN = "00000000-0000-4000-8000-0000000000aa";
const user = (id: string, admin = false) => ({ id, admin, email: `${id}@example.com` }) as UserRow;

afterEach(() => vi.useRealTimers());

async function setUp() {
  const rows: Array<{
    user_id?: string | null;
    subject_id?: string | null;
    scan_id?: string | null;
    data?: Record<string, unknown>;
  }> = [];
  const auditEvents = {
    record: async (e: (typeof rows)[number]) => void rows.push(e),
  } as unknown as AuditEventsRepository;
  const actFor = createActFor({
    users: { findById: async (id) => ([OWNER, OTHER, ADMIN].includes(id) ? user(id, id === ADMIN) : null) },
    auditEvents,
    kv: createMemoryKv(),
    scanOwner: async (id) => (id === SCAN ? OWNER : null),
  });
  const app = Fastify();
  installErrorHandler(app);
  app.decorateRequest("user", null);
  app.decorateRequest("sessionId", null);
  app.addHook("onRequest", async (req) => {
    req.user = user(String(req.headers["x-user"] ?? ADMIN), !req.headers["x-user"]);
    req.sessionId = String(req.headers["x-session"] ?? "s1");
  });
  actFor.install(app);
  app.get("/data", async (req) => ({ for: (await actFor(req)).userId }));
  app.get("/missing", async (req) => {
    await actFor(req);
    throw notFound("Finding");
  });
  app.get("/scans/:id", async (req) => ({
    for: (await actFor(req, { scanId: (req.params as { id: string }).id })).userId,
  }));
  app.post("/change", async (req) => ({ for: (await actFor(req)).userId }));
  const get = (url: string, session = "s1") =>
    app.inject({ method: "GET", url, headers: { "x-session": session } });
  return { app, rows, get };
}

describe("act-for audit", () => {
  it("records the first read of a window, not every poll", async () => {
    const { get, rows } = await setUp();
    for (let i = 0; i < 5; i++) expect((await get(`/data?user_id=${OWNER}`)).json()).toEqual({ for: OWNER });
    expect(rows).toEqual([
      {
        name: "admin_acted_for",
        user_id: ADMIN,
        subject_id: OWNER,
        scan_id: null,
        data: { action: "GET /data", reads_for_ms: ACT_FOR_READ_WINDOW_MS },
      },
    ]);
  });

  it("records again for another user, another session, and after the window", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { get, rows } = await setUp();
    await get(`/data?user_id=${OWNER}`);
    await get(`/data?user_id=${OTHER}`);
    await get(`/data?user_id=${OWNER}`, "s2");
    expect(rows.map((r) => r.subject_id)).toEqual([OWNER, OTHER, OWNER]);
    vi.setSystemTime(Date.now() + ACT_FOR_READ_WINDOW_MS - 1);
    await get(`/data?user_id=${OWNER}`);
    expect(rows).toHaveLength(3);
    vi.setSystemTime(Date.now() + 1);
    await get(`/data?user_id=${OWNER}`);
    expect(rows).toHaveLength(4);
  });

  it("records every change, and nothing for an admin working on their own data", async () => {
    const { app, get, rows } = await setUp();
    await get("/data");
    for (let i = 0; i < 2; i++) await app.inject({ method: "POST", url: `/change?user_id=${OWNER}` });
    expect(rows.map((r) => r.data?.action)).toEqual(["POST /change", "POST /change"]);
  });

  it("records nothing for a read that failed or a scan that is not the user's", async () => {
    const { get, rows } = await setUp();
    expect((await get(`/missing?user_id=${OWNER}`)).statusCode).toBe(404);
    expect((await get(`/scans/${SCAN}?user_id=${OTHER}`)).statusCode).toBe(404);
    expect(rows).toEqual([]);
    // The scan checked up front is recorded at once (the event stream answers outside the reply cycle).
    expect((await get(`/scans/${SCAN}?user_id=${OWNER}`)).json()).toEqual({ for: OWNER });
    expect(rows.map((r) => [r.scan_id, r.data?.action])).toEqual([[SCAN, "GET /scans/:id"]]);
  });

  it("shows nobody to a non-admin naming another user", async () => {
    const { app, rows } = await setUp();
    const res = await app.inject({
      method: "GET",
      url: `/data?user_id=${OWNER}`,
      headers: { "x-user": OTHER },
    });
    expect(res.statusCode).toBe(404);
    expect(rows).toEqual([]);
  });
});
