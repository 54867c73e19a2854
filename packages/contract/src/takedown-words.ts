/**
 * The words of takedown cases (issue 29), zod-free so the UI bundle can import them: states,
 * recipient roles, sources and channels, and how a site was seen to go down.
 */

/** `open` → `sent` → (`escalated`)* → `down` | `withdrawn`; a down site that comes back is `reemerged`. */
export const TAKEDOWN_STATES = ["open", "sent", "escalated", "down", "withdrawn", "reemerged"] as const;
export type TTakedownState = (typeof TAKEDOWN_STATES)[number];

/** States in which the site is still being chased (checked, escalated). */
export const CHASED_STATES: readonly TTakedownState[] = ["sent", "escalated"];
/** States from which the report may be sent (again). */
export const SENDABLE_STATES: readonly TTakedownState[] = ["open", "reemerged"];

/** Who a report goes to. `platform`: a social platform's report desk (social cases). */
export const RECIPIENT_ROLES = ["registrar", "hosting", "cdn", "registry", "platform"] as const;
export type TRecipientRole = (typeof RECIPIENT_ROLES)[number];

/** Where a recipient came from; `analyst` for one added or edited by hand. */
export const RECIPIENT_SOURCES = ["rdap", "whois", "security.txt", "known-provider", "analyst"] as const;
export type TRecipientSource = (typeof RECIPIENT_SOURCES)[number];

/** `email`: sent by the product; `form`: a web form the analyst fills in (address is its URL). */
export const RECIPIENT_CHANNELS = ["email", "form"] as const;
export type TRecipientChannel = (typeof RECIPIENT_CHANNELS)[number];

/** One recipient's message: `ready` to send, then `sending`, `sent` or `failed`; `manual` when sent by hand. */
export const RECIPIENT_STATES = ["ready", "sending", "sent", "failed", "manual"] as const;
export type TRecipientState = (typeof RECIPIENT_STATES)[number];

/** How a check saw the site go down. */
export const DOWN_HOWS = [
  "nxdomain",
  "registry_hold",
  "http_gone",
  "suspension_page",
  "unreachable",
  "profile_gone",
] as const;
export type TDownHow = (typeof DOWN_HOWS)[number];

export const DOWN_HOW_WORDS: Record<TDownHow, string> = {
  nxdomain: "the name no longer resolves (NXDOMAIN)",
  registry_hold: "the registry put the domain on hold",
  http_gone: "the site answers 404, 410 or 451",
  suspension_page: "a suspension or parking page replaced the phishing page",
  unreachable: "the site no longer answers",
  profile_gone: "the platform removed or suspended the profile",
};

export const TAKEDOWN_STATE_WORDS: Record<TTakedownState, string> = {
  open: "Open",
  sent: "Sent",
  escalated: "Escalated",
  down: "Down",
  withdrawn: "Withdrawn",
  reemerged: "Re-emerged",
};

/** Path of a case's page in the UI (and in the e-mails the product sends). */
export const takedownCaseLink = (caseId: string) => `/takedowns/${caseId}`;
