import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TAlert } from "@brandwarden/contract/alerts";
import { smallScenario } from "@brandwarden/world/testing/test-world";
import type { World } from "@brandwarden/world/world";
import { startWorldProduct, type RunningProduct } from "../world-product.ts";
import { brandwardenHooks, signed, type HookBody } from "../webhook-receipts.ts";
import { webSession, type WebSession } from "./web-session.ts";

/** Polls `check` every 250 ms (no fixed waits): resolves once it holds, fails after `timeoutMs`. */
async function until(check: () => Promise<boolean> | boolean, what: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Certificate Transparency following end to end (issue 22), embedded deployment against the
 * world: the worker follows the world's CT log (CT_FOLLOW, polled every 500 ms) for every user's
 * brand. A user signs up in the UI's way with a brand profile and a webhook. While it runs, a new
 * impersonating site goes live on a name no permutation produces and its certificate is logged,
 * together with unrelated names: a signed `lookalike.discovered` webhook, an e-mail and a feed
 * entry say why it matched and link its page, which opens in the UI; nothing is raised for the
 * unrelated names; the certificate logged again raises nothing more.
 */
describe("CT follower: a certificate logged while Brandwarden runs becomes an alert", () => {
  let world: World;
  let running: RunningProduct;
  let stop: (() => Promise<void>) | undefined;
  let web: WebSession;
  let secret: string;
  let label: string;
  const email = "ct-watcher@acme.example";

  const hooks = () => brandwardenHooks(world);
  const hooksAbout = (subject: string) =>
    hooks().filter((r) => {
      const b = r.json as HookBody | undefined;
      return b?.type === "lookalike.discovered" && b.data.subject === subject;
    });
  async function feed(): Promise<TAlert[]> {
    const all: TAlert[] = [];
    for (let page = 1; ; page++) {
      const res = await web.json<{ alerts: TAlert[]; total: number }>("GET", `/alerts?page=${page}`);
      all.push(...res.alerts);
      if (res.alerts.length === 0 || all.length >= res.total) return all;
    }
  }
  const alertsAbout = async (subject: string) => (await feed()).filter((a) => a.subject === subject);
  /** Logs a certificate (precertificate, then the final one) for `names` now; the first entry's index. */
  const logCertificate = (...names: string[]) =>
    world.ctLog!.append([
      { names, precert: true },
      { names, precert: false },
    ]);

  beforeAll(async () => {
    ({ world, running, stop } = await startWorldProduct(smallScenario(), {
      dataDirPrefix: "bw-ct-follow-",
      env: { CT_FOLLOW: "true", CT_POLL_INTERVAL: "500ms", CT_BRANDS_REFRESH: "1s" },
    }));
    label = world.scenario.brand.primary_domain.split(".")[0]!;
    web = webSession(running.web.url);
    await web.signUp(email, "correct horse battery staple");
    await web.json("PUT", "/account", {
      brand_name: world.scenario.brand.name,
      keywords: ["bank"],
      owned_domains: [world.scenario.brand.primary_domain],
      // The world's receiver is plain http on loopback, which ALLOW_PRIVATE_NETWORK (world.env) permits.
      webhook_url: `${world.services!.webhookReceiver.url}/brandwarden`,
    });
    secret = (await web.json<{ webhook_secret: string }>("GET", "/account")).webhook_secret;
    expect(secret).toMatch(/^whsec_/);
  }, 180_000);

  afterAll(async () => {
    await stop?.();
  });

  it("alerts once, signed, with why and a page, on an impersonator's certificate, and never on unrelated names", async () => {
    // The follower starts at the log's head and learns of the new user's brand at its next brand
    // refresh: a first certificate is logged again until it is alerted on (one alert however often).
    const probe = `${label}-account-verify.xyz`;
    let loggedAt = 0;
    await until(
      async () => {
        if ((await alertsAbout(probe)).length) return true;
        if (Date.now() - loggedAt > 3_000) {
          logCertificate(probe);
          loggedAt = Date.now();
        }
        return false;
      },
      "the follower to alert on the first certificate",
      180_000,
    );

    // A phishing site goes live on a name no permutation produces, and gets its certificate; in
    // the same moments the log takes certificates for names that are not the brand's.
    const name = `${label}-refund-desk.xyz`;
    await world.changes.registerLookalike({ domain: name, like: `${label}-refund-center.xyz` });
    const unrelated = [
      "maple-orchard-bakery.com",
      "acme-hardware-supplies.net",
      `login.${world.scenario.brand.primary_domain}`,
    ];
    for (const u of unrelated) logCertificate(u, `www.${u}`);
    logCertificate(name, `www.${name}`);

    // A signed webhook says why the name matched and links its page.
    await until(() => hooksAbout(name).length > 0, "the lookalike.discovered webhook", 180_000);
    const hook = hooksAbout(name)[0]!;
    expect(signed(secret, hook)).toBe(true);
    const data = (hook.json as HookBody).data;
    expect(data.reason).toEqual(expect.stringContaining(`contains the brand "${label}"`));
    expect(data.reason).toEqual(expect.stringContaining("was logged by"));
    expect(String(data.link)).toMatch(/^http:\/\/localhost:\d+\/lookalikes\/[0-9a-f-]{36}$/);
    expect(data).toMatchObject({ source: "ct", rule: "brand", term: label, entry_type: "precert_entry" });
    expect(data.finding).toMatchObject({
      domain: name,
      discovered_by: ["ct"],
      fuzzer: null,
      resolve_status: "registered",
      login_form: true,
    });
    expect((data.finding as { score: number }).score).toBeGreaterThan(0);

    // The same alert in the user's feed, its link a page of the UI.
    await until(async () => (await alertsAbout(name)).length > 0, "the alert in the feed", 60_000);
    const [alert] = await alertsAbout(name);
    expect(alert).toMatchObject({ type: "lookalike.discovered", subject: name, reason: data.reason });
    expect(alert!.link).toMatch(/^\/lookalikes\/[0-9a-f-]{36}$/);
    expect(new URL(String(data.link)).pathname).toBe(alert!.link);
    const page = await web.request("GET", alert!.link, {
      accept: "text/html,application/xhtml+xml,*/*;q=0.8",
    });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<div id="root">');
    expect(html).toContain("<title>Brandwarden</title>");
    // ...and what that page shows: the lookalike, found by CT.
    const shown = await web.json<{ lookalike: { name: string; discovered_by: string } }>("GET", alert!.link);
    expect(shown.lookalike).toMatchObject({ name, discovered_by: "ct" });

    // And an e-mail to the user (the world's SMTP is configured).
    const mail = await world.services!.smtpSink.waitFor((m) => m.subject.includes(name), 60_000);
    expect(mail.to).toContain(email);
    expect(mail.text).toContain(String(data.link));

    // The same certificate logged again, then another impersonator's: once that one is alerted
    // on, the follower has read past the repeat.
    logCertificate(name, `www.${name}`);
    const after = `verify-${label}-login.help`;
    logCertificate(after);
    await until(() => hooksAbout(after).length > 0, "the webhook of the next certificate", 180_000);
    await until(async () => (await alertsAbout(after)).length > 0, "the next alert in the feed", 60_000);

    expect(await alertsAbout(name)).toHaveLength(1);
    expect(hooksAbout(name)).toHaveLength(1);
    expect(await alertsAbout(probe)).toHaveLength(1);
    const all = await feed();
    for (const u of unrelated) {
      expect(all.filter((a) => a.subject === u || a.subject === `www.${u}`)).toEqual([]);
      expect(
        hooks().filter((r) => [u, `www.${u}`].includes(String((r.json as HookBody).data.subject))),
      ).toEqual([]);
    }
    expect(all.every((a) => a.type === "lookalike.discovered")).toBe(true);
    expect(all.map((a) => a.subject).sort()).toEqual([after, name, probe].sort());
  }, 600_000);
});
