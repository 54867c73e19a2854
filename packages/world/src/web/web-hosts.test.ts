import { readFileSync } from "node:fs";
import tls from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Lookalike, SiteKind } from "../scenario/schema.ts";
import { startTestWorld, smallScenario } from "../../testing/test-world.ts";
import { createWorldFetch, worldLookup, type WorldFetch } from "../../testing/world-client.ts";
import type { World } from "../world.ts";

let world: World;
let wfetch: WorldFetch & { close(): Promise<void> };

beforeAll(async () => {
  const scenario = smallScenario();
  // One certificate is self-signed, to check that clients reject it.
  const target = scenario.lookalikes.find((l) => l.site_kind === "unrelated" && l.tls && !l.dns.fault)!;
  // A reset site with a certificate of its own, so HTTPS gets as far as the request.
  const reset = scenario.lookalikes.find((l) => l.site_kind === "reset" && !l.dns.fault)!;
  reset.tls = { ...target.tls! };
  target.tls = { ...target.tls!, self_signed: true, issuer_cn: target.domain, issuer_org: "Self" };
  world = await startTestWorld(scenario, { services: false });
  wfetch = createWorldFetch(world, { timeoutMs: 1500 });
});
afterAll(async () => {
  await wfetch.close();
  await world.stop();
});

const site = (kind: SiteKind, extra: (l: Lookalike) => boolean = () => true) =>
  world.scenario.lookalikes.find((l) => l.site_kind === kind && !l.dns.fault && extra(l))!;

describe("web hosts over HTTP and HTTPS, names resolved by the world DNS", () => {
  it("serves the brand's own site, redirecting HTTP to HTTPS", async () => {
    const primary = world.scenario.brand.primary_domain;
    const http = await wfetch(`http://${primary}/`);
    expect(http.status).toBe(301);
    expect(http.headers.get("location")).toBe(`https://${primary}/`);
    const page = await wfetch(`https://${primary}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('action="/login"');
    const logo = await wfetch(`https://www.${primary}/logo.png`);
    expect(logo.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await logo.arrayBuffer())).toEqual(
      Buffer.from(world.scenario.brand.logo_png_base64, "base64"),
    );
  });

  it("serves a phishing clone whose login form posts to another host", async () => {
    const l = site("phishing", (x) => Boolean(x.site.form_action));
    const html = await (await wfetch(`http://${l.domain}/`)).text();
    expect(html).toContain(`<title>${world.scenario.brand.name}`);
    expect(html).toContain(`action="${l.site.form_action}"`);
    expect(new URL(l.site.form_action!).hostname).not.toBe(l.domain);
  });

  it("serves parked pages, redirects, unrelated businesses and errors", async () => {
    const parked = await (await wfetch(`http://${site("parked").domain}/`)).text();
    expect(parked).toContain("This domain may be for sale");
    const redirect = await wfetch(`http://${site("redirect").domain}/`);
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get("location")).toBe(`https://${world.scenario.brand.primary_domain}/`);
    const unrelated = await (await wfetch(`http://${site("unrelated").domain}/`)).text();
    expect(unrelated).not.toContain("<form");
    const err = site("error");
    expect((await wfetch(`http://${err.domain}/`)).status).toBe(err.site.http_status);
  });

  it("times out, resets, and has nothing for mail-only domains", async () => {
    await expect(wfetch(`http://${site("timeout").domain}/`)).rejects.toThrow();
    const reset = await wfetch(`http://${site("reset").domain}/`).catch((e: Error) => e);
    expect(String((reset as Error & { cause?: { code?: string } }).cause?.code)).toBe("ECONNRESET");
    // Over HTTPS the connection is dropped after the handshake, and the world keeps serving.
    const resetTls = await wfetch(`https://${site("reset").domain}/`).catch((e: Error) => e);
    expect(resetTls).toBeInstanceOf(Error);
    expect((await wfetch(`https://${world.scenario.brand.primary_domain}/`)).status).toBe(200);
    const mail = await wfetch(`http://${site("mail_only").domain}/`).catch((e: Error) => e);
    expect(String((mail as Error & { cause?: { code?: string } }).cause?.code)).toBe("ENOTFOUND");
  });
});

function handshake(name: string): Promise<tls.TLSSocket> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({
      host: name,
      port: 443,
      servername: name,
      ca: [readFileSync(world.env.EXTRA_CA_CERTS!, "utf8")],
      lookup: worldLookup(world.env.DNS_NAMESERVERS!),
    });
    socket.once("secureConnect", () => resolve(socket));
    socket.once("error", reject);
  });
}

describe("certificates from the world CA", () => {
  it("chains each name's certificate (SNI) to the world root with the scenario's issuer and dates", async () => {
    const l = site("phishing", (x) => Boolean(x.tls));
    const socket = await handshake(l.domain);
    const cert = socket.getPeerCertificate(true);
    socket.destroy();
    expect(socket.authorized).toBe(true);
    expect(cert.subject.CN).toBe(l.domain);
    expect(cert.subjectaltname).toContain(`DNS:${l.domain}`);
    expect(cert.issuer).toMatchObject({ CN: l.tls!.issuer_cn, O: l.tls!.issuer_org });
    expect(new Date(cert.valid_from).getTime()).toBe(Math.floor(Date.parse(l.tls!.not_before) / 1000) * 1000);
    expect(new Date(cert.valid_to).getTime()).toBe(Math.floor(Date.parse(l.tls!.not_after) / 1000) * 1000);
    expect(cert.issuerCertificate.issuer.CN).toBe("Brandwarden World Root CA");
  });

  it("rejects a self-signed certificate", async () => {
    const l = world.scenario.lookalikes.find((x) => x.tls?.self_signed)!;
    await expect(handshake(l.domain)).rejects.toThrow(/self[- ]signed/i);
  });

  it("serves the host's default certificate to names without one", async () => {
    const l = site("parked", (x) => !x.tls);
    await expect(handshake(l.domain)).rejects.toThrow(/self[- ]signed|altnames/i);
  });
});
