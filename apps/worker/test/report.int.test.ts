/**
 * Reports and takedown drafts end to end: a real web app (PGlite) listening on a port, the worker's
 * routes in a Fastify instance with the platform's bearer auth and error handler, the web client
 * between them; PDFs read back with a PDF parser; the takedown's registrar abuse address from RDAP.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Fastify, { type FastifyInstance } from "fastify";
import { PNG } from "pngjs";
import { ZReportResponse, ZTakedownDraft } from "@brandwarden/contract/worker-api";
import { bearerAuth } from "@brandwarden/platform/http/bearer-auth";
import { installErrorHandler } from "@brandwarden/platform/http/error-handler";
import { createWorldFetch } from "@brandwarden/world/testing/world-client";
import { smallScenario, startTestWorld } from "@brandwarden/world/testing/test-world";
import type { World } from "@brandwarden/world/world";
import {
  insertDomainFinding,
  insertDomainFindings,
  insertScan,
  insertUser,
  updateUser,
} from "@brandwarden/web/test/factories";
import { startTestWeb, TEST_TOKEN, type TestWeb } from "@brandwarden/web/test/harness";
import { createWebClient } from "../src/ports/web-api/web-client.ts";
import { registerReportRoutes } from "../src/use-cases/reports/report.routes.ts";
import { REPORT_AI_FALLBACK } from "../src/use-cases/reports/report-prose.ts";
import { registerTakedownRoutes } from "../src/use-cases/takedowns/takedown.routes.ts";
import { takedownCases } from "../testing/takedown-cases-fixture.ts";
import { captureLogger, imageCount, pdfText, popplerText } from "./pdf-inspect.ts";

const WORKER_TOKEN = "worker-token-for-report-tests-0123";

function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const img = new PNG({ width, height, colorType: 2 });
  for (let i = 0; i < width * height; i++) img.data.set([...rgb, 255], i * 4);
  return PNG.sync.write(img, { colorType: 2 });
}

let web: TestWeb;
let worker: FastifyInstance;
let captured: ReturnType<typeof captureLogger>;

beforeAll(async () => {
  // The API only: no built UI, whether or not apps/web-ui/dist exists on this machine.
  web = await startTestWeb("pglite", { WEB_UI_DIR: "/nonexistent/web-ui" });
  const address = await web.app.listen({ port: 0, host: "127.0.0.1" });
  captured = captureLogger();
  const client = createWebClient({ baseUrl: address, token: TEST_TOKEN });
  worker = Fastify();
  installErrorHandler(worker);
  await worker.register(
    async (api) => {
      api.addHook("onRequest", bearerAuth(WORKER_TOKEN));
      registerReportRoutes(api, { web: client, logger: captured.logger });
      registerTakedownRoutes(api, { web: client, logger: captured.logger });
    },
    { prefix: "/api/v1" },
  );
  await worker.ready();
}, 60_000);

afterAll(async () => {
  await worker?.close();
  await web?.close();
});

const post = (url: string, payload: Record<string, unknown>, token = WORKER_TOKEN) =>
  worker.inject({
    method: "POST",
    url: `/api/v1${url}`,
    payload,
    headers: { authorization: `Bearer ${token}` },
  });

async function scanWithFindings() {
  const blobs = web.container.infra.blobs;
  const logoKey = await blobs.put(png(48, 48, [20, 110, 60]));
  const shotKey = await blobs.put(png(320, 200, [200, 30, 30]));
  const user = await insertUser(web.db, { brand_name: "Acme Bank" });
  await updateUser(web.db, user.id, { logo_key: logoKey, logo_content_type: "image/png" });
  const scan = await insertScan(web.db, user.id, { completed_at: new Date() });
  const phish = await insertDomainFinding(web.db, scan.id, user.id, {
    domain: "acmebank-secure-login.com",
    score: 93,
    severity: "critical",
    dns_a: ["203.0.113.9"],
    registrar: "NameCheap, Inc.",
    registrar_abuse_email: "abuse@namecheap.test",
    registration_created: new Date("2025-05-20T00:00:00Z"),
    http_status: 200,
    login_form: true,
    brand_in_page: true,
    final_url: "https://acmebank-secure-login.com/signin",
    asn: 14061,
    asn_org: "DigitalOcean, LLC",
    hosting_abuse_email: "abuse@digitalocean.test",
    threat_feed_hits: [
      { feed: "OpenPhish", matched: "domain", value: "acmebank-secure-login.com", first_seen: null },
    ],
    campaign_id: "c-1",
    campaign_keys: ["ip:203.0.113.9"],
    signals: { login_form: { value: 1, weight: 15, points: 15 } },
    ai_verdict: "malicious",
    ai_confidence: 0.9,
    ai_reasoning: "Credential phishing clone of the brand's sign-in page.",
    screenshot_key: shotKey,
  });
  await insertDomainFinding(web.db, scan.id, user.id, {
    domain: "acmebank-secure-pay.com",
    score: 71,
    severity: "high",
    dns_a: ["203.0.113.9"],
    campaign_id: "c-1",
    campaign_keys: ["ip:203.0.113.9"],
  });
  await insertDomainFinding(web.db, scan.id, user.id, {
    domain: "acmebnak.com",
    score: 12,
    severity: "info",
  });
  return { user, scan, phish };
}

describe("POST /api/v1/report/generate", () => {
  it("returns both PDFs with every section, the logo and a screenshot, and logs the AI fallback", async () => {
    const { scan } = await scanWithFindings();
    const before = captured.lines.length;
    const res = await post("/report/generate", { scan_id: scan.id });
    expect(res.statusCode).toBe(200);
    const body = ZReportResponse.parse(res.json());
    const full = Buffer.from(body.full, "base64");
    const summary = Buffer.from(body.summary, "base64");
    expect(full.subarray(0, 5).toString()).toBe("%PDF-");

    const fullText = (await pdfText(full)).text;
    for (const s of [
      "Executive summary",
      "Priority actions",
      "Severity distribution",
      "Campaign analysis",
      "Threat-feed exposure",
      "Takedown contacts",
      "Findings (3)",
    ])
      expect(fullText).toContain(s);
    for (const fact of [
      "acmebank-secure-login.com",
      "acmebank-secure-pay.com",
      "acmebnak.com",
      "abuse@namecheap.test",
      "abuse@digitalocean.test",
      "Credential phishing clone",
      "login_form +15.0",
      // The campaign by its readable name and evidence; the finding names it too.
      "DigitalOcean 203.0.113.9 · registered May 20 · 2 domains",
      "same IP address 203.0.113.9 (DigitalOcean): both domains",
      "Campaign: DigitalOcean 203.0.113.9 · registered May 20 · 2 domains (id c-1)",
      "OpenPhish",
      "Request takedown of acmebank-secure-login.com (critical, login form cloning your site",
    ])
      expect(fullText).toContain(fact);
    expect(imageCount(full)).toBe(2); // logo + screenshot
    // The user has no takedown case (a web app without the cases route answers 404: the same).
    expect(fullText).toContain("Takedown cases (0) No takedown case has been opened");

    const s = await pdfText(summary);
    expect(s.pages).toBe(1);
    for (const h of ["Executive summary", "Priority actions", "Severity distribution", "Campaign analysis"])
      expect(s.text).toContain(h);
    expect(s.text).toContain("Threat-feed exposure");
    expect(s.text).toContain("Takedown contacts");
    expect(s.text).toContain("DigitalOcean 203.0.113.9 · registered May 20 · 2 domains");
    expect(imageCount(summary)).toBe(1); // logo

    const warnings = captured.lines.slice(before).filter((l) => l.msg === REPORT_AI_FALLBACK);
    expect(warnings).toEqual([
      expect.objectContaining({ level: "warn", code: REPORT_AI_FALLBACK, scan_id: scan.id }),
    ]);
  });

  it("answers 404 not_found for a missing scan, 422 for a bad body, 401 without the token", async () => {
    const missing = await post("/report/generate", { scan_id: crypto.randomUUID() });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: "not_found" });
    const bad = await post("/report/generate", { scan_id: "nope" });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ error: "invalid" });
    const anon = await post("/report/generate", { scan_id: crypto.randomUUID() }, "wrong");
    expect(anon.statusCode).toBe(401);
  });

  it("lists the owner's takedown cases the web app answers, and says so when it cannot read them", async () => {
    const { scan } = await scanWithFindings();
    const cases = takedownCases();
    const address = web.app.server.address() as { port: number };
    const base = `http://127.0.0.1:${address.port}`;
    // The web app's cases route as the contract gives it (built in parallel); every other call is the real web app's.
    const withCases = (status: number) =>
      (async (url: string | URL | Request, init?: RequestInit) =>
        String(url).endsWith(`/v1/scans/${scan.id}/takedown_cases`)
          ? Response.json(status === 200 ? { cases } : { error: "internal", message: "boom" }, { status })
          : fetch(url, init)) as typeof fetch;
    const generate = async (status: number, logger = captureLogger().logger) => {
      const app = Fastify();
      installErrorHandler(app);
      registerReportRoutes(app, {
        web: createWebClient({ baseUrl: base, token: TEST_TOKEN, fetch: withCases(status) }),
        logger,
      });
      const res = await app.inject({
        method: "POST",
        url: "/report/generate",
        payload: { scan_id: scan.id },
      });
      await app.close();
      expect(res.statusCode).toBe(200);
      return ZReportResponse.parse(res.json());
    };

    const body = await generate(200);
    const full = popplerText(Buffer.from(body.full, "base64")).replace(/\s+/g, " ");
    expect(full).toContain("Takedown cases (6)");
    expect(full).toContain("acmebank-secure-login.com: Down");
    expect(full).toContain("down 2025-06-01 (5 h after sending)");
    expect(full).toContain("Registrar NameCheap, Inc.: abuse@namecheap.test (sent)");
    const summary = await pdfText(Buffer.from(body.summary, "base64"));
    expect(summary.pages).toBe(1);
    expect(summary.text).toContain("Open takedown cases (3 of 6)");
    expect(summary.text).toContain("acmebnak.com: open");

    const { logger, lines } = captureLogger();
    const failed = await generate(500, logger);
    expect(popplerText(Buffer.from(failed.full, "base64")).replace(/\s+/g, " ")).toContain(
      "The takedown cases could not be read (the web application did not answer)",
    );
    expect(lines).toContainEqual(
      expect.objectContaining({ level: "warn", msg: "report: takedown cases not read", scan_id: scan.id }),
    );
  }, 60_000);

  // How long it takes is measured by bench/reports.ts, not asserted here.
  it("produces a complete report for 5,000 findings", async () => {
    const blobs = web.container.infra.blobs;
    const shotKey = await blobs.put(png(320, 200, [30, 30, 200]));
    const user = await insertUser(web.db);
    const scan = await insertScan(web.db, user.id);
    await insertDomainFindings(
      web.db,
      Array.from({ length: 5000 }, (_, i) => ({
        scan_id: scan.id,
        user_id: user.id,
        domain: `acme-large-${i}.com`,
        score: (i * 37) % 101,
        dns_a: [`203.0.113.${(i % 250) + 1}`],
        registrar: ["NameCheap, Inc.", "GoDaddy.com, LLC"][i % 2]!,
        registrar_abuse_email: ["abuse@namecheap.test", "abuse@godaddy.test"][i % 2]!,
        login_form: (i * 37) % 101 >= 80,
        campaign_id: i % 9 === 0 ? `c-${i % 4}` : null,
        screenshot_key: i % 20 === 0 ? shotKey : null,
      })),
    );
    const res = await post("/report/generate", { scan_id: scan.id });
    expect(res.statusCode).toBe(200);
    const body = ZReportResponse.parse(res.json());
    const summary = await pdfText(Buffer.from(body.summary, "base64"));
    expect(summary.pages).toBe(1);
    expect(summary.text).toContain("recorded 5000 lookalike domains");
    const full = await pdfText(Buffer.from(body.full, "base64"));
    expect(full.text).toContain("Findings (5000)");
    expect(full.text).toContain("acme-large-4999.com");
  }, 180_000);
});

interface RdapEntity {
  roles: string[];
  vcardArray: [string, unknown[][]];
  entities?: RdapEntity[];
}
const vcard = (e: RdapEntity, prop: string) =>
  e.vcardArray[1].find((p) => p[0] === prop)?.[3] as string | undefined;

describe("POST /api/v1/takedown/generate", () => {
  let world: World;
  beforeAll(async () => {
    world = await startTestWorld(smallScenario(), { services: false });
  }, 60_000);
  afterAll(async () => {
    await world?.stop();
  });

  it("names the registrar's abuse address found by RDAP and the host's, with the evidence", async () => {
    const fetchWorld = createWorldFetch(world);
    try {
      const lookalike = world.scenario.lookalikes.find((l) => l.site_kind === "phishing")!;
      // An RDAP client's path: bootstrap file, the TLD's RDAP base, the domain; then the IP.
      const boot = async (file: string) =>
        (await (await fetchWorld(new URL(file, world.env.RDAP_BOOTSTRAP_URL).toString())).json()) as {
          services: [string[], string[]][];
        };
      const tld = lookalike.domain.split(".").pop()!;
      const dnsBase = (await boot("dns.json")).services.find(([k]) => k.includes(tld))![1][0]!;
      const rdap = (await (await fetchWorld(`${dnsBase}domain/${lookalike.domain}`)).json()) as {
        entities: RdapEntity[];
        events: Array<{ eventAction: string; eventDate: string }>;
      };
      const registrar = rdap.entities.find((e) => e.roles.includes("registrar"))!;
      const abuse = registrar.entities!.find((e) => e.roles.includes("abuse"))!;
      const registrarName = vcard(registrar, "fn")!;
      const abuseEmail = vcard(abuse, "email")!;
      const created = rdap.events.find((e) => e.eventAction === "registration")!.eventDate;
      const ip = lookalike.dns.a[0]!;
      const ipBase = (await boot("ipv4.json")).services.find(([k]) => k.includes("127.0.0.0/8"))![1][0]!;
      const ipRdap = (await (await fetchWorld(`${ipBase}ip/${ip}`)).json()) as { entities: RdapEntity[] };
      const hostAbuse = vcard(
        ipRdap.entities.find((e) => e.roles.includes("abuse"))!,
        "email",
      )!;
      const hostOrg = vcard(
        ipRdap.entities.find((e) => e.roles.includes("registrant"))!,
        "fn",
      )!;
      expect(abuseEmail).toBe(lookalike.registration.abuse_email);

      const user = await insertUser(web.db, { brand_name: world.scenario.brand.name });
      const scan = await insertScan(web.db, user.id);
      const finding = await insertDomainFinding(web.db, scan.id, user.id, {
        domain: lookalike.domain,
        dns_a: lookalike.dns.a,
        registrar: registrarName,
        registrar_abuse_email: abuseEmail,
        registration_created: new Date(created),
        asn_org: hostOrg,
        hosting_abuse_email: hostAbuse,
        http_status: 200,
        login_form: true,
        brand_in_page: true,
        screenshot_hash: "sha256:feedbeef",
        score: 90,
        severity: "critical",
      });

      const res = await post("/takedown/generate", {
        scan_id: scan.id,
        finding_id: finding.id,
        domain: lookalike.domain,
      });
      expect(res.statusCode).toBe(200);
      const draft = ZTakedownDraft.parse(res.json());
      expect(draft.subject).toContain(lookalike.domain);
      expect(draft.body.split("\n")[0]).toBe(`To: ${[...new Set([abuseEmail, hostAbuse])].join(", ")}`);
      expect(draft.body).toContain(`Registrar abuse contact: ${abuseEmail}`);
      expect(draft.body).toContain(`Hosting abuse contact: ${hostAbuse} (${hostOrg})`);
      for (const fact of [
        `Domain: ${lookalike.domain}`,
        `IP addresses: ${lookalike.dns.a.join(", ")}`,
        `Registrar: ${registrarName}`,
        `Registration created: ${created.slice(0, 10)}`,
        "login page imitating",
        `Screenshot reference: captured by Brandwarden for finding ${finding.id} (image hash sha256:feedbeef)`,
        `First seen: ${finding.created_at.toISOString().slice(0, 10)}`,
        `${world.scenario.brand.name} owns`,
        "Requested action:",
      ])
        expect(draft.body).toContain(fact);

      const wrongDomain = await post("/takedown/generate", {
        scan_id: scan.id,
        finding_id: finding.id,
        domain: "other-domain.com",
      });
      expect(wrongDomain.statusCode).toBe(404);
      expect(wrongDomain.json()).toMatchObject({ error: "not_found" });
      const noScan = await post("/takedown/generate", {
        scan_id: crypto.randomUUID(),
        finding_id: finding.id,
        domain: lookalike.domain,
      });
      expect(noScan.statusCode).toBe(404);
    } finally {
      await fetchWorld.close();
    }
  }, 60_000);
});
