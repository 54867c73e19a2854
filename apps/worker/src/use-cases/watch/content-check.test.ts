import { describe, expect, it } from "vitest";
import type { TWatchFingerprint } from "@brandwarden/contract/watch";
import { contentDifference } from "./content-check.ts";

const parked: TWatchFingerprint = {
  http_status: 200,
  final_url: "http://acmebank-login.com/",
  page_title: "acmebank-login.com - This domain may be for sale!",
  login_form: false,
  password_form: false,
  parked: true,
  html_hash: null,
};

describe("what counts as a content change between watches", () => {
  it("the same page is no change; nor is evidence that became unknown", () => {
    expect(contentDifference(parked, { ...parked })).toBeNull();
    expect(contentDifference(parked, { ...parked, page_title: null, login_form: null })).toBeNull();
    expect(contentDifference(parked, { ...parked, http_status: 204 })).toBeNull();
  });

  it("a login form, a new title, the end of parking, a new host or a status class is a change", () => {
    expect(contentDifference(parked, { ...parked, login_form: true })).toBe("login form");
    expect(contentDifference(parked, { ...parked, page_title: "Acme Bank - Sign in" })).toBe("page title");
    expect(contentDifference(parked, { ...parked, parked: false })).toBe("parking");
    expect(contentDifference(parked, { ...parked, final_url: "https://evil.example/" })).toBe("final host");
    expect(contentDifference(parked, { ...parked, http_status: null })).toMatch(/HTTP status 200/);
  });

  it("a site seen for the first time is a change only when it answers", () => {
    expect(contentDifference(null, parked)).toBe("first look at the page");
    expect(contentDifference(null, { ...parked, http_status: null })).toBeNull();
  });
});
