import { describe, expect, it } from "vitest";
import { redactUrl } from "./request-log.ts";

describe("URLs as the request log writes them", () => {
  it("replaces reset tokens in paths and credential query values, keeping the rest", () => {
    expect(redactUrl("/passwords/abcDEF123_-x")).toBe("/passwords/[redacted]");
    expect(redactUrl("/reset-password/abc?x=1")).toBe("/reset-password/[redacted]?x=1");
    expect(redactUrl("/reset/abc")).toBe("/reset/[redacted]");
    expect(redactUrl("/webhooks/snapshots/s1?expires=99&signature=SIG&part=findings&page=2")).toBe(
      "/webhooks/snapshots/s1?expires=99&signature=[redacted]&part=findings&page=2",
    );
    expect(redactUrl("/x?token=T&sig=S&api_key=K&access-token=A&Secret=Z&keywords=bank")).toBe(
      "/x?token=[redacted]&sig=[redacted]&api_key=[redacted]&access-token=[redacted]&Secret=[redacted]&keywords=bank",
    );
    expect(redactUrl("/x?%74oken=T&flag")).toBe("/x?%74oken=[redacted]&flag");
    expect(redactUrl("/dashboard/findings?scan_id=1&page=2")).toBe("/dashboard/findings?scan_id=1&page=2");
  });
});
