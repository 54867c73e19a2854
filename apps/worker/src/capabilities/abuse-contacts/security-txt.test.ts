import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { DnsClient, DnsResponse } from "../../ports/dns/dns.port.ts";
import type { HttpClient } from "../../ports/http/http.port.ts";
import { lookupHostSecurityTxt, parseSecurityTxt } from "./security-txt.ts";

// RFC 9116's own examples and the security.txt project's template (samples/abuse-contacts/SOURCES.md).
const dir = path.resolve(import.meta.dirname, "../../../samples/abuse-contacts/security-txt");
const read = (f: string) => fs.readFileSync(path.join(dir, f), "utf8");
const BEFORE_EXPIRY = new Date("2021-06-01T00:00:00Z");
const AFTER_EXPIRY = new Date("2022-01-01T00:00:00Z");

describe("security.txt (RFC 9116)", () => {
  it("reads the Contact of the unsigned and the signed example, skipping the signature armour", () => {
    for (const file of ["rfc9116-unsigned.txt", "rfc9116-signed.txt"])
      expect(parseSecurityTxt(read(file), BEFORE_EXPIRY)).toEqual({
        emails: ["security@example.com"],
        urls: [],
        expires: "2021-12-31T18:37:07z",
      });
  });

  it("ignores a file past its Expires", () => {
    expect(parseSecurityTxt(read("rfc9116-unsigned.txt"), AFTER_EXPIRY)).toBeNull();
  });

  it("takes a bare address (the project's template) and https contacts", () => {
    expect(parseSecurityTxt(read("securitytxt-template.txt"), AFTER_EXPIRY)?.emails).toEqual(["security@example.com"]); // prettier-ignore
    const rfcContacts = read("rfc9116-unsigned.txt").replace(
      "Contact: mailto:security@example.com",
      "Contact: https://example.com/security-contact.html\nContact: tel:+1-201-555-0123",
    );
    expect(parseSecurityTxt(rfcContacts, BEFORE_EXPIRY)).toMatchObject({ emails: [], urls: ["https://example.com/security-contact.html"] }); // prettier-ignore
  });

  it("finds the file of the organisation an address's PTR name belongs to", async () => {
    const dns = {
      query: async (name: string): Promise<DnsResponse> => ({
        rcode: "NOERROR",
        answers: name === "7.2.0.192.in-addr.arpa" ? [{ name, type: "PTR", ttl: 60, data: "web7.fra.example.com." }] : [], // prettier-ignore
        authority: [],
        truncated: false,
        server: "test",
      }),
    } as unknown as DnsClient;
    const asked: string[] = [];
    const http = {
      get: async (url: string) => {
        asked.push(url);
        const ok = url === "https://example.com/security.txt";
        return { url, status: ok ? 200 : 404, headers: { "content-type": "text/plain; charset=utf-8" }, body: Buffer.from(ok ? read("rfc9116-signed.txt") : ""), truncated: false }; // prettier-ignore
      },
    } as unknown as HttpClient;
    const got = await lookupHostSecurityTxt({ dns, http }, "192.0.2.7", BEFORE_EXPIRY);
    expect(asked).toEqual([
      "https://example.com/.well-known/security.txt",
      "https://example.com/security.txt",
    ]);
    expect(got).toMatchObject({ domain: "example.com", emails: ["security@example.com"] });
    expect(await lookupHostSecurityTxt({ dns, http }, "192.0.2.8", BEFORE_EXPIRY)).toBeNull();
  });
});
