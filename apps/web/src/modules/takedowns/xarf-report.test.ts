import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { buildXarfReport, type XarfInput } from "./xarf-report.ts";

// The published X-ARF v4 schema (github.com/xarf/xarf-spec, samples/xarf/SOURCES.md), offline.
const samples = fileURLToPath(new URL("../../../samples/xarf/", import.meta.url));
const json = (name: string) =>
  JSON.parse(readFileSync(`${samples}${name}`, "utf8")) as Record<string, unknown>;

function phishingValidator() {
  const ajv = new Ajv2020.default({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(json("schema-xarf-core.json"));
  ajv.addSchema(json("schema-content-base.json"));
  return ajv.compile(json("schema-content-phishing.json"));
}

const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const input: XarfInput = {
  reportId: "0b6f4a8e-3f57-4c1e-9d7a-3c2f1e0d9b8a",
  seenAt: new Date("2026-03-02T10:00:00Z"),
  reporter: { org: "Acme Bank", contact: "takedowns@brandwarden.test", domain: "brandwarden.test" },
  sender: { org: "Brandwarden", contact: "takedowns@brandwarden.test", domain: "brandwarden.test" },
  url: "https://acmebank-login.com/signin",
  domain: "acmebank-login.com",
  ip: "203.0.113.20",
  brand: "Acme Bank",
  registrar: "NameSilo, LLC",
  hostingProvider: "Example Hosting",
  asn: 64500,
  countryCode: "NL",
  nameservers: ["ns1.namesilo.com"],
  credentialForm: true,
  screenshot: png,
  warc: { sha256: "a".repeat(64), size: 1234 },
};

describe("X-ARF v4 content/phishing report", () => {
  it("the schema accepts the specification's own sample (the validator reads it right)", () => {
    const validate = phishingValidator();
    expect(validate(json("sample-content-phishing.json")), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...json("sample-content-phishing.json"), url: undefined })).toBe(false);
  });

  it("a built report is valid, with the screenshot inline and its hash", () => {
    const validate = phishingValidator();
    const report = buildXarfReport(input);
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    expect(report).toMatchObject({
      category: "content",
      type: "phishing",
      source_identifier: "203.0.113.20",
      domain: "acmebank-login.com",
      credential_fields: ["username", "password"],
    });
    const [shot] = report.evidence as Array<{ payload: string; hash: string }>;
    expect(Buffer.from(shot!.payload, "base64").equals(png)).toBe(true);
  });

  it("an IDN lookalike, no address and no screenshot still make a valid report", () => {
    const validate = phishingValidator();
    const report = buildXarfReport({
      ...input,
      domain: "xn--acmebnk-9ya.com",
      url: "https://xn--acmebnk-9ya.com/",
      ip: null,
      screenshot: null,
      warc: null,
      credentialForm: false,
      countryCode: null,
    });
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    expect(report.source_identifier).toBe("xn--acmebnk-9ya.com");
    expect(report.domain).toBeUndefined();
  });
});
