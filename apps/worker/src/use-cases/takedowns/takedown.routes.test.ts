import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { WORKER_PATHS, ZTakedownDraft } from "@brandwarden/contract/worker-api";
import { installErrorHandler } from "@brandwarden/platform/http/error-handler";
import { DEFENSIVE_GROUP, makeSnapshot } from "../../../testing/snapshot-fixture.ts";
import { captureLogger } from "../../../test/pdf-inspect.ts";
import { registerTakedownRoutes } from "./takedown.routes.ts";

/** The route over a fixture snapshot, with a polish that records being asked. */
async function route() {
  const snap = makeSnapshot({ findings: 40, screenshotShare: 0 });
  const polished: string[] = [];
  const app = Fastify();
  installErrorHandler(app);
  registerTakedownRoutes(app, {
    web: { getAuditPage: async () => snap },
    polish: { polish: async (draft) => (polished.push(draft.subject), draft) },
    logger: captureLogger().logger,
  });
  const draftFor = async (i: number) => {
    const f = snap.findings[i]!;
    const res = await app.inject({
      method: "POST",
      url: WORKER_PATHS.takedownGenerate,
      payload: { scan_id: snap.scan.scan_id, finding_id: f.id, domain: f.domain },
    });
    expect(res.statusCode).toBe(200);
    return ZTakedownDraft.parse(res.json());
  };
  return { snap, polished, draftFor };
}

describe("POST /takedown/generate", () => {
  it("names the finding's campaign and its other domains", async () => {
    const { snap, draftFor } = await route();
    const i = snap.findings.findIndex((f) => f.campaign_id === "c1");
    const draft = await draftFor(i);
    const others = snap.findings.filter((f) => f.campaign_id === "c1" && f !== snap.findings[i]);
    expect(others.length).toBeGreaterThan(0);
    expect(draft.body).toContain('("DigitalOcean 203.0.113.1 · registered May 1–2 · 2 domains")');
    for (const o of others) expect(draft.body).toContain(o.domain);
    expect(draft.warning).toBeUndefined();
  });

  it("warns, and does not polish, for the brand's own registration", async () => {
    const { snap, polished, draftFor } = await route();
    const i = snap.findings.findIndex((f) => f.campaign_id === DEFENSIVE_GROUP);
    const draft = await draftFor(i);
    expect(draft.warning).toMatch(/probably Acme Bank's own defensive registration/);
    expect(polished).toEqual([]);
  });
});
