import { humanDuration } from "@brandwarden/contract/detection-words";
import { SENDABLE_STATES, TAKEDOWN_STATES, type TTakedownState } from "@brandwarden/contract/takedown-words";
import type { TCaseRecipient, TTakedownCase } from "@brandwarden/contract/browser/takedown-cases";

/** What the case is about: the lookalike domain, or the platform and handle of a social case. */
export const caseName = (c: Pick<TTakedownCase, "domain" | "platform" | "handle">): string =>
  c.domain ?? `${c.platform ?? "social"} @${c.handle ?? "?"}`;

/** The finding's page (where "Open takedown" was pressed). */
export const findingLink = (c: Pick<TTakedownCase, "finding_id" | "kind">): string =>
  `/findings/${c.finding_id}${c.kind === "social" ? "?kind=social" : ""}`;

/** The recipients' organisations, once each, in their order. */
export const organisations = (recipients: Pick<TCaseRecipient, "organisation">[]): string =>
  [...new Set(recipients.map((r) => r.organisation))].join(", ") || "—";

/** How long ago the case was opened (`3 h`, `2 d 5 h`). */
export const ageOf = (openedAt: string, now = Date.now()): string =>
  humanDuration(now - Date.parse(openedAt));

/** Seconds from the first report to down, in words; a dash until it is down. */
export const timeToDownWords = (seconds: number | null): string =>
  seconds === null ? "—" : humanDuration(seconds * 1000);

/** `0.667` -> `67 %`; a dash while nothing was sent. */
export const shareWords = (share: number | null): string =>
  share === null ? "—" : `${Math.round(share * 100)} %`;

/** Where the analyst reaches the desk: a mailto link, or the form's page (http(s) only, never `javascript:`). */
export function recipientHref(r: Pick<TCaseRecipient, "channel" | "address">): string | null {
  if (r.channel === "email") return `mailto:${r.address}`;
  return /^https?:\/\//i.test(r.address) ? r.address : null;
}

/** The state filter from the page's URL (`?state=`); anything else is no filter. */
export function stateParam(value: string | null): TTakedownState | undefined {
  return TAKEDOWN_STATES.find((s) => s === value);
}

/** The page number from the URL (`?page=`), 1 when absent or not a page. */
export function pageParam(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** Recipients can be edited, and the report sent, while the case is `open` or `reemerged`. */
export const isSendable = (state: TTakedownState): boolean => SENDABLE_STATES.includes(state);

/** A case is ended once the site is down or the analyst withdrew it. */
export const isEnded = (state: TTakedownState): boolean => state === "down" || state === "withdrawn";

/** Whether the page should ask again: evidence still being captured, or reports still going out. */
export const isSettling = (c: TTakedownCase): boolean =>
  c.evidence.status === "capturing" || c.recipients.some((r) => r.state === "sending");

/** A byte count as people read it: `812 B`, `14.2 KB`, `3.1 MB`. */
export function bytesWords(n: number): string {
  if (n < 1000) return `${n} B`;
  if (n < 1_000_000) return `${(n / 1000).toFixed(1)} KB`;
  return `${(n / 1_000_000).toFixed(1)} MB`;
}
