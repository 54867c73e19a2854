import { describe, expect, it } from "vitest";
import { acceptQuality, wantsUiPage } from "./page-negotiation.ts";

const CHROMIUM_NAVIGATION =
  "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7";
const get = (url: string, accept?: string) => ({
  method: "GET",
  url,
  headers: accept === undefined ? {} : { accept },
});

describe("page negotiation", () => {
  it("ranks media types by the most specific matching range", () => {
    expect(acceptQuality(CHROMIUM_NAVIGATION, "text/html")).toBe(1);
    expect(acceptQuality(CHROMIUM_NAVIGATION, "application/json")).toBe(0.8);
    expect(acceptQuality("application/json", "text/html")).toBe(0);
    expect(acceptQuality("text/*;q=0.5, */*;q=0.1", "text/html")).toBe(0.5);
    expect(acceptQuality("", "application/json")).toBe(0);
  });

  it("sends a browser navigation to a page path to the UI, even where a JSON route shares it", () => {
    for (const url of ["/account", "/admin/settings", "/dashboard?scan=1", "/reset-password/abc_-1", "/"])
      expect({ url, page: wantsUiPage(get(url, CHROMIUM_NAVIGATION)) }).toEqual({ url, page: true });
  });

  it("keeps JSON for clients asking JSON or anything, and files and streams for the browser", () => {
    expect(wantsUiPage(get("/account", "application/json"))).toBe(false);
    expect(wantsUiPage(get("/dashboard/status", "*/*"))).toBe(false);
    expect(wantsUiPage(get("/dashboard/status"))).toBe(false);
    expect(wantsUiPage({ ...get("/account", CHROMIUM_NAVIGATION), method: "PUT" })).toBe(false);
    for (const url of [
      "/reports/7d3c",
      "/media/screenshots/1",
      "/scans/1/events",
      "/dashboard/findings/export?format=csv",
      "/assets/index-abc.js",
      "/favicon.svg",
      "/v1/scoring/weights",
      "/webhooks/snapshots/7d3c?expires=1&signature=abc&part=campaigns",
    ])
      expect({ url, page: wantsUiPage(get(url, CHROMIUM_NAVIGATION)) }).toEqual({ url, page: false });
  });
});
