import type {
  alerts,
  campaignNarratives,
  domainFindings,
  keywordExpansionProblems,
  lookalikeObservations,
  ownedDomains,
  reports,
  scanLogs,
  scans,
  scoringWeights,
  socialFindings,
  socialHandles,
  takedownCases,
  takedownEscalations,
  takedownRecipients,
  takedownTimeline,
  trackedLookalikes,
  users,
  watchPins,
  watchRounds,
} from "./schema.ts";

// One row of each table as its repository returns it: what services, presenters and other modules
// name when they pass rows around (only repositories query the tables).

export type UserRow = typeof users.$inferSelect;
export type OwnedDomainRow = typeof ownedDomains.$inferSelect;
export type SocialHandleRow = typeof socialHandles.$inferSelect;
export type KeywordExpansionProblemRow = typeof keywordExpansionProblems.$inferSelect;
export type ScanRow = typeof scans.$inferSelect;
export type ScanLogRow = typeof scanLogs.$inferSelect;
export type ReportRow = typeof reports.$inferSelect;
export type DomainFindingRow = typeof domainFindings.$inferSelect;
export type SocialFindingRow = typeof socialFindings.$inferSelect;
export type NarrativeRow = typeof campaignNarratives.$inferSelect;
export type WeightRow = typeof scoringWeights.$inferSelect;
export type AlertRow = typeof alerts.$inferSelect;
export type TrackedRow = typeof trackedLookalikes.$inferSelect;
export type ObservationRow = typeof lookalikeObservations.$inferSelect;
export type PinRow = typeof watchPins.$inferSelect;
export type WatchRoundRow = typeof watchRounds.$inferSelect;
export type TakedownCaseRow = typeof takedownCases.$inferSelect;
export type TakedownRecipientRow = typeof takedownRecipients.$inferSelect;
export type TakedownTimelineRow = typeof takedownTimeline.$inferSelect;
export type TakedownEscalationRow = typeof takedownEscalations.$inferSelect;
