import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseWhoisDomain, parseWhoisIp } from "./whois-parse.ts";

// Real WHOIS answers captured by other projects (apps/worker/samples/whois/SOURCES.md), with the
// values those projects expect. The share read right per field is printed and held to a floor.

const dir = path.resolve(import.meta.dirname, "../../../../samples/whois");

interface Expected {
  registrar: string | null;
  created: string | null;
  expires: string | null;
  /** Absent where the source project does not record name servers. */
  name_servers?: string[];
}

const expected = JSON.parse(fs.readFileSync(path.join(dir, "expected.json"), "utf8")) as Record<string, Expected>; // prettier-ignore
const samples = Object.entries(expected).map(([file, want]) => ({
  file,
  want,
  got: parseWhoisDomain(fs.readFileSync(path.join(dir, file), "utf8")),
}));

const sameDate = (a: string | null | undefined, b: string | null) =>
  (a ?? null) === b || (!!a && !!b && Date.parse(a) === Date.parse(b));
const sameText = (a: string | null | undefined, b: string | null) =>
  (a ?? null)?.replace(/\s+/g, " ").trim() === b?.replace(/\s+/g, " ").trim() || (a ?? null) === b;
const sameSet = (a: string[] | undefined, b: string[]) =>
  JSON.stringify([...(a ?? [])].sort()) === JSON.stringify([...b].sort());

const fields = {
  registrar: (s: (typeof samples)[number]) => sameText(s.got?.registrar, s.want.registrar),
  created: (s: (typeof samples)[number]) => sameDate(s.got?.registration_created, s.want.created),
  expires: (s: (typeof samples)[number]) => sameDate(s.got?.registration_expires, s.want.expires),
  name_servers: (s: (typeof samples)[number]) => sameSet(s.got?.name_servers, s.want.name_servers!),
};

describe("WHOIS on real answers from many registries", () => {
  it.each(Object.keys(fields) as (keyof typeof fields)[])(
    "reads %s right in at least 95% of them",
    (field) => {
      const scored = samples.filter((s) => field !== "name_servers" || s.want.name_servers);
      const wrong = scored.filter((s) => !fields[field](s));
      const share = 1 - wrong.length / scored.length;
      console.log(`WHOIS ${field}: ${(share * 100).toFixed(1)}% of ${scored.length} right`);
      if (process.env.WHOIS_CORPUS_DEBUG)
      for (const s of wrong) console.log(field, s.file, JSON.stringify(s.want[field]), JSON.stringify(s.got && { registrar: s.got.registrar, created: s.got.registration_created, expires: s.got.registration_expires, name_servers: s.got.name_servers }[field])); // prettier-ignore
      expect(share).toBeGreaterThanOrEqual(0.95);
    },
  );

  it("says no such name on every real not-found answer", () => {
    const files = ["likexian-notfound", "whoisdomain-notfound"].flatMap((d) => fs.readdirSync(path.join(dir, d)).map((f) => path.join(d, f))); // prettier-ignore
    const read = files.filter((f) => parseWhoisDomain(fs.readFileSync(path.join(dir, f), "utf8")) !== null);
    console.log(`WHOIS not-found answers seen as such: ${files.length - read.length} of ${files.length}`);
    expect(read).toEqual([]);
  });

  it("still reads every registered name as registered", () => {
    expect(samples.filter((s) => s.got === null).map((s) => s.file)).toEqual([]);
  });
});

describe("WHOIS on real answers from the five RIRs", () => {
  const want = JSON.parse(fs.readFileSync(path.join(dir, "expected-ip.json"), "utf8")) as Record<string, { country: string; abuse_email: string | null }>; // prettier-ignore
  const got = Object.entries(want).map(([file, w]) => ({ file, w, r: parseWhoisIp(fs.readFileSync(path.join(dir, file), "utf8")) })); // prettier-ignore
  it.each(["country", "abuse_email"] as const)(
    "reads the network's %s right in at least 95% of them",
    (field) => {
      const wrong = got.filter(
        (g) => (field === "country" ? g.r?.ip_country : g.r?.hosting_abuse_email) !== g.w[field],
      );
      console.log(
        `WHOIS network ${field}: ${(100 * (1 - wrong.length / got.length)).toFixed(1)}% of ${got.length} right`,
      );
      for (const g of wrong) console.log(`  wrong: ${g.file}`);
      expect(wrong.length / got.length).toBeLessThanOrEqual(0.05);
    },
  );
});
