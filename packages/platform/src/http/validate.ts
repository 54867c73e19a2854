import type { z } from "zod";
import { AppError } from "./app-error.ts";

/** The 422 `invalid` error for failed zod issues: the first one in the message, all in the details. */
export function invalidInput(issues: readonly z.core.$ZodIssue[], what: string): AppError {
  const details = issues.map((issue) => ({
    path: issue.path.join("."),
    message: issue.message,
  }));
  const first = details[0];
  const where = first && first.path ? `${first.path}: ` : "";
  return new AppError("invalid", `Invalid ${what}: ${where}${first?.message ?? "invalid"}`, details);
}

/** Validates untrusted input once, at the boundary; failures become 422 `invalid` with the issues. */
export function validate<S extends z.ZodType>(schema: S, input: unknown, what = "request body"): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw invalidInput(result.error.issues, what);
}
