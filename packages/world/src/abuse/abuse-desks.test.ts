import type { DecodedPacket } from "dns-packet";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dnsQuery } from "../../testing/dns-query.ts";
import { smallScenario, startTestWorld } from "../../testing/test-world.ts";
import { createWorldFetch, type WorldFetch } from "../../testing/world-client.ts";
import type { World } from "../world.ts";
import { registryAbuseAddresses, registryOperatorOf } from "../registry/registry-operators.ts";

// Reports sent by SMTP (nodemailer) to the world's sink reach the abuse desks of the generated
// takedown plan: the responsive registrar holds the domain, the responsive host suspends the
// account, the silent desks file the report; restore brings a site back.

let world: World;
let wfetch: WorldFetch & { close(): Promise<void> };

beforeAll(async () => {
  world = await startTestWorld(smallScenario({ takedowns: { after_s: 0 } }), { ct: false });
  wfetch = createWorldFetch(world, { timeoutMs: 3000 });
});
afterAll(async () => {
  await wfetch.close();
  await world.stop();
});

const phishing = () => world.scenario.lookalikes.filter((l) => l.site_kind === "phishing");
const rcode = async (name: string) =>
  ((await dnsQuery(world.env.DNS_NAMESERVERS!, name, "A")) as DecodedPacket & { rcode: string }).rcode;

async function report(to: string, domain: string, opts: { xarf?: boolean } = {}) {
  const transport = nodemailer.createTransport({ url: world.env.SMTP_URL!, ignoreTLS: true } as never);
  const xarf = { Version: "4", ReporterInfo: { ReporterOrg: "Brandwarden" }, Report: { ReportClass: "Content", ReportType: "Phishing", SourceType: "uri", Source: `https://${domain}/` } }; // prettier-ignore
  await transport.sendMail({
    from: "takedowns@brandwarden.test",
    to,
    subject: opts.xarf ? "Phishing report" : `Phishing site ${domain}`,
    text: opts.xarf
      ? "Details in the attached X-ARF report."
      : `Please take down https://${domain.replace(/\./g, "[.]")}/`,
    attachments: opts.xarf ? [{ filename: "report.json", content: JSON.stringify(xarf), contentType: "application/json" }] : [], // prettier-ignore
  });
  transport.close();
}

describe("abuse desks", () => {
  it("a responsive registrar puts the domain on client hold: NXDOMAIN, RDAP 'client hold'; restore brings it back", async () => {
    const desk = world.scenario.registrars.find((r) => "takes_down_after_s" in r.abuse_desk)!;
    const target = phishing().find((l) => l.registration.registrar === desk.name)!;
    expect(await rcode(target.domain)).toBe("NOERROR");
    await report(desk.abuse_email, target.domain);
    const done = await world.abuseDesks!.waitFor(
      (a) => a.domain === target.domain && a.action === "client hold",
    );
    expect(done).toMatchObject({ desk: desk.abuse_email, role: "registrar" });
    expect(await rcode(target.domain)).toBe("NXDOMAIN");
    const rdap = (await (await wfetch(`${world.manifest.rdap}rdap/domain/${target.domain}`)).json()) as { status: string[] }; // prettier-ignore
    expect(rdap.status).toContain("client hold");

    await world.changes.restore(target.domain);
    expect(await rcode(target.domain)).toBe("NOERROR");
    const back = (await (await wfetch(`${world.manifest.rdap}rdap/domain/${target.domain}`)).json()) as { status: string[] }; // prettier-ignore
    expect(back.status).not.toContain("client hold");
  });

  it("a responsive host suspends the account after an X-ARF report: cPanel's suspension page", async () => {
    const host = world.scenario.networks.find((n) => n.abuse_desk && "takes_down_after_s" in n.abuse_desk)!;
    const customer = world.scenario.networks.find((n) => n.parent === host.handle)!;
    const prefix = customer.cidr.split(".").slice(0, 3).join(".");
    const target = phishing().find((l) => l.dns.a[0]!.startsWith(`${prefix}.`))!;
    const before = await (await wfetch(`https://${target.domain}/`)).text();
    expect(before).toContain("<form");
    await report(host.abuse_email, target.domain, { xarf: true });
    await world.abuseDesks!.waitFor((a) => a.domain === target.domain && a.action === "suspended");
    const res = await wfetch(`https://${target.domain}/`);
    const page = await res.text();
    expect(res.status).toBe(200);
    expect(page).toContain("This Account has been suspended.");
    expect(page).not.toContain("<form");
    expect(await rcode(target.domain)).toBe("NOERROR");
    await world.changes.restore(target.domain);
    expect(await (await wfetch(`https://${target.domain}/`)).text()).toContain("<form");
  });

  it("a desk that never answers files the report and the site stays up", async () => {
    const desk = world.scenario.registrars.find((r) => "never" in r.abuse_desk)!;
    const target = phishing().find((l) => l.registration.registrar === desk.name)!;
    await report(desk.abuse_email, target.domain);
    const ignored = await world.abuseDesks!.waitFor(
      (a) => a.domain === target.domain && a.action === "ignored",
    );
    expect(ignored.role).toBe("registrar");
    expect(world.changes.isDown(target.domain)).toBe(false);
    expect(await rcode(target.domain)).toBe("NOERROR");
  });

  it("ignores a report to a desk about a domain it is not responsible for", async () => {
    const desk = world.scenario.registrars.find((r) => "takes_down_after_s" in r.abuse_desk)!;
    const other = phishing().find((l) => l.registration.registrar !== desk.name)!;
    await report(desk.abuse_email, other.domain);
    await world.services!.smtpSink.waitFor(
      (m) => m.subject.includes(other.domain) && m.to.includes(desk.abuse_email),
    );
    expect(world.abuseDesks!.actions().some((a) => a.domain === other.domain && a.desk === desk.abuse_email)).toBe(false); // prettier-ignore
  });

  it("lists its mailboxes; registry operators publish theirs", () => {
    const boxes = world.abuseDesks!.mailboxes();
    expect(boxes).toContainEqual({ address: "abuse@porkbun.com", role: "registrar", organisation: "Porkbun LLC", policy: { takes_down_after_s: 0 } }); // prettier-ignore
    expect(boxes).toContainEqual({ address: "abuse@hetzner.com", role: "hosting", organisation: "Hetzner Online GmbH", policy: { takes_down_after_s: 0 } }); // prettier-ignore
    expect(registryOperatorOf("acmebank-access.top")?.abuse_email).toBe("abuse@nic.top");
    expect(registryAbuseAddresses()).toContain("abuse@pir.org");
  });
});
