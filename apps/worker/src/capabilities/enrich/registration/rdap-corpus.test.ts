import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseRdapDomain, parseRdapIp } from "./rdap-parse.ts";

// Real RDAP answers captured by other projects (apps/worker/samples/rdap/SOURCES.md): the share
// read right per field is printed and held to a floor.

const dir = path.resolve(import.meta.dirname, "../../../../samples/rdap");
const expected = JSON.parse(fs.readFileSync(path.join(dir, "expected.json"), "utf8")) as {
  domains: Record<string, { registrar: string | null; abuse_email: string | null; created: string | null; expires: string | null; name_servers: string[] }>; // prettier-ignore
  networks: Record<string, { abuse_email: string | null; cidr: string | null; owner: string | null }>;
};
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as Record<string, unknown>; // prettier-ignore
const sameDate = (a: string | null, b: string | null) =>
  a === b || (!!a && !!b && Date.parse(a) === Date.parse(b));

function share(name: string, results: { file: string; ok: boolean }[]): number {
  const right = results.filter((r) => r.ok).length;
  console.log(`RDAP ${name}: ${((100 * right) / results.length).toFixed(1)}% of ${results.length} right`);
  for (const r of results.filter((x) => !x.ok)) console.log(`  wrong: ${r.file}`);
  return right / results.length;
}

describe("RDAP on real answers from registries and RIRs", () => {
  const domains = Object.entries(expected.domains).map(([file, want]) => ({ file, want, got: parseRdapDomain(read(file)) })); // prettier-ignore
  const networks = Object.entries(expected.networks).map(([file, want]) => ({ file, want, got: parseRdapIp(read(file)) })); // prettier-ignore

  it.each([
    [
      "domain registrar",
      () => domains.map((s) => ({ file: s.file, ok: s.got.registrar === s.want.registrar })),
    ],
    ["domain abuse e-mail", () => domains.map((s) => ({ file: s.file, ok: s.got.registrar_abuse_email === s.want.abuse_email }))], // prettier-ignore
    ["domain created", () => domains.map((s) => ({ file: s.file, ok: sameDate(s.got.registration_created, s.want.created) }))], // prettier-ignore
    ["domain expires", () => domains.map((s) => ({ file: s.file, ok: sameDate(s.got.registration_expires, s.want.expires) }))], // prettier-ignore
    ["domain name servers", () => domains.map((s) => ({ file: s.file, ok: JSON.stringify([...s.got.name_servers].sort()) === JSON.stringify(s.want.name_servers) }))], // prettier-ignore
    ["network abuse e-mail", () => networks.map((s) => ({ file: s.file, ok: s.got.hosting_abuse_email === s.want.abuse_email }))], // prettier-ignore
    ["network CIDR", () => networks.map((s) => ({ file: s.file, ok: s.got.cidr === s.want.cidr }))],
    ["network owner", () => networks.map((s) => ({ file: s.file, ok: s.got.owner === s.want.owner }))],
  ] as const)("reads the %s right in at least 95% of them", (name, results) => {
    expect(share(name, results())).toBeGreaterThanOrEqual(0.95);
  });
});
