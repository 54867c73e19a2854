import { useState } from "react";
import { ApiError, messageOf } from "../api/client.ts";

/**
 * A form's submit state: `run` marks it busy, clears the last errors and records the API's
 * message and per-field errors if the call fails; `invalid` shows errors found before any call.
 */
export function useSubmit() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const run = async (fn: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setFields({});
    try {
      await fn();
    } catch (err) {
      setError(messageOf(err));
      if (err instanceof ApiError) setFields(err.fieldErrors());
    } finally {
      setBusy(false);
    }
  };
  const invalid = (fieldErrors: Record<string, string>) => {
    setError(null);
    setFields(fieldErrors);
  };
  return { busy, error, fields, run, invalid };
}
