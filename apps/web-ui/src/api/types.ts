import type { TLabel, TSeverity } from "@brandwarden/contract/common";
import type { TSocialPlatform } from "@brandwarden/contract/brand";
import type { TStoredDomainFinding, TStoredSocialFinding } from "@brandwarden/contract/findings";
import type { TScanStatus, TStageStates } from "@brandwarden/contract/scan";
import type { TAiProviderSetting, TAuditConfig } from "@brandwarden/contract/settings";
import type { TCampaignNarrativesResponse, TTakedownDraft } from "@brandwarden/contract/worker-api";

/** Wire shapes of the web application's browser routes (DESIGN.md "Browser-facing JSON routes"). */

export interface SessionUser {
  id: string;
  email: string;
  admin: boolean;
  brand_name: string | null;
}

export interface SessionInfo {
  user: SessionUser | null;
  csrf_token: string;
}

export type EnrichmentStatus = "pending" | "running" | "completed" | "failed" | string;

export interface OwnedDomainState {
  id: string;
  domain: string;
  generation: number;
  enrichment_status: EnrichmentStatus;
  enrichment_error: string | null;
  title: string | null;
}

export interface SocialHandleState {
  id: string;
  platform: TSocialPlatform;
  handle: string;
  generation: number;
  enrichment_status: EnrichmentStatus;
  enrichment_error: string | null;
}

export interface Account {
  id: string;
  email: string;
  admin: boolean;
  brand_name: string | null;
  brand_names: string[];
  keywords: string[];
  webhook_url: string | null;
  webhook_secret: string | null;
  has_logo: boolean;
  owned_domains: OwnedDomainState[];
  social_handles: SocialHandleState[];
}

export interface AccountUpdate {
  brand_name: string;
  brand_names: string[];
  keywords: string[];
  owned_domains: string[];
  social_handles: Array<{ platform: TSocialPlatform; handle: string }>;
  webhook_url: string | null;
}

export interface Scan {
  scan_id: string;
  user_id: string;
  status: TScanStatus;
  stage_states: TStageStates;
  resume_from_stage: string | null;
  error: string | null;
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
}

export interface LogLine {
  level: "debug" | "info" | "warn" | "error";
  message: string;
  stage: string | null | undefined;
  ts: string;
}

export interface ReportState {
  status: "pending" | "running" | "ready" | "failed" | string;
  error: string | null;
}

export interface DashboardStatus {
  scan: Scan | null;
  report: ReportState | null;
  log: LogLine[];
}

export type DomainFinding = TStoredDomainFinding & { screenshot_url?: string | null };
export type SocialFinding = TStoredSocialFinding & { avatar_url?: string | null };

export interface Page<T> {
  scan_id?: string;
  findings: T[];
  page: number;
  per_page: number;
  total: number;
}

export interface FindingsFilters {
  severity?: TSeverity | "";
  label?: TLabel | "unlabeled" | "";
  fuzzer?: string;
  campaign?: string;
  q?: string;
}

export interface FindingsQuery extends FindingsFilters {
  scan_id?: string;
  sort: string;
  dir: "asc" | "desc";
  page: number;
}

export interface Campaign {
  campaign_id: string;
  size: number;
  domains: string[];
  keys: string[];
  max_score: number;
  earliest_registration: string | null;
  latest_registration: string | null;
}

export type Narratives = TCampaignNarrativesResponse;
export type TakedownDraft = TTakedownDraft;

export type TriageItem =
  | { kind: "domain"; score: number; finding: DomainFinding }
  | { kind: "social"; score: number; finding: SocialFinding };

export interface AdminUser {
  id: string;
  email: string;
  admin: boolean;
  brand_name: string | null;
  created_at: string;
}

export interface AdminSettings {
  ai_provider: {
    enabled: TAiProviderSetting["enabled"];
    config: {
      provider?: string;
      base_url?: string;
      model?: string;
      timeout_ms?: number;
      max_tokens_per_scan?: number;
    };
    api_key_set: boolean;
  };
  audit_config: TAuditConfig;
}

export interface AdminSettingsUpdate {
  ai_provider?: { enabled?: boolean | null; config?: Partial<TAiProviderSetting["config"]> };
  audit_config?: Partial<TAuditConfig>;
}
