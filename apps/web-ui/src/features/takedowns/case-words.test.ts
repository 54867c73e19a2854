import { describe, expect, it } from "vitest";
import {
  ageOf,
  bytesWords,
  caseName,
  findingLink,
  organisations,
  pageParam,
  recipientHref,
  shareWords,
  stateParam,
  timeToDownWords,
} from "./case-words.ts";

describe("the takedown pages' words", () => {
  it("names a case by its domain, or a social case by platform and handle, and links its finding", () => {
    expect(caseName({ domain: "acme-login.com", platform: null, handle: null })).toBe("acme-login.com");
    expect(caseName({ domain: null, platform: "x", handle: "acme_help" })).toBe("x @acme_help");
    expect(findingLink({ finding_id: "f1", kind: "domain" })).toBe("/findings/f1");
    expect(findingLink({ finding_id: "f2", kind: "social" })).toBe("/findings/f2?kind=social");
  });

  it("words times to down, ages, shares and sizes", () => {
    expect(timeToDownWords(null)).toBe("—");
    expect(timeToDownWords(5 * 3600 + 12 * 60)).toBe("5 h");
    expect(timeToDownWords(2 * 86400 + 3 * 3600)).toBe("2 d 3 h");
    expect(timeToDownWords(30)).toBe("< 1 min");
    const opened = "2025-06-01T09:00:00.000Z";
    expect(ageOf(opened, Date.parse("2025-06-01T09:45:00.000Z"))).toBe("45 min");
    expect(shareWords(null)).toBe("—");
    expect(shareWords(2 / 3)).toBe("67 %");
    expect([812, 14_234, 3_120_000].map(bytesWords)).toEqual(["812 B", "14.2 KB", "3.1 MB"]);
  });

  it("lists each organisation once", () => {
    expect(organisations([{ organisation: "NameCheap" }, { organisation: "OVH" }, { organisation: "NameCheap" }])).toBe("NameCheap, OVH"); // prettier-ignore
    expect(organisations([])).toBe("—");
  });

  it("links e-mail desks by mailto and forms only when they are web pages", () => {
    expect(recipientHref({ channel: "email", address: "abuse@namecheap.com" })).toBe(
      "mailto:abuse@namecheap.com",
    );
    expect(recipientHref({ channel: "form", address: "https://abuse.cloudflare.com/phishing" })).toBe("https://abuse.cloudflare.com/phishing"); // prettier-ignore
    expect(recipientHref({ channel: "form", address: "javascript:alert(1)" })).toBeNull();
  });

  it("reads the state filter and page from the URL, ignoring anything else", () => {
    expect(stateParam("escalated")).toBe("escalated");
    expect(stateParam("bogus")).toBeUndefined();
    expect(stateParam(null)).toBeUndefined();
    expect(pageParam("3")).toBe(3);
    expect([null, "0", "-1", "2.5", "x"].map(pageParam)).toEqual([1, 1, 1, 1, 1]);
  });
});
