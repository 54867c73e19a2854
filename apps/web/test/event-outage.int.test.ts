import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { deadLetterStream } from "@brandwarden/platform/bus/bus";
import { appendEvent, eventApplied } from "@brandwarden/platform/messaging/event-streams";
import { requirePostgres } from "@brandwarden/platform/testing/services";
import { startTcpRelay, type TcpRelay } from "@brandwarden/platform/testing/tcp-relay";
import { waitFor } from "@brandwarden/platform/testing/wait-for";
import { domainFindings } from "../src/db/schema.ts";
import { insertScan, insertUser, parkedFindingInitial } from "./factories.ts";
import { browserAgent } from "./browser-agent.ts";
import { startTestWeb, type TestWeb } from "./harness.ts";

const postgres = await requirePostgres();
const PREFIX = "brandwarden";

// PostgreSQL unreachable (through a relay the test cuts) far longer than the poison-retry window:
// the findings the worker sent meanwhile are applied when it is back, not dead-lettered.
describe("event consumer during a PostgreSQL outage", () => {
  let relay: TcpRelay;
  let t: TestWeb;

  beforeAll(async () => {
    postgres.assertAvailable();
    const target = new URL(process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test");
    relay = await startTcpRelay({ host: target.hostname, port: Number(target.port || 5432) });
    t = await startTestWeb(
      "postgres",
      // Two failures make a message poison, after 10 ms: the outage below outlasts that many times over.
      { EVENT_MAX_DELIVERIES: "2", EVENT_RETRY_BASE: "10ms", EVENT_RETRY_MAX: "50ms" },
      { consume: true, dbUrl: (url) => relay.urlFor(url) },
    );
  });
  /** What a worker sends for a scan's first finding, appended to the web app's event stream. */
  const sendFinding = (scanId: string, domain: string) =>
    appendEvent(t.container.infra.bus, PREFIX, {
      v: 1,
      kind: "findings_initial",
      scan_id: scanId,
      seq: 1,
      ts: new Date().toISOString(),
      data: { original_domain: "acmebank.com", findings: [parkedFindingInitial(domain)] },
    });

  afterAll(async () => {
    await t?.close();
    await relay?.close();
  });

  it("holds the event while the database is away, says it waits, and applies it once it is back", async () => {
    const user = await insertUser(t.db);
    const scan = await insertScan(t.db, user.id, { status: "running" });
    await relay.cut("reset");
    const before = relay.accepted;
    const sent = await sendFinding(scan.id, "acmebank-login.com");
    // Retried (each retry a new connection attempt) far past the two failures that make poison.
    await waitFor(() => relay.accepted - before >= 20, "many connection attempts during the outage", 30_000);
    expect(t.container.wait.state()?.for).toBe("database");
    const health = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ database: "waiting" });
    expect(await eventApplied(t.container.infra.bus, sent)).toBe(false);

    await relay.restore();
    await waitFor(() => eventApplied(t.container.infra.bus, sent), "the held event applied", 30_000);
    const rows = await t.db.select().from(domainFindings).where(eq(domainFindings.scan_id, scan.id));
    expect(rows.map((r) => r.domain)).toEqual(["acmebank-login.com"]);
    expect(await t.container.infra.bus.streamLength(deadLetterStream(sent.stream))).toBe(0);
    expect(t.container.wait.state()).toBeNull();
    expect((await t.app.inject({ method: "GET", url: "/healthz" })).json()).toMatchObject({ database: "ok" });
  });

  it("tells an open dashboard that it waits for the database, and when the database is back", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const agent = browserAgent(t.app);
    const user = await agent.signup(`outage-${randomUUID()}@example.com`);
    const scan = await insertScan(t.db, user.id, { status: "running" });
    const cookie = [...agent.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const port = (t.app.server.address() as AddressInfo).port;
    const res = await fetch(`http://127.0.0.1:${port}/scans/${scan.id}/events`, {
      headers: { cookie, accept: "text/event-stream" },
    });
    expect(res.status).toBe(200);
    let text = "";
    const reader = res.body!.getReader();
    void (async () => {
      for (let r = await reader.read(); !r.done; r = await reader.read())
        text += Buffer.from(r.value).toString();
    })().catch(() => undefined);
    await waitFor(() => text.includes("event: hello"), "the stream open");

    await relay.cut("reset");
    await sendFinding(scan.id, "acmebank-pay.com");
    await waitFor(
      () => /event: waiting\ndata: \{"for":"database","since":"[^"]+"\}/.test(text),
      "waiting told",
      30_000,
    );
    await relay.restore();
    await waitFor(
      () => text.includes('event: waiting\ndata: {"for":null}'),
      "the end of the wait told",
      30_000,
    );
    await reader.cancel();
  });
});
