import type { TDomainFindingView, TSocialFindingView } from "@brandwarden/contract/browser/findings";
import { DOMAIN_FINDING_FIELDS, SOCIAL_FINDING_FIELDS } from "@brandwarden/contract/finding-fields";
import type { TStoredDomainFinding, TStoredSocialFinding } from "@brandwarden/contract/findings";
import { aiDemotionOf } from "./ai-demotion.ts";
import type { DomainFindingRow, SocialFindingRow } from "../../db/rows.ts";

/** The row's value of each field, in the contract's order, dates as ISO text. */
function fieldsOf(row: object, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const value = (row as Record<string, unknown>)[field];
    out[field] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

/**
 * A stored domain finding as the contract names it (`DOMAIN_FINDING_FIELDS`, the CSV's columns);
 * `screenshot_data` is filled by the caller.
 */
export function presentDomainFinding(
  r: DomainFindingRow,
  screenshot_data: string | null = null,
): TStoredDomainFinding {
  return {
    ...fieldsOf(r, DOMAIN_FINDING_FIELDS),
    ai_demotion: aiDemotionOf(r),
    screenshot_data,
  } as TStoredDomainFinding;
}

export function presentSocialFinding(
  r: SocialFindingRow,
  avatar_data: string | null = null,
): TStoredSocialFinding {
  return {
    ...fieldsOf(r, SOCIAL_FINDING_FIELDS),
    ai_demotion: aiDemotionOf(r),
    avatar_data,
  } as TStoredSocialFinding;
}

/**
 * The browser's view of a finding: its media URL, which carries `?user_id=` when an admin acts for
 * the owner, so the admin's browser can load the owner's images; null when there is none.
 */
export function presentDomainFindingView(r: DomainFindingRow, forUser: string): TDomainFindingView {
  return {
    ...presentDomainFinding(r),
    screenshot_url: r.screenshot_key ? `/media/screenshots/${r.id}${forUser}` : null,
  };
}

export function presentSocialFindingView(r: SocialFindingRow, forUser: string): TSocialFindingView {
  return {
    ...presentSocialFinding(r),
    avatar_url: r.avatar_key ? `/media/avatars/${r.id}${forUser}` : null,
  };
}
