import type { TFindingKind, TLabel } from "@brandwarden/contract/common";
import { actingFor } from "./acting-for.ts";
import { request, withQuery } from "./client.ts";
import type {
  Account,
  AccountUpdate,
  AdminSettings,
  AdminSettingsUpdate,
  AdminUser,
  Campaign,
  DashboardStatus,
  LabelResult,
  LearnerStatus,
  DomainFinding,
  FindingCounts,
  FindingsQuery,
  Narratives,
  Page,
  Scan,
  SessionInfo,
  SessionUser,
  SocialFinding,
  TakedownDraft,
  TriageItem,
  WeightsOverview,
  Alert,
  AlertsPage,
  ChangesView,
  FindingDetail,
  LookalikeDetail,
  LookalikesPage,
  TrackedLookalike,
} from "./types.ts";

/**
 * One function per browser route of the web application. `userId` (admins only) acts for another
 * user explicitly, as does the dashboard opened for a user from the admin area (`actingFor()`);
 * the server records such access.
 */
const forUser = (path: string, userId?: string) => withQuery(path, { user_id: userId ?? actingFor() });

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
  changePassword: (current_password: string, password: string) =>
    request<void>("PUT", "/account/password", { current_password, password }),
};

export const accountApi = {
  get: (userId?: string) => request<Account>("GET", forUser("/account", userId)),
  save: (body: AccountUpdate, userId?: string) => request<Account>("PUT", forUser("/account", userId), body),
  reenrichDomain: (id: string, userId?: string) =>
    request<unknown>("POST", forUser(`/account/domains/${id}/reenrich`, userId)),
  uploadLogo: (file: File, userId?: string) => {
    const form = new FormData();
    form.append("logo", file);
    return request<{ logo_url: string; content_type: string }>(
      "POST",
      forUser("/account/logo", userId),
      form,
    );
  },
};

export const dashboardApi = {
  start: (userId = actingFor()) =>
    request<{ scan_id: string; scan: Scan }>("POST", "/dashboard/scans", userId ? { user_id: userId } : {}),
  stop: (id: string, userId?: string) =>
    request<{ scan: Scan }>("POST", forUser(`/dashboard/scans/${id}/stop`, userId), {}),
  resume: (id: string, userId?: string) =>
    request<{ scan: Scan }>("POST", forUser(`/dashboard/scans/${id}/resume`, userId), {}),
  scans: (userId?: string) => request<{ scans: Scan[] }>("GET", forUser("/dashboard/scans", userId)),
  status: (scanId?: string, signal?: AbortSignal) =>
    request<DashboardStatus>("GET", "/dashboard/status", undefined, {
      query: { scan_id: scanId, user_id: actingFor() },
      signal,
    }),
  counts: (scanId: string, signal?: AbortSignal) =>
    request<FindingCounts>("GET", "/dashboard/counts", undefined, {
      query: { scan_id: scanId, user_id: actingFor() },
      signal,
    }),
  findings: (q: FindingsQuery, signal?: AbortSignal) =>
    request<Page<DomainFinding>>("GET", "/dashboard/findings", undefined, {
      query: { ...q, user_id: actingFor() },
      signal,
    }),
  socialFindings: (scanId: string | undefined, page: number, signal?: AbortSignal) =>
    request<Page<SocialFinding>>("GET", "/dashboard/social_findings", undefined, {
      query: { scan_id: scanId, page, user_id: actingFor() },
      signal,
    }),
  campaigns: (scanId?: string) =>
    request<{ campaigns: Campaign[] }>("GET", "/dashboard/campaigns", undefined, {
      query: { scan_id: scanId, user_id: actingFor() },
    }),
  narratives: (scanId: string) =>
    request<Narratives>("GET", forUser(`/dashboard/scans/${scanId}/narratives`)),
  exportUrl: (format: "csv" | "json", q: Omit<FindingsQuery, "page">) =>
    withQuery("/dashboard/findings/export", { ...q, format, user_id: actingFor() }),
};

export const reportUrl = (scanId: string, variant?: "summary") =>
  withQuery(`/reports/${scanId}`, { variant, user_id: actingFor() });

export const scanEventsUrl = (scanId: string) => forUser(`/scans/${scanId}/events`);

export const triageApi = {
  queue: (scanId?: string) =>
    request<{ items: TriageItem[]; learner: LearnerStatus }>("GET", "/triage/queue", undefined, {
      query: { scan_id: scanId, user_id: actingFor() },
    }),
  label: (kind: TFindingKind, finding_id: string, label: TLabel, reason?: string) =>
    request<LabelResult>("POST", forUser("/triage/feedback"), {
      kind,
      finding_id,
      label,
      reason: reason || null,
    }),
  bulk: (kind: TFindingKind, finding_ids: string[], label: TLabel, reason?: string) =>
    request<LabelResult>("POST", forUser("/triage/bulk_feedback"), {
      kind,
      finding_ids,
      label,
      reason: reason || null,
    }),
};

export const takedownApi = {
  generate: (finding_id: string) => request<TakedownDraft>("POST", forUser("/takedowns"), { finding_id }),
  /** The analyst sent the draft: the watch follows the site until it is down. */
  markSent: (finding_id: string, note?: string) =>
    request<{ lookalike: TrackedLookalike }>("POST", forUser("/takedowns/sent"), {
      finding_id,
      ...(note ? { note } : {}),
    }),
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
  user: (id: string) => request<{ user: AdminUser }>("GET", `/admin/users/${id}`),
  weights: () => request<WeightsOverview>("GET", "/admin/weights"),
  saveWeights: (weights: Record<string, number>) =>
    request<WeightsOverview["current"]>("PUT", "/admin/weights", { weights }),
};

/** Monitoring (issue 21): what changed since the last scan, tracked lookalikes and their timelines. */
export const monitoringApi = {
  changes: (scanId: string, signal?: AbortSignal) =>
    request<ChangesView>("GET", "/dashboard/changes", undefined, {
      query: { scan_id: scanId, user_id: actingFor() },
      signal,
    }),
  lookalikes: (q: { page: number; state?: string; q?: string }) =>
    request<LookalikesPage>("GET", "/lookalikes", undefined, { query: { ...q, user_id: actingFor() } }),
  lookalike: (id: string) => request<LookalikeDetail>("GET", forUser(`/lookalikes/${id}`)),
  finding: (id: string, kind: "domain" | "social" = "domain") =>
    request<FindingDetail>("GET", `/findings/${id}`, undefined, {
      query: { kind: kind === "social" ? "social" : undefined, user_id: actingFor() },
    }),
  confirm: (id: string) =>
    request<{ lookalike: TrackedLookalike }>("POST", forUser(`/lookalikes/${id}/confirm`), {}),
};

/** The alert feed. */
export const alertsApi = {
  list: (q: { page: number; unread?: boolean }) =>
    request<AlertsPage>("GET", "/alerts", undefined, {
      query: { page: q.page, unread: q.unread ? "true" : undefined, user_id: actingFor() },
    }),
  read: (id: string) => request<{ alert: Alert }>("POST", forUser(`/alerts/${id}/read`), {}),
  readAll: () => request<{ marked: number }>("POST", forUser("/alerts/read_all"), {}),
};
