import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { rdapBaseForAsn, type RdapClient } from "../enrich/registration/rdap-client.ts";
import { lookupNetworkAbuse, networkDesk, parentUrl } from "./network-abuse.ts";

// Real RIR answers (samples/abuse-contacts/SOURCES.md and samples/rdap/SOURCES.md).
const samples = path.resolve(import.meta.dirname, "../../../samples");
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(samples, file), "utf8")) as Record<string, unknown>; // prettier-ignore

describe("a network's abuse desk, wherever each RIR puts it", () => {
  it.each([
    ["rdap/whoisit/ip_v4.json", "APNIC-LABS", "helpdesk@apnic.net"], // APNIC: top level
    ["rdap/whoisit/ip_v4_3.json", "Microsoft Corporation", "abuse@microsoft.com"], // ARIN: in the registrant
    [
      "rdap/icann-rdap/network_192_198_0_0.json",
      "Radio Link Internet",
      "daniel.petsinger@radiolinkinternet.com",
    ], // ARIN, abuse also at the top
    [
      "abuse-contacts/rdap/ipwhois_lacnic_200_57_141_161.json",
      "Triara.com, S.A. de C.V.",
      "operacion.redes@TRIARA.COM",
    ], // LACNIC
    ["abuse-contacts/rdap/ipwhois_ripe_62_239_237_1.json", "BT-CORPORATE", "zzdnsr@bt.com"], // RIPE: the abuse-c role, no registrant vCard
  ])("%s", (file, organisation, email) => {
    expect(networkDesk(read(file))).toEqual({ organisation, email });
  });

  it("has none on a reassignment that names no abuse contact (JPNIC, AFRINIC)", () => {
    expect(networkDesk(read("abuse-contacts/rdap/ipwhois_apnic_2001_240.json")).email).toBeNull();
    expect(networkDesk(read("abuse-contacts/rdap/ipwhois_afrinic_2001_43f8_7b0.json")).email).toBeNull();
  });

  it("finds the parent by its up link, its parentHandle prefix, else the prefix one bit shorter", () => {
    expect(parentUrl(read("abuse-contacts/rdap/ipwhois_apnic_2001_240.json"), "http://rdap.apnic.net/ip/2001:240::/32")).toBe("http://rdap.apnic.net/ip/2001:200::/23"); // prettier-ignore
    expect(parentUrl(read("abuse-contacts/rdap/ipwhois_afrinic_2001_43f8_7b0.json"), "https://rdap.afrinic.net/rdap/ip/2001:43f8:7b0::")).toBe("https://rdap.afrinic.net/rdap/ip/2001:4200::/23"); // prettier-ignore
    // ARIN's parentHandle is a handle (NET-13-0-0-0-0), not a prefix: ask for the covering network.
    expect(parentUrl(read("rdap/whoisit/ip_v4_3.json"), "https://rdap.arin.net/registry/ip/13.64.0.0")).toBe("https://rdap.arin.net/registry/ip/13.64.0.0/10"); // prettier-ignore
  });

  it("climbs to the parent network's desk for a reassignment without one", async () => {
    const child = read("abuse-contacts/rdap/ipwhois_afrinic_2001_43f8_7b0.json");
    const parent = { ...read("rdap/whoisit/ip_v4.json"), handle: "2001:4200::/23" };
    const asked: string[] = [];
    const rdap: RdapClient = {
      domain: () => Promise.reject(new Error("unused")),
      ip: async () => ({ json: child, url: "https://rdap.afrinic.net/rdap/ip/2001:43f8:7b0::1" }),
      byUrl: async (url) => {
        asked.push(url);
        return { json: parent, url };
      },
    };
    const got = await lookupNetworkAbuse(rdap, "2001:43f8:7b0::1");
    expect(asked).toEqual(["https://rdap.afrinic.net/rdap/ip/2001:4200::/23"]);
    expect(got).toMatchObject({ organisation: "APNIC-LABS", email: "helpdesk@apnic.net", error: null });
    expect(got.records).toHaveLength(2);
  });

  it("names an upstream AS's desk from its autnum record, found through asn.json", () => {
    const boot = read("abuse-contacts/rdap/openrdap_bootstrap_asn.json") as never;
    expect(rdapBaseForAsn(boot, 13335)).toBe("https://rdap.arin.net/registry");
    expect(rdapBaseForAsn(boot, 7)).toBe("https://rdap.db.ripe.net/");
    expect(networkDesk(read("abuse-contacts/rdap/whoisit_autnum_13335.json"))).toEqual({
      organisation: "Cloudflare, Inc.",
      email: "abuse@cloudflare.com",
    });
  });
});
