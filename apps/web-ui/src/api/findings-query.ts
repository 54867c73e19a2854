import type { TLabel, TSeverity } from "@brandwarden/contract/common";
import type { TChangeKind } from "@brandwarden/contract/monitoring";

/**
 * The findings table's filters and the query it sends (`GET /dashboard/findings`, its export): the
 * page's own state, not a wire type (`""`: any). The responses are the contract's types
 * (`@brandwarden/contract/browser/*`), imported under their own names where they are used.
 */

export interface FindingsFilters {
  severity?: TSeverity | "";
  label?: TLabel | "unlabeled" | "";
  fuzzer?: string;
  campaign?: string;
  q?: string;
  /** How the finding moved since the previous scan; `moved`: all but unchanged. */
  change?: TChangeKind | "moved" | "";
}

export interface FindingsQuery extends FindingsFilters {
  scan_id?: string;
  sort: string;
  dir: "asc" | "desc";
  page: number;
}
