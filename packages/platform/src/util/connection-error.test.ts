import { describe, expect, it } from "vitest";
import { isConnectionError } from "./connection-error.ts";

const withCode = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("isConnectionError", () => {
  it("recognises PostgreSQL's connection and shutdown codes", () => {
    for (const code of ["08000", "08001", "08003", "08006", "08P01", "57P01", "57P03", "53300"])
      expect(isConnectionError(withCode(code)), code).toBe(true);
  });

  it("recognises sockets refused, reset or timed out, and the drivers' own words", () => {
    for (const code of ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH"])
      expect(isConnectionError(withCode(code)), code).toBe(true);
    for (const message of [
      "Connection terminated unexpectedly",
      "Connection terminated due to connection timeout",
      "timeout exceeded when trying to connect",
      "Query read timeout",
      "canceling statement due to statement timeout",
      "Connection is closed.",
      "Command timed out",
      "LOADING Redis is loading the dataset in memory",
      "Stream isn't writeable and enableOfflineQueue options is false",
    ])
      expect(isConnectionError(new Error(message)), message).toBe(true);
    const maxRetries = Object.assign(new Error("Reached the max retries per request limit (which is 20)."), {
      name: "MaxRetriesPerRequestError",
    });
    expect(isConnectionError(maxRetries)).toBe(true);
  });

  it("follows wrapped causes: drizzle's query error, fetch failures, dual-stack AggregateError", () => {
    const drizzle = new Error('Failed query: insert into "findings" ...', {
      cause: withCode("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432"),
    });
    expect(isConnectionError(drizzle)).toBe(true);
    expect(isConnectionError(new TypeError("fetch failed", { cause: withCode("ECONNRESET") }))).toBe(true);
    expect(isConnectionError(new AggregateError([withCode("ECONNREFUSED"), withCode("ECONNREFUSED")]))).toBe(
      true,
    );
  });

  it("leaves errors of the work itself to be counted as poison", () => {
    expect(isConnectionError(withCode("23505", "duplicate key value violates unique constraint"))).toBe(
      false,
    );
    expect(isConnectionError(withCode("22P02", "invalid input syntax for type uuid"))).toBe(false);
    expect(isConnectionError(new TypeError("Cannot read properties of undefined"))).toBe(false);
    expect(isConnectionError(new Error("Failed query", { cause: withCode("23503") }))).toBe(false);
    expect(isConnectionError("ECONNREFUSED")).toBe(false);
    expect(isConnectionError(null)).toBe(false);
  });
});
