/**
 * Structured answers: ask for a JSON object, validate it with zod, and on a bad answer make one
 * repair attempt (the model sees its answer and the problem). A second bad answer is a
 * `StructuredOutputError`: the caller leaves that item without an AI result.
 */
import type { z } from "zod";
import { LlmError, type LlmProvider, type LlmRequest } from "./provider.ts";

export class StructuredOutputError extends Error {
  override readonly name = "StructuredOutputError";
}

/** The first balanced JSON object in a text (models wrap JSON in prose or code fences). */
export function extractJsonObject(text: string): unknown {
  const trimmed = text.trim();
  try {
    return JSON.parse(trimmed);
  } catch {
    // look for an embedded object below
  }
  for (let start = trimmed.indexOf("{"); start >= 0; start = trimmed.indexOf("{", start + 1)) {
    let depth = 0;
    let inString = false;
    for (let i = start; i < trimmed.length; i++) {
      const c = trimmed[i];
      if (inString) {
        if (c === "\\") i++;
        else if (c === '"') inString = false;
      } else if (c === '"') inString = true;
      else if (c === "{") depth++;
      else if (c === "}" && --depth === 0) {
        try {
          return JSON.parse(trimmed.slice(start, i + 1));
        } catch {
          break;
        }
      }
    }
  }
  throw new Error("no JSON object in the answer");
}

export interface StructuredResult<T> {
  value: T;
  repaired: boolean;
}

export async function completeStructured<S extends z.ZodType>(
  provider: LlmProvider,
  schema: S,
  req: Omit<LlmRequest, "repair">,
): Promise<StructuredResult<z.infer<S>>> {
  const check = (text: string): { ok: true; value: z.infer<S> } | { ok: false; problem: string } => {
    let json: unknown;
    try {
      json = extractJsonObject(text);
    } catch (err) {
      return { ok: false, problem: (err as Error).message };
    }
    const parsed = schema.safeParse(json);
    if (parsed.success) return { ok: true, value: parsed.data };
    const issues = parsed.error.issues
      .slice(0, 5)
      .map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`)
      .join("; ");
    return { ok: false, problem: issues };
  };

  const first = await provider.complete(req);
  const a = check(first.text);
  if (a.ok) return { value: a.value, repaired: false };
  let second;
  try {
    second = await provider.complete({
      ...req,
      repair: {
        previous: first.text.slice(0, 4_000),
        problem:
          `Your answer was not valid (${a.problem}). Reply again with only the JSON object ` +
          `described in the instructions, with no other text.`,
      },
    });
  } catch (err) {
    if (err instanceof LlmError) throw err;
    throw new StructuredOutputError(
      `invalid answer (${a.problem}); repair failed: ${(err as Error).message}`,
    );
  }
  const b = check(second.text);
  if (b.ok) return { value: b.value, repaired: true };
  throw new StructuredOutputError(`invalid answer after one repair attempt: ${b.problem}`);
}
