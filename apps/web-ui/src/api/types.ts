import type { TLabel, TSeverity } from "@brandwarden/contract/common";
import type { TChangeKind, TObservation, TTrackedLookalike } from "@brandwarden/contract/monitoring";
import type { TAlert } from "@brandwarden/contract/alerts";
import type { TTakedownDraft } from "@brandwarden/contract/worker-api";
import type { TAccount, TAccountUpdate, TKeywordExpansion } from "@brandwarden/contract/browser/account";
import type {
  TAdminSettings,
  TAdminSettingsPut,
  TAdminUser,
  TWeightsOverview,
} from "@brandwarden/contract/browser/admin";
import type { TAlertsPage } from "@brandwarden/contract/browser/alerts";
import type { TCampaignView } from "@brandwarden/contract/browser/campaigns";
import type { TNarrativesView } from "@brandwarden/contract/browser/reports";
import type {
  TDomainFindingsPage,
  TDomainFindingView,
  TFindingCounts,
  TSocialFindingsPage,
  TSocialFindingView,
} from "@brandwarden/contract/browser/findings";
import type {
  TChangesView,
  TFindingDetail,
  TLookalikeDetail,
  TLookalikesPage,
} from "@brandwarden/contract/browser/monitoring";
import type { TLogLine, TScan, TScanStatusView } from "@brandwarden/contract/browser/scans";
import type { TSessionInfo, TSessionUser } from "@brandwarden/contract/browser/session";
import type { TLabelResult, TLearnerStatus, TTriageItem } from "@brandwarden/contract/browser/triage";

/**
 * Wire shapes of the web application's browser routes (DESIGN.md "Browser-facing JSON routes"):
 * the contract's schemas (`@brandwarden/contract/browser/*`) under the names the pages use. The
 * findings filters below are the pages' own state (`""`: any), sent as the findings query.
 */

export type SessionUser = TSessionUser;

export type SessionInfo = TSessionInfo;

export type Account = TAccount;

export type KeywordExpansion = TKeywordExpansion;

export type AccountUpdate = TAccountUpdate;

export type Scan = TScan;

export type LogLine = TLogLine;

export type DashboardStatus = TScanStatusView;

export type DomainFinding = TDomainFindingView;
export type SocialFinding = TSocialFindingView;

/** One page of a findings table: `GET /dashboard/findings` or `GET /dashboard/social_findings`. */
export type Page<T extends DomainFinding | SocialFinding> = T extends DomainFinding
  ? TDomainFindingsPage
  : TSocialFindingsPage;

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

export type Campaign = TCampaignView;

export type Narratives = TNarrativesView;
export type TakedownDraft = TTakedownDraft;

export type TriageItem = TTriageItem;

export type AdminUser = TAdminUser;

export type AdminSettings = TAdminSettings;

export type LearnerStatus = TLearnerStatus;

export type LabelResult = TLabelResult;

export type WeightsOverview = TWeightsOverview;

export type AdminSettingsUpdate = TAdminSettingsPut;

/** `GET /dashboard/counts`: every count the dashboard shows, in one request. */
export type FindingCounts = TFindingCounts;

// ---- Monitoring and alerts (issue 21) ----

export type Alert = TAlert;
export type TrackedLookalike = TTrackedLookalike;
export type Observation = TObservation;

export type AlertsPage = TAlertsPage;

export type LookalikesPage = TLookalikesPage;

export type LookalikeDetail = TLookalikeDetail;

export type FindingDetail = TFindingDetail;

export type ChangesView = TChangesView;
