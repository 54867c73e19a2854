type Plain = Record<string, unknown>;

const isPlain = (v: unknown): v is Plain => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Merges `patch` into `base` recursively: objects merge key by key, everything else
 * (arrays, scalars, null) replaces. `undefined` in the patch leaves the base value.
 */
export function deepMerge<T extends Plain>(base: T, patch: Plain): T {
  const out: Plain = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    const current = out[key];
    out[key] = isPlain(current) && isPlain(value) ? deepMerge(current, value) : value;
  }
  return out as T;
}
