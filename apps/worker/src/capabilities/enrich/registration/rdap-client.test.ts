import { describe, expect, it } from "vitest";
import type { HttpClient } from "../../../ports/http/http.port.ts";
import { createRdapClient } from "./rdap-client.ts";

// An IPv6 address is looked up through IANA's ipv6.json, not ipv4.json.

function fakeHttp(files: Record<string, unknown>): HttpClient & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    get: (url) => {
      asked.push(url);
      const body = files[url];
      return Promise.resolve({ url, status: body ? 200 : 404, headers: {}, body: Buffer.from(JSON.stringify(body ?? {})), truncated: false }); // prettier-ignore
    },
    getChain: () => Promise.reject(new Error("unused")),
    close: () => Promise.resolve(),
  };
}

describe("RDAP client for IP networks", () => {
  it("asks ipv6.json for an IPv6 address and the RIR it names", async () => {
    const http = fakeHttp({
      "https://boot/ipv4.json": { services: [[["8.0.0.0/8"], ["https://rdap.arin.net/registry/"]]] },
      "https://boot/ipv6.json": { services: [[["2001:4800::/23"], ["https://rdap.arin.net/registry/"]]] },
      "https://rdap.arin.net/registry/ip/2001:4860:4860::8888": { objectClassName: "ip network", handle: "NET6-2001-4860-1" }, // prettier-ignore
    });
    const rdap = createRdapClient({ http, bootstrapUrl: "https://boot/" });
    const { json } = await rdap.ip("2001:4860:4860::8888");
    expect(json.handle).toBe("NET6-2001-4860-1");
    expect(http.asked).toEqual([
      "https://boot/ipv6.json",
      "https://rdap.arin.net/registry/ip/2001:4860:4860::8888",
    ]);
    await expect(rdap.ip("not-an-address")).rejects.toThrow(/not an IP address/);
  });

  it("refuses an answer that is not an RDAP object with a clear error", async () => {
    const http = fakeHttp({
      "https://boot/ipv4.json": { services: [[["8.0.0.0/8"], ["https://rdap.arin.net/registry/"]]] },
      "https://rdap.arin.net/registry/ip/8.8.8.8": ["not", "an", "object"],
    });
    const rdap = createRdapClient({ http, bootstrapUrl: "https://boot/" });
    await expect(rdap.ip("8.8.8.8")).rejects.toThrow("RDAP answer from https://rdap.arin.net/registry/ip/8.8.8.8 is not an RDAP object"); // prettier-ignore
  });
});
