import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { passwordProblem } from "./password-rule.ts";

describe("the password rule", () => {
  it("refuses common and breached passwords with the reason, and accepts a long random passphrase", async () => {
    for (const weak of ["password12", "Password123!", "qwertyuiop", "P@ssw0rd2024", "iloveyou1234"]) {
      expect(await passwordProblem(weak), weak).toMatch(/too easy to guess: .+/);
    }
    expect(await passwordProblem("password12")).toMatch(/commonly used password/);
    expect(await passwordProblem("tuning-vellum-orbit-quasar-73")).toBeNull();
    expect(await passwordProblem("correct horse battery staple")).toBeNull();
    expect(await passwordProblem(randomBytes(48).toString("base64url"))).toBeNull();
  });

  it("keeps the length rule and refuses a password built from the account's own e-mail", async () => {
    expect(await passwordProblem("short")).toMatch(/10 to 200 characters/);
    expect(await passwordProblem("x".repeat(201))).toMatch(/10 to 200 characters/);
    expect(await passwordProblem("zanzibarquokka")).toBeNull();
    expect(await passwordProblem("zanzibarquokka", ["zanzibarquokka@example.com", "zanzibarquokka"])).toMatch(
      /too easy to guess/,
    );
  });
});
