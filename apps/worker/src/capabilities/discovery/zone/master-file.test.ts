import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createMasterFileReader } from "./master-file.ts";
import { namesOf } from "./zone-source.ts";

const SAMPLES = new URL("../../../../samples/zones/", import.meta.url);
const sample = (name: string) => readFileSync(new URL(name, SAMPLES));

function delegated(text: string, origin?: string): { names: string[]; skipped: number } {
  const reader = createMasterFileReader({ origin });
  const names: string[] = [];
  for (const line of text.split("\n")) {
    const n = reader.line(line);
    if (n !== null) names.push(n);
  }
  return { names, skipped: reader.skipped };
}

async function collect(bytes: Buffer, format: "zone" | "list", origin?: string) {
  const src = namesOf(Readable.from([bytes]), format, { origin });
  const names: string[] = [];
  for await (const b of src.batches) names.push(...b);
  return { names, skipped: src.skipped, lines: src.lines };
}

describe("the master-file reader on real zones", () => {
  it("the IANA root zone (CZDS layout): every delegated TLD once, not the apex, glue, DS or NSEC", () => {
    const text = sample("root-zone-2018-head.zone").toString("utf8");
    const { names, skipped } = delegated(text);
    // The TLDs of the excerpt, in file order: one name per run of NS records.
    expect(names.slice(0, 6)).toEqual(["aaa", "aarp", "abarth", "abb", "abbott", "abbvie"]);
    expect(names).toContain("ac");
    expect(names.at(-1)).toBe("ae");
    expect(new Set(names).size).toBe(names.length);
    // Glue owners (ns1.dns.nic.aaa) have only A/AAAA: never delegations.
    expect(names.some((n) => n.includes("nic."))).toBe(false);
    expect(skipped).toBe(0);
    const expected = new Set(
      text
        .split("\n")
        .map((l) => l.split("\t"))
        .filter((f) => f[3] === "NS" && f[0]!.trim() !== ".")
        .map((f) => f[0]!.trim().slice(0, -1)),
    );
    expect(new Set(names)).toEqual(expected);
  });

  it("an NSD test zone: $TTL with a unit, $ORIGIN, relative owners; the apex NS and the wildcard are not delegations", () => {
    const { names, skipped } = delegated(sample("nsd-nsec3_resalt.zone").toString("utf8"));
    expect(names).toEqual(["deg1", "deg2", "deg3", "deg4", "deg5", "deg6"].map((d) => `${d}.example.net`));
    expect(skipped).toBe(0);
  });

  it("an NSD signed zone: SOA in parentheses over two lines, blank owners, long RRSIG lines, several $ORIGINs", () => {
    // Its only NS records sit at the apex (example.com, the SOA owner): no delegation.
    const { names, skipped } = delegated(sample("nsd-dnssec_rrsig_ds.zone").toString("utf8"));
    expect(names).toEqual([]);
    expect(skipped).toBe(0);
  });
});

describe("the master-file reader's rules", () => {
  it("relative names, @, a blank owner, comments, class before TTL, upper case, parentheses across lines", () => {
    const zone = [
      "$ORIGIN Example.",
      "$TTL 1h",
      "@ IN SOA ns.nic.example. hostmaster.nic.example. ( 1 ; serial",
      "   7200 900 ; the rest",
      "   1209600 3600 )",
      "@ NS ns.nic.example. ; the apex",
      "ContosoPay IN 3600 NS ns1.host.example.",
      "           NS ns2.host.example.",
      "fabrikam 86400 NS ( ns1.dnsprovider.net. )",
      'txt-name TXT "a ; not a comment ( nor a paren"',
      "bank.example. NS ns.bank.example.",
      "ns.bank A 192.0.2.1",
      "sub.deep NS ns.deep.example. ; a delegation two labels down",
    ].join("\n");
    expect(delegated(zone).names).toEqual([
      "contosopay.example",
      "fabrikam.example",
      "bank.example",
      "sub.deep.example",
    ]);
  });

  it("CZDS lines in lower case with the TLD's SOA first", () => {
    const zone = [
      "com.\t900\tin\tsoa\ta.gtld-servers.net. nstld.verisign-grs.com. 1 1800 900 604800 86400",
      "com.\t172800\tin\tns\ta.gtld-servers.net.",
      "contosopay.com.\t172800\tin\tns\tns1.example.net.",
      "contosopay.com.\t172800\tin\tns\tns2.example.net.",
      "contosopay.com.\t86400\tin\tds\t1 8 2 ABCD",
      "ns1.contosopay.com.\t172800\tin\ta\t192.0.2.1",
      "bakery.com.\t172800\tin\tns\tns1.example.net.",
    ].join("\n");
    expect(delegated(zone, "com").names).toEqual(["contosopay.com", "bakery.com"]);
  });

  it("a garbled line is counted and skipped, the lines after it still read", () => {
    const zone = [
      "com. 900 IN SOA a. b. 1 2 3 4 5",
      "\u0000\u0001garbage\u00ff",
      "this is not a record",
      "$INCLUDE other.zone",
      "unbalanced ) NS x.",
      "contosopay.com. 3600 IN NS ns1.example.net.",
    ].join("\n");
    const { names, skipped } = delegated(zone);
    expect(names).toEqual(["contosopay.com"]);
    expect(skipped).toBe(4);
  });
});

describe("reading a zone or a list from bytes", () => {
  it("gzip is told by its magic bytes, and gives the same names", async () => {
    const raw = sample("root-zone-2018-head.zone");
    const plain = await collect(raw, "zone");
    const packed = await collect(gzipSync(raw), "zone");
    expect(packed.names).toEqual(plain.names);
    expect(plain.lines).toBe(raw.toString().split("\n").length - 1);
  });

  it("a truncated gzip file fails the read with an error (not a crash, not a silent half)", async () => {
    const packed = gzipSync(sample("root-zone-2018-head.zone"));
    await expect(collect(packed.subarray(0, packed.length - 40), "zone")).rejects.toThrow(/unexpected end/i);
  });

  it("a real newly-registered-domains list: Unicode names as A-labels, every name once", async () => {
    const raw = sample("whoisds-nrd-2026-01-01.txt");
    const { names, skipped } = await collect(raw, "list");
    expect(skipped).toBe(0);
    expect(names).toHaveLength(raw.toString().trim().split("\n").length);
    expect(names).toContain("yearly-ai.com");
    expect(names).toContain("xn--80aeraithq.xn--p1ai"); // already an A-label in the list
    // 網頁下載.top, registered in Unicode, read as its A-label.
    expect(names).toContain(new URL("http://網頁下載.top").hostname);
    expect(names.every((n) => /^[a-z0-9.-]+$/.test(n))).toBe(true);
  });

  it("a list skips comments and blank lines and counts lines that are no name", async () => {
    const list =
      "# newly registered\n\nContosoPay-Login.com\nfabrikam.net. # trailing comment\nnot a name!\n<html>\n";
    const { names, skipped } = await collect(Buffer.from(list), "list");
    expect(names).toEqual(["contosopay-login.com", "fabrikam.net"]);
    expect(skipped).toBe(2);
  });
});
