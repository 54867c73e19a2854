// What a network failure was, read from the error whatever raised it (undici, node, the platform's
// SSRF guard): shared by the HTTP and LLM clients and the enrichment sources that report failures.

/** A stable error code for any network failure (undici, node, our guard). */
export function errorCode(err: unknown): string {
  const e = err as { code?: string; name?: string; cause?: { code?: string } };
  if (e?.name === "AbortError" || e?.name === "TimeoutError") return "ETIMEDOUT";
  return e?.cause?.code ?? e?.code ?? e?.name ?? "EUNKNOWN";
}

export function errorMessage(err: unknown): string {
  const e = err as { message?: string; cause?: { message?: string } };
  return (e?.cause?.message ?? e?.message ?? String(err)).slice(0, 500);
}

/** Whether `err` (from `fetch`) is the guard refusing the address; its message says which. */
export function blockedAddressMessage(err: unknown): string | null {
  const cause = (err as { cause?: { code?: string; message?: string } })?.cause;
  return cause?.code === "EBLOCKEDADDRESS" ? (cause.message ?? "blocked address") : null;
}
