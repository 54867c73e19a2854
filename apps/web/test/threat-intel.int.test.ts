import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { TAXII_API_ROOT_PATH, TAXII_MEDIA_TYPE } from "@brandwarden/contract/intel-words";
import { ZTaxiiEnvelope, ZTaxiiError } from "@brandwarden/contract/taxii";
import { domainFindings, takedownCases, trackedLookalikes } from "../src/db/schema.ts";
import { browserAgent } from "./browser-agent.ts";
import { insertDomainFinding, insertScan, insertSocialFindings, updateUser } from "./factories.ts";
import { dbVariants, startTestWeb, type TestWeb } from "./harness.ts";
import { createStixValidator, stixShouldProblems } from "./stix-schemas.ts";

// Issue 30: the user's lookalikes as STIX 2.1 over TAXII 2.1, read by the OASIS TAXII client
// (cti-taxii-client, vendored in test/third_party), and as a STIX bundle export.

const run = promisify(execFile);
const CLIENT = fileURLToPath(new URL("./threat-intel-taxii-client.py", import.meta.url));
const validate = createStixValidator();
type Stix = Record<string, unknown> & { type: string; id: string };

for (const { variant, status } of await dbVariants()) {
  describe(`threat intel on ${variant}`, () => {
    let t: TestWeb;
    let base: string;
    let owner: ReturnType<typeof browserAgent>;
    let ownerId: string;
    let token: string;
    let otherToken: string;
    let scanId: string;
    let secureFindingId: string;
    const bearer = (tok: string) => ({ authorization: `Bearer ${tok}`, accept: TAXII_MEDIA_TYPE });
    const objectsUrl = `${TAXII_API_ROOT_PATH}collections/lookalike-indicators/objects/`;

    beforeAll(async () => {
      status?.assertAvailable();
      t = await startTestWeb(variant);
      base = await t.app.listen({ host: "127.0.0.1", port: 0 });
      owner = browserAgent(t.app);
      ownerId = (await owner.signup("soc-owner@example.test")).id;
      await updateUser(t.db, ownerId, { brand_name: "Acme Bank" });
      token = (await owner.post("/account/api-tokens", { name: "TAXII" })).json().token;
      const other = browserAgent(t.app);
      await other.signup("soc-other@example.test");
      otherToken = (await other.post("/account/api-tokens", { name: "other" })).json().token;

      const scan = await insertScan(t.db, ownerId, { status: "completed", completed_at: new Date() });
      scanId = scan.id;
      const campaign = {
        campaign_id: "registrar:example-registrar",
        campaign_keys: ["registrar:Example Registrar"],
      };
      await insertDomainFinding(t.db, scan.id, ownerId, {
        domain: "acmebank-login.com",
        score: 88,
        severity: "high",
        dns_a: ["203.0.113.7"],
        dns_aaaa: ["2001:db8::7"],
        final_url: "https://acmebank-login.com/signin",
        login_form: true,
        registrar: "Example Registrar",
        page_title: "Acme Bank - Sign in",
        ...campaign,
      });
      secureFindingId = (
        await insertDomainFinding(t.db, scan.id, ownerId, {
          domain: "acmebank-secure.com",
          score: 75,
          severity: "high",
          dns_a: ["203.0.113.8"],
          registrar: "Example Registrar",
          ...campaign,
        })
      ).id;
      await insertDomainFinding(t.db, scan.id, ownerId, {
        domain: "acme-bank.net",
        score: 20,
        severity: "low",
      });
      await insertSocialFindings(t.db, [
        {
          scan_id: scan.id,
          user_id: ownerId,
          platform: "twitter",
          handle: "AcmeBankHelp",
          status: "found",
          display_name: "Acme Bank Support",
          score: 65,
          severity: "medium",
        },
      ]);
      await t.db.insert(trackedLookalikes).values({
        user_id: ownerId,
        kind: "domain",
        name: "acmebank-login.com",
        state: "live",
        discovered_by: "scan",
        first_seen_at: new Date("2026-10-01T08:00:00.000Z"),
      });
    }, 60_000);
    afterAll(async () => {
      await t?.close();
    });

    const objects = async (query = "") => {
      const res = await t.app.inject({ method: "GET", url: `${objectsUrl}${query}`, headers: bearer(token) });
      expect(res.statusCode, res.body).toBe(200);
      return ZTaxiiEnvelope.parse(res.json()).objects as Stix[];
    };
    const versionsOf = async (id: string) => {
      const res = await t.app.inject({
        method: "GET",
        url: `${TAXII_API_ROOT_PATH}collections/lookalike-indicators/objects/${id}/versions/`,
        headers: bearer(token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().versions as string[];
    };
    const indicatorFor = (os: Stix[], pattern: string) =>
      os.find((o) => o.type === "indicator" && o.pattern === pattern)!;
    const LOGIN = "[domain-name:value = 'acmebank-login.com']";
    const SECURE = "[domain-name:value = 'acmebank-secure.com']";

    it("is read by the OASIS TAXII 2.1 client with the API token as its Basic password", async () => {
      const otherCollection = (
        await t.app.inject({
          method: "GET",
          url: `${TAXII_API_ROOT_PATH}collections/`,
          headers: bearer(otherToken),
        })
      ).json().collections[0].id;
      // Debian's interpreter: python3-requests, -six and -tz are installed for it (.ci/run).
      const { stdout } = await run("/usr/bin/python3", [CLIENT, `${base}/taxii2/`, token, otherCollection], {
        timeout: 60_000,
      });
      const out = JSON.parse(stdout);

      expect(out.title).toBe("Brandwarden TAXII server");
      expect(out.api_roots).toEqual([`${base}${TAXII_API_ROOT_PATH}`]);
      expect(out.versions).toEqual([TAXII_MEDIA_TYPE]);
      expect(out.collections).toEqual([
        {
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          alias: "lookalike-indicators",
          can_read: true,
          can_write: false,
        },
      ]);
      expect(out.collections[0].id).not.toBe(otherCollection);

      const all = out.all as Stix[];
      for (const o of all) {
        expect(validate(o), o.id).toEqual([]);
        expect(stixShouldProblems(o), o.id).toEqual([]);
      }
      const patterns = all.filter((o) => o.type === "indicator").map((o) => o.pattern);
      expect(patterns).toEqual(
        expect.arrayContaining([LOGIN, SECURE, "[url:value = 'https://acmebank-login.com/signin']"]),
      );
      expect(JSON.stringify(all)).not.toContain("acme-bank.net");
      expect(indicatorFor(all, LOGIN).valid_from).toBe("2026-10-01T08:00:00.000Z");
      const types = new Set(all.map((o) => o.type));
      for (const type of [
        "identity",
        "campaign",
        "relationship",
        "domain-name",
        "ipv4-addr",
        "ipv6-addr",
        "url",
        "user-account",
        "marking-definition",
      ])
        expect(types, type).toContain(type);

      // Pages of 3 until `more` is false, together exactly the whole collection.
      const pages = out.pages as Array<{ count: number; more: boolean; ids: string[] }>;
      expect(pages.length).toBe(Math.ceil(all.length / 3));
      expect(pages.slice(0, -1).every((p) => p.count === 3 && p.more)).toBe(true);
      expect(pages.at(-1)!.more).toBe(false);
      expect(pages.flatMap((p) => p.ids).sort()).toEqual(all.map((o) => o.id).sort());

      expect((out.manifest as Array<{ id: string }>).map((m) => m.id).sort()).toEqual(
        all.map((o) => o.id).sort(),
      );
      expect(out.added_after_first).toEqual([]);
      expect((out.indicators as Stix[]).every((o) => o.type === "indicator")).toBe(true);
      expect(out.object).toHaveLength(1);
      expect(out.object_versions).toEqual([(out.object as Stix[])[0]!.modified]);
      expect(out.other_collection).toBe(404);
      expect(ZTaxiiError.parse(out.other_collection_error).http_status).toBe("404");
    });

    it("answers TAXII error messages: 401 without or with a revoked token, 406, 400 for bad filters", async () => {
      const get = (url: string, headers: Record<string, string> = {}) =>
        t.app.inject({ method: "GET", url, headers });
      const none = await get(objectsUrl, { accept: TAXII_MEDIA_TYPE });
      expect(none.statusCode).toBe(401);
      expect(none.headers["content-type"]).toBe(TAXII_MEDIA_TYPE);
      expect(ZTaxiiError.parse(none.json()).http_status).toBe("401");

      const created = await owner.post("/account/api-tokens", { name: "short-lived" });
      const revoked = created.json();
      expect((await get(objectsUrl, bearer(revoked.token))).statusCode).toBe(200);
      expect((await owner.del(`/account/api-tokens/${revoked.id}`)).statusCode).toBe(204);
      const basic = `Basic ${Buffer.from(`x:${revoked.token}`).toString("base64")}`;
      const after = await get(objectsUrl, { authorization: basic, accept: TAXII_MEDIA_TYPE });
      expect(after.statusCode).toBe(401);
      expect(after.headers["content-type"]).toBe(TAXII_MEDIA_TYPE);
      expect(ZTaxiiError.parse(after.json())).toMatchObject({
        title: "Authentication required",
        http_status: "401",
        description: "Unknown or revoked API token",
      });

      const wrongType = await get(objectsUrl, { ...bearer(token), accept: "application/json" });
      expect(wrongType.statusCode).toBe(406);
      expect(wrongType.headers["content-type"]).toBe(TAXII_MEDIA_TYPE);
      expect(ZTaxiiError.parse(wrongType.json()).http_status).toBe("406");

      for (const q of ["?limit=0", "?added_after=yesterday", "?match[type]=Not%20A%20Type", "?next=bogus"]) {
        const bad = await get(`${objectsUrl}${q}`, bearer(token));
        expect(bad.statusCode, q).toBe(400);
        expect(ZTaxiiError.parse(bad.json()).http_status).toBe("400");
      }
      const unknown = await get(
        `${objectsUrl}indicator--00000000-0000-4000-8000-000000000000/`,
        bearer(token),
      );
      expect(unknown.statusCode).toBe(404);
      expect(unknown.headers["content-type"]).toBe(TAXII_MEDIA_TYPE);
    });

    it("versions objects: unchanged content adds none, a new score bumps modified, benign and down revoke", async () => {
      const before = await objects("?match[type]=indicator");
      const page = await t.app.inject({ method: "GET", url: objectsUrl, headers: bearer(token) });
      expect(page.headers["content-type"]).toBe(TAXII_MEDIA_TYPE);
      const added = (
        await t.app.inject({
          method: "GET",
          url: objectsUrl.replace("objects/", "manifest/"),
          headers: bearer(token),
        })
      )
        .json()
        .objects.map((m: { date_added: string }) => m.date_added)
        .sort();
      expect(page.headers["x-taxii-date-added-first"]).toBe(added[0]);
      expect(page.headers["x-taxii-date-added-last"]).toBe(added.at(-1));
      const login = indicatorFor(before, LOGIN);
      const secure = indicatorFor(before, SECURE);
      expect(await versionsOf(login.id)).toHaveLength(1);
      await objects();
      expect(await versionsOf(login.id)).toHaveLength(1);

      await t.db
        .update(domainFindings)
        .set({ score: 93 })
        .where(and(eq(domainFindings.scan_id, scanId), eq(domainFindings.domain, "acmebank-login.com")));
      // Readers at once: their syncs are serialized, so the change makes exactly one new version.
      const reads = await Promise.all([1, 2, 3].map(() => objects("?match[type]=indicator")));
      const rescored = indicatorFor(reads[0]!, LOGIN);
      expect(reads.map((r) => indicatorFor(r, LOGIN).modified)).toEqual(
        [1, 2, 3].map(() => rescored.modified),
      );
      expect(rescored.confidence).toBe(93);
      expect(rescored.id).toBe(login.id);
      expect(rescored.created).toBe(login.created);
      expect(Date.parse(rescored.modified as string)).toBeGreaterThan(Date.parse(login.modified as string));
      expect(await versionsOf(login.id)).toEqual([login.modified, rescored.modified]);
      const firstRes = await t.app.inject({
        method: "GET",
        url: `${objectsUrl}${login.id}/?match[version]=first`,
        headers: bearer(token),
      });
      expect(firstRes.json().objects.map((o: Stix) => o.modified)).toEqual([login.modified]);

      await t.db
        .update(domainFindings)
        .set({ label: "benign" })
        .where(and(eq(domainFindings.scan_id, scanId), eq(domainFindings.domain, "acmebank-login.com")));
      await t.db.insert(takedownCases).values({
        user_id: ownerId,
        kind: "domain",
        finding_id: secureFindingId,
        scan_id: scanId,
        target: "acmebank-secure.com",
        domain: "acmebank-secure.com",
        state: "down",
        down_at: new Date(),
      });
      const now = await objects("?match[type]=indicator");
      expect(indicatorFor(now, LOGIN).revoked).toBe(true);
      expect(indicatorFor(now, SECURE).revoked).toBe(true);
      expect(now.find((o) => String(o.pattern).startsWith("[url:"))!.revoked).toBe(true);
      for (const o of now) expect(validate(o), o.id).toEqual([]);
      expect(await versionsOf(secure.id)).toHaveLength(2);
      // It re-emerges: STIX never un-revokes, so it comes back under a successor id, linked as before.
      await t.db.update(takedownCases).set({ state: "reemerged" }).where(eq(takedownCases.user_id, ownerId));
      const back = await objects();
      const secures = back.filter((o) => o.pattern === SECURE);
      expect(secures.map((o) => [o.id === secure.id, o.revoked ?? false]).sort()).toEqual([
        [false, false],
        [true, true],
      ]);
      const successor = secures.find((o) => !o.revoked)!;
      expect(successor.valid_from).toBe(secure.valid_from);
      const indicates = back.filter((o) => o.type === "relationship" && o.source_ref === successor.id);
      expect(indicates.map((r) => [r.relationship_type, r.revoked ?? false])).toEqual([["indicates", false]]);
      expect(back.some((o) => o.id === indicates[0]!.target_ref)).toBe(true);
      for (const o of back) expect(validate(o), o.id).toEqual([]);
      const again = await objects();
      expect(again.map((o) => o.id).sort()).toEqual(back.map((o) => o.id).sort());
      // Every version stays readable.
      const all = await objects(`?match[id]=${login.id}&match[version]=all`);
      expect(all.map((o) => o.revoked ?? false)).toEqual([false, false, true]);
    });

    it("shows a collection to its owner and to an admin acting for them, to no one else", async () => {
      status?.assertAvailable();
      const collections = (tok: string, query = "") =>
        t.app.inject({
          method: "GET",
          url: `${TAXII_API_ROOT_PATH}collections/${query}`,
          headers: bearer(tok),
        });
      const ownerCollection = (await collections(token)).json().collections[0].id as string;
      const byId = `${TAXII_API_ROOT_PATH}collections/${ownerCollection}/objects/`;
      expect((await t.app.inject({ method: "GET", url: byId, headers: bearer(token) })).statusCode).toBe(200);
      const stranger = await t.app.inject({ method: "GET", url: byId, headers: bearer(otherToken) });
      expect(stranger.statusCode).toBe(404);
      expect(stranger.headers["content-type"]).toBe(TAXII_MEDIA_TYPE);
      // Not an admin: naming another user is 404 too.
      expect((await collections(otherToken, `?user_id=${ownerId}`)).statusCode).toBe(404);

      const admin = browserAgent(t.app);
      const adminId = (await admin.signup("soc-admin@example.test")).id;
      await updateUser(t.db, adminId, { admin: true });
      const adminToken = (await admin.post("/account/api-tokens", { name: "admin" })).json().token as string;
      expect((await t.app.inject({ method: "GET", url: byId, headers: bearer(adminToken) })).statusCode).toBe(
        404,
      );
      expect((await collections(adminToken, `?user_id=${ownerId}`)).json().collections[0].id).toBe(
        ownerCollection,
      );
      const acting = await t.app.inject({
        method: "GET",
        url: `${byId}?user_id=${ownerId}`,
        headers: bearer(adminToken),
      });
      expect(acting.statusCode, acting.body).toBe(200);
      expect(acting.json().objects.length).toBeGreaterThan(0);
    });

    it("exports the newest scan as one STIX bundle attachment", async () => {
      const res = await owner.get(`/exports/stix?scan_id=${scanId}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers["content-type"]).toBe("application/stix+json;version=2.1");
      expect(res.headers["content-disposition"]).toBe(
        `attachment; filename="brandwarden-stix-${scanId}.json"`,
      );
      const bundle = res.json() as { type: string; id: string; objects: Stix[] };
      expect(validate(bundle)).toEqual([]);
      expect(bundle.id).toMatch(/^bundle--[0-9a-f]{8}-[0-9a-f]{4}-4/);
      for (const o of bundle.objects) expect(stixShouldProblems(o), o.id).toEqual([]);
      const social = bundle.objects.find((o) => o.type === "user-account")!;
      expect(social).toMatchObject({ account_type: "twitter", account_login: "AcmeBankHelp" });
      // The same objects TAXII serves, at the same versions.
      const taxii = new Map((await objects()).map((o) => [o.id, o.modified]));
      for (const o of bundle.objects) if (taxii.has(o.id)) expect(o.modified, o.id).toBe(taxii.get(o.id));
      // Bearer works on the export too; another user's scan is 404.
      expect(
        (
          await t.app.inject({
            method: "GET",
            url: "/exports/stix",
            headers: { authorization: `Bearer ${token}` },
          })
        ).statusCode,
      ).toBe(200);
      const theirs = await t.app.inject({
        method: "GET",
        url: `/exports/stix?scan_id=${scanId}`,
        headers: { authorization: `Bearer ${otherToken}` },
      });
      expect(theirs.statusCode).toBe(404);
    });
  });
}
