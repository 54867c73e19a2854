import { ZId } from "@brandwarden/contract/common";
import { notFound } from "@brandwarden/platform/http/app-error";

/** A malformed id names no resource: 404, like an id that does not exist. */
export function idParam(params: unknown, what: string): string {
  const id = (params as { id?: unknown } | null)?.id;
  const parsed = ZId.safeParse(id);
  if (!parsed.success) throw notFound(what);
  return parsed.data;
}

/** An optional id in the query string (`?scan_id=`): undefined when absent; malformed is 404. */
export function idQuery(query: unknown, name: string, what: string): string | undefined {
  const id = (query as Record<string, unknown> | null)?.[name];
  return id === undefined ? undefined : idParam({ id }, what);
}
