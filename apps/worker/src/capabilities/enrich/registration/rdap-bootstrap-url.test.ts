import { describe, expect, it } from "vitest";
import { ConfigError } from "@brandwarden/platform/config/config-error";
import { loadWorkerConfig } from "../../../config.ts";

const bootstrapOf = (value: string) =>
  loadWorkerConfig({ RDAP_BOOTSTRAP_URL: value }).enrich.rdapBootstrapUrl;

describe("RDAP_BOOTSTRAP_URL", () => {
  it("takes the directory, with or without its final slash", () => {
    expect(bootstrapOf("https://data.iana.org/rdap/")).toBe("https://data.iana.org/rdap/");
    expect(bootstrapOf("https://data.iana.org/rdap")).toBe("https://data.iana.org/rdap/");
    expect(loadWorkerConfig({}).enrich.rdapBootstrapUrl).toBe("https://data.iana.org/rdap/");
  });

  it("takes the URL of a bootstrap file (dns.json, ipv4.json...) as its directory", () => {
    expect(bootstrapOf("https://data.iana.org/rdap/dns.json")).toBe("https://data.iana.org/rdap/");
    expect(bootstrapOf("http://127.0.0.1:8080/bootstrap/IPV4.json")).toBe("http://127.0.0.1:8080/bootstrap/");
  });

  it("refuses any other file at start, naming the variable and what it expects", () => {
    const attempt = () => bootstrapOf("https://rdap.example/bootstrap.json");
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(
      "RDAP_BOOTSTRAP_URL: expected the bootstrap directory that holds dns.json (like https://data.iana.org/rdap/), not the file bootstrap.json",
    );
    expect(() => bootstrapOf("ftp://data.iana.org/rdap/")).toThrow(/RDAP_BOOTSTRAP_URL: expected a http/);
  });
});
