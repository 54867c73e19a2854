import { z } from "zod";

/**
 * Reusable zod fields for environment variables. Each takes the raw string and yields a typed
 * value, with a message fit for "Invalid configuration: NAME: <message>".
 */

/** TCP port 1-65535. */
export function port() {
  return z.string().transform((raw, ctx) => {
    const text = raw.trim();
    const n = Number(text);
    if (!/^\d+$/.test(text) || n < 1 || n > 65535) {
      ctx.addIssue({ code: "custom", message: "expected a number between 1 and 65535" });
      return z.NEVER;
    }
    return n;
  });
}

const TRUE = new Set(["true", "1"]);
const FALSE = new Set(["false", "0"]);

/** "true"/"false"/"1"/"0" (any case). */
export function booleanFlag() {
  return z.string().transform((raw, ctx) => {
    const text = raw.trim().toLowerCase();
    if (TRUE.has(text)) return true;
    if (FALSE.has(text)) return false;
    ctx.addIssue({ code: "custom", message: 'expected "true", "false", "1" or "0"' });
    return z.NEVER;
  });
}

/** An absolute URL, optionally restricted to some protocols (without the colon, e.g. ["postgres", "postgresql"]). */
export function url(protocols?: readonly string[]) {
  return z.string().transform((raw, ctx) => {
    let parsed: URL;
    try {
      parsed = new URL(raw.trim());
    } catch {
      ctx.addIssue({ code: "custom", message: "expected an absolute URL" });
      return z.NEVER;
    }
    const protocol = parsed.protocol.replace(/:$/, "");
    if (protocols && !protocols.includes(protocol)) {
      ctx.addIssue({
        code: "custom",
        message: `expected a ${protocols.map((p) => `${p}://`).join(" or ")} URL`,
      });
      return z.NEVER;
    }
    return raw.trim();
  });
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** A duration in milliseconds: a bare integer is ms; "500ms", "30s", "5m", "2h", "1d" also work. */
export function durationMs() {
  return z.string().transform((raw, ctx) => {
    const match = /^(\d+)\s*(ms|s|m|h|d)?$/i.exec(raw.trim());
    if (!match) {
      ctx.addIssue({
        code: "custom",
        message: 'expected a duration such as "1500", "500ms", "30s", "5m" or "1h"',
      });
      return z.NEVER;
    }
    return Number(match[1]) * (UNIT_MS[(match[2] ?? "ms").toLowerCase()] ?? 1);
  });
}

/** `SHUTDOWN_TIMEOUT`: how long a graceful stop may take (every service): at least 1 s, default 10 s. */
export function shutdownTimeout() {
  return durationMs()
    .refine((ms) => ms >= 1000, 'must be at least 1s, e.g. "10s"')
    .default(10_000);
}

/** Comma-separated list; items trimmed, empty items dropped ("a, b,,c" -> ["a", "b", "c"]). */
export function commaList() {
  return z.string().transform((raw) =>
    raw
      .split(",")
      .map((item) => item.trim())
      .filter((item) => item !== ""),
  );
}
