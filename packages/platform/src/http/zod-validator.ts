import type { FastifySchemaCompiler } from "fastify";
import type { z } from "zod";
import { invalidInput } from "./validate.ts";

/** What a failure message calls each part of the request (`validate()`'s words). */
const WHAT: Record<string, string> = { body: "request body", querystring: "query", params: "path" };

/**
 * Fastify's validator for the zod request schemas routes declare: parsed input replaces the raw
 * one, and a failure is the same 422 `invalid` (message and details) as `validate()` answers.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    // Fastify hands a missing body over as null; validate() saw it as undefined.
    const input = httpPart === "body" && data === null ? undefined : data;
    const result = schema.safeParse(input);
    if (result.success) return { value: result.data };
    return { error: invalidInput(result.error.issues, WHAT[httpPart ?? ""] ?? httpPart ?? "request") };
  };
