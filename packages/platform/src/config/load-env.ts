import type { z } from "zod";
import { ConfigError, type ConfigIssue } from "./config-error.ts";

export { ConfigError } from "./config-error.ts";

/**
 * Validates the environment against `schema` once, at start. An empty variable counts as unset
 * (so `FOO=` in a .env file falls back to the default). Throws ConfigError naming every bad
 * variable; never echoes values, which may be secrets.
 */
export function loadEnv<S extends z.ZodObject>(schema: S, env: NodeJS.ProcessEnv = process.env): z.output<S> {
  const input: Record<string, string | undefined> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = env[key];
    input[key] = value === "" ? undefined : value;
  }
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new ConfigError(toIssues(result.error, input));
}

function toIssues(error: z.ZodError, input: Record<string, string | undefined>): ConfigIssue[] {
  const byVariable = new Map<string, string[]>();
  for (const issue of error.issues) {
    const variable = issue.path.length > 0 ? issue.path.map(String).join(".") : "(environment)";
    const messages = byVariable.get(variable) ?? [];
    const absent = issue.code === "invalid_type" && input[String(issue.path[0])] === undefined;
    // zod's wording for an absent value ("expected string, received undefined") reads badly here.
    const message = absent ? "is required" : issue.message.replace(/^Invalid input: /, "");
    if (!messages.includes(message)) messages.push(message);
    byVariable.set(variable, messages);
  }
  return [...byVariable].map(([variable, messages]) => ({ variable, message: messages.join(", ") }));
}
