import type { TFindingKind, TLabel } from "@brandwarden/contract/common";
import { request, withQuery } from "./client.ts";
import type {
  Account,
  AccountUpdate,
  AdminSettings,
  AdminSettingsUpdate,
  AdminUser,
  Campaign,
  DashboardStatus,
  DomainFinding,
  FindingsFilters,
  FindingsQuery,
  Narratives,
  Page,
  Scan,
  SessionInfo,
  SessionUser,
  SocialFinding,
  TakedownDraft,
  TriageItem,
} from "./types.ts";

/** One function per browser route of the web application. */

export const sessionApi = {
  get: () => request<SessionInfo>("GET", "/session"),
  login: (email: string, password: string) =>
    request<{ user: SessionUser }>("POST", "/session", { email, password }),
  logout: () => request<void>("DELETE", "/session"),
  register: (email: string, password: string) =>
    request<{ user: SessionUser }>("POST", "/registration", { email, password }),
  requestReset: (email: string) => request<{ message: string }>("POST", "/passwords", { email }),
  completeReset: (token: string, password: string) =>
    request<void>("PUT", `/passwords/${encodeURIComponent(token)}`, { password }),
};

export const accountApi = {
  get: () => request<Account>("GET", "/account"),
  save: (body: AccountUpdate) => request<Account>("PUT", "/account", body),
  reenrichDomain: (id: string) => request<unknown>("POST", `/account/domains/${id}/reenrich`),
  uploadLogo: (file: File) => {
    const form = new FormData();
    form.append("logo", file);
    return request<{ logo_url: string; content_type: string }>("POST", "/account/logo", form);
  },
};

export const dashboardApi = {
  start: () => request<{ scan_id: string; scan: Scan }>("POST", "/dashboard/scans", {}),
  stop: (id: string) => request<{ scan: Scan }>("POST", `/dashboard/scans/${id}/stop`, {}),
  resume: (id: string) => request<{ scan: Scan }>("POST", `/dashboard/scans/${id}/resume`, {}),
  scans: () => request<{ scans: Scan[] }>("GET", "/dashboard/scans"),
  status: (scanId?: string, signal?: AbortSignal) =>
    request<DashboardStatus>("GET", "/dashboard/status", undefined, { query: { scan_id: scanId }, signal }),
  findings: (q: FindingsQuery, signal?: AbortSignal) =>
    request<Page<DomainFinding>>("GET", "/dashboard/findings", undefined, { query: { ...q }, signal }),
  socialFindings: (scanId: string | undefined, page: number, signal?: AbortSignal) =>
    request<Page<SocialFinding>>("GET", "/dashboard/social_findings", undefined, {
      query: { scan_id: scanId, page },
      signal,
    }),
  campaigns: (scanId?: string) =>
    request<{ campaigns: Campaign[] }>("GET", "/dashboard/campaigns", undefined, {
      query: { scan_id: scanId },
    }),
  narratives: (scanId: string) => request<Narratives>("GET", `/dashboard/scans/${scanId}/narratives`),
  exportUrl: (format: "csv" | "json", q: Omit<FindingsQuery, "page">) =>
    withQuery("/dashboard/findings/export", { ...q, format }),
};

export const reportUrl = (scanId: string, variant?: "summary") =>
  withQuery(`/reports/${scanId}`, { variant });

export const scanEventsUrl = (scanId: string) => `/scans/${scanId}/events`;

export const triageApi = {
  queue: (scanId?: string) =>
    request<{ items: TriageItem[] }>("GET", "/triage/queue", undefined, { query: { scan_id: scanId } }),
  label: (kind: TFindingKind, finding_id: string, label: TLabel, reason?: string) =>
    request<{ labeled: number; label: TLabel }>("POST", "/triage/feedback", {
      kind,
      finding_id,
      label,
      reason: reason || null,
    }),
  bulk: (kind: TFindingKind, finding_ids: string[], label: TLabel, reason?: string) =>
    request<{ labeled: number; label: TLabel }>("POST", "/triage/bulk_feedback", {
      kind,
      finding_ids,
      label,
      reason: reason || null,
    }),
};

export const takedownApi = {
  generate: (finding_id: string) => request<TakedownDraft>("POST", "/takedowns", { finding_id }),
};

export const adminApi = {
  users: () => request<{ users: AdminUser[] }>("GET", "/admin/users"),
  createUser: (body: { email: string; password: string; admin: boolean }) =>
    request<{ user: AdminUser }>("POST", "/admin/users", body),
  updateUser: (id: string, body: { email?: string; admin?: boolean }) =>
    request<{ user: AdminUser }>("PATCH", `/admin/users/${id}`, body),
  deleteUser: (id: string) => request<void>("DELETE", `/admin/users/${id}`),
  settings: () => request<AdminSettings>("GET", "/admin/settings"),
  saveSettings: (body: AdminSettingsUpdate) => request<AdminSettings>("PUT", "/admin/settings", body),
};

export type { FindingsFilters };
