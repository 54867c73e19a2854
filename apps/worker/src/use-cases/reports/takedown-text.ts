/**
 * The words the reports use for takedown cases: what was reported, where it stands, and how long
 * the desks took. Deterministic; shared by the full report's section and the summary's.
 */
import { humanDuration } from "@brandwarden/contract/detection-words";
import { TAKEDOWN_STATE_WORDS } from "@brandwarden/contract/takedown-words";
import type { TReportTakedownCase } from "@brandwarden/contract/takedown-worker";
import { isOpenCase } from "./report-model.ts";
import { isoDay, listWords } from "./report-text.ts";

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** How long a desk took, in the words the UI uses (`5 h`, `2 d 3 h`). */
const durationWords = (seconds: number) => humanDuration(seconds * 1000);

/** What was reported: the lookalike domain, or the platform and handle of a social case. */
export const caseName = (c: TReportTakedownCase): string =>
  c.domain ?? `${c.platform ?? "social"} @${c.handle ?? "unknown"}`;

export const stateWord = (c: TReportTakedownCase): string => TAKEDOWN_STATE_WORDS[c.state];

/** The median of the cases' times to down (null with none down). */
export function medianTimeToDown(cases: TReportTakedownCase[]): number | null {
  const times = cases
    .map((c) => c.time_to_down_s)
    .filter((t): t is number => t !== null)
    .sort((a, b) => a - b);
  if (!times.length) return null;
  const mid = times.length >> 1;
  return times.length % 2 ? times[mid]! : (times[mid - 1]! + times[mid]!) / 2;
}

/** `5 cases: 2 open, 1 sent, 2 down. Median time to down 5 h 12 min over 2 cases.` */
export function takedownTally(cases: TReportTakedownCase[]): string {
  const perState = new Map<string, number>();
  for (const c of cases) perState.set(stateWord(c), (perState.get(stateWord(c)) ?? 0) + 1);
  const states = [...perState].map(([word, n]) => `${n} ${word.toLowerCase()}`);
  const median = medianTimeToDown(cases);
  const down = cases.filter((c) => c.time_to_down_s !== null).length;
  return (
    `${plural(cases.length, "case")}: ${listWords(states)}.` +
    (median === null
      ? " No reported site has gone down yet."
      : ` Median time to down ${durationWords(median)} over ${plural(down, "case")}.`)
  );
}

/** The case's dates and escalations on one line. */
export function caseProgress(c: TReportTakedownCase): string {
  const parts = [`opened ${isoDay(c.opened_at)}`];
  parts.push(c.first_sent_at ? `first sent ${isoDay(c.first_sent_at)}` : "not sent yet");
  if (c.down_at)
    parts.push(
      `down ${isoDay(c.down_at)}` +
        (c.time_to_down_s !== null ? ` (${durationWords(c.time_to_down_s)} after sending)` : ""),
    );
  if (c.escalations) parts.push(plural(c.escalations, "escalation"));
  return parts.join(" · ");
}

/** For the summary: an open case's state, when it was first sent, and to whom, on one line. */
export function openCaseLine(c: TReportTakedownCase): string {
  const orgs = [...new Set(c.recipients.map((r) => r.organisation))];
  const parts = [`${caseName(c)}: ${stateWord(c).toLowerCase()}`];
  if (c.first_sent_at) parts.push(`first sent ${isoDay(c.first_sent_at)}`);
  if (c.escalations) parts.push(plural(c.escalations, "escalation"));
  if (orgs.length) parts.push(`to ${listWords(orgs)}`);
  return parts.join(" · ");
}

export const openCases = (cases: TReportTakedownCase[]) => cases.filter(isOpenCase);
