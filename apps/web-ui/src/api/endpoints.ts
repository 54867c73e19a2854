import type { TFindingKind, TLabel } from "@brandwarden/contract/common";
import { actingFor } from "./acting-for.ts";
import { request, withQuery } from "./client.ts";
import type { TAlert } from "@brandwarden/contract/alerts";
import type { TAccount, TAccountUpdate } from "@brandwarden/contract/browser/account";
import type { TApiTokenList, TCreatedApiToken } from "@brandwarden/contract/browser/api-tokens";
import type {
  TAdminSettings,
  TAdminSettingsPut,
  TAdminUser,
  TWeightsOverview,
} from "@brandwarden/contract/browser/admin";
import type { TAlertsPage } from "@brandwarden/contract/browser/alerts";
import type { TCampaignView } from "@brandwarden/contract/browser/campaigns";
import type {
  TDomainFindingsPage,
  TFindingCounts,
  TSocialFindingsPage,
} from "@brandwarden/contract/browser/findings";
import type {
  TChangesView,
  TFindingDetail,
  TLookalikeDetail,
  TLookalikesPage,
  TTimeToDetectView,
  TWatchView,
} from "@brandwarden/contract/browser/monitoring";
import type { TNarrativesView } from "@brandwarden/contract/browser/reports";
import type { TScan, TScanStatusView } from "@brandwarden/contract/browser/scans";
import type { TSessionInfo, TSessionUser } from "@brandwarden/contract/browser/session";
import type { TLabelResult, TTriageItem, TTriageLearnerStatus } from "@brandwarden/contract/browser/triage";
import type {
  TEditRecipients,
  TOpenTakedownCase,
  TTakedownCase,
  TTakedownCaseList,
  TTakedownStats,
} from "@brandwarden/contract/browser/takedown-cases";
import type { TTakedownState } from "@brandwarden/contract/takedown-words";
import type { TTrackedLookalike } from "@brandwarden/contract/monitoring";
import { FINDINGS_EXPORTS } from "@brandwarden/contract/intel-words";
import type { FindingsQuery } from "./findings-query.ts";

/**
 * One function per browser route of the web application. `userId` (admins only) acts for another
 * user explicitly, as does the dashboard opened for a user from the admin area (`actingFor()`);
 * the server records such access.
 */
const forUser = (path: string, userId?: string) => withQuery(path, { user_id: userId ?? actingFor() });

export const sessionApi = {
  get: () => request<TSessionInfo>("GET", "/session"),
  login: (email: string, password: string) =>
    request<{ user: TSessionUser }>("POST", "/session", { email, password }),
  logout: () => request<void>("DELETE", "/session"),
  register: (email: string, password: string) =>
    request<{ user: TSessionUser }>("POST", "/registration", { email, password }),
  requestReset: (email: string) => request<{ message: string }>("POST", "/passwords", { email }),
  completeReset: (token: string, password: string) =>
    request<void>("PUT", `/passwords/${encodeURIComponent(token)}`, { password }),
  changePassword: (current_password: string, password: string) =>
    request<void>("PUT", "/account/password", { current_password, password }),
};

export const accountApi = {
  get: (userId?: string) => request<TAccount>("GET", forUser("/account", userId)),
  save: (body: TAccountUpdate, userId?: string) =>
    request<TAccount>("PUT", forUser("/account", userId), body),
  reenrichDomain: (id: string, userId?: string) =>
    request<unknown>("POST", forUser(`/account/domains/${id}/reenrich`, userId)),
  /** Revokes every snapshot link the user's webhooks carried so far (own account only). */
  revokeSnapshotLinks: () => request<void>("DELETE", "/account/snapshot-links"),
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

/** Personal API tokens: managed from the user's own signed-in session only (no acting for others). */
export const apiTokensApi = {
  list: () => request<TApiTokenList>("GET", "/account/api-tokens"),
  create: (name: string) => request<TCreatedApiToken>("POST", "/account/api-tokens", { name }),
  revoke: (id: string) => request<void>("DELETE", `/account/api-tokens/${id}`),
};

export type TableFormat = (typeof FINDINGS_EXPORTS.domain.formats)[number];

/** The downloads of the dashboard's export menu, for the scan shown (and the user acted for). */
export const exportUrls = {
  /** Domain findings, as the table's filters and sort keep them. */
  domain: (format: TableFormat, q: Omit<FindingsQuery, "page">) =>
    withQuery(FINDINGS_EXPORTS.domain.path, { ...q, format, user_id: actingFor() }),
  social: (format: TableFormat, scanId: string) =>
    withQuery(FINDINGS_EXPORTS.social.path, { scan_id: scanId, format, user_id: actingFor() }),
  stix: (scanId: string) => withQuery(FINDINGS_EXPORTS.stix.path, { scan_id: scanId, user_id: actingFor() }),
  misp: (scanId: string) => withQuery(FINDINGS_EXPORTS.misp.path, { scan_id: scanId, user_id: actingFor() }),
};

export const dashboardApi = {
  start: (userId = actingFor()) =>
    request<{ scan_id: string; scan: TScan }>("POST", "/dashboard/scans", userId ? { user_id: userId } : {}),
  stop: (id: string, userId?: string) =>
    request<{ scan: TScan }>("POST", forUser(`/dashboard/scans/${id}/stop`, userId), {}),
  resume: (id: string, userId?: string) =>
    request<{ scan: TScan }>("POST", forUser(`/dashboard/scans/${id}/resume`, userId), {}),
  scans: (userId?: string) => request<{ scans: TScan[] }>("GET", forUser("/dashboard/scans", userId)),
  status: (scanId?: string, signal?: AbortSignal) =>
    request<TScanStatusView>("GET", "/dashboard/status", undefined, {
      query: { scan_id: scanId, user_id: actingFor() },
      signal,
    }),
  counts: (scanId: string, signal?: AbortSignal) =>
    request<TFindingCounts>("GET", "/dashboard/counts", undefined, {
      query: { scan_id: scanId, user_id: actingFor() },
      signal,
    }),
  findings: (q: FindingsQuery, signal?: AbortSignal) =>
    request<TDomainFindingsPage>("GET", "/dashboard/findings", undefined, {
      query: { ...q, user_id: actingFor() },
      signal,
    }),
  socialFindings: (scanId: string | undefined, page: number, signal?: AbortSignal) =>
    request<TSocialFindingsPage>("GET", "/dashboard/social_findings", undefined, {
      query: { scan_id: scanId, page, user_id: actingFor() },
      signal,
    }),
  campaigns: (scanId?: string) =>
    request<{ campaigns: TCampaignView[] }>("GET", "/dashboard/campaigns", undefined, {
      query: { scan_id: scanId, user_id: actingFor() },
    }),
  narratives: (scanId: string) =>
    request<TNarrativesView>("GET", forUser(`/dashboard/scans/${scanId}/narratives`)),
};

export const reportUrl = (scanId: string, variant?: "summary") =>
  withQuery(`/reports/${scanId}`, { variant, user_id: actingFor() });

export const scanEventsUrl = (scanId: string) => forUser(`/scans/${scanId}/events`);

export const triageApi = {
  queue: (scanId?: string) =>
    request<{ items: TTriageItem[]; learner: TTriageLearnerStatus }>("GET", "/triage/queue", undefined, {
      query: { scan_id: scanId, user_id: actingFor() },
    }),
  label: (kind: TFindingKind, finding_id: string, label: TLabel, reason?: string) =>
    request<TLabelResult>("POST", forUser("/triage/feedback"), {
      kind,
      finding_id,
      label,
      reason: reason || null,
    }),
  bulk: (kind: TFindingKind, finding_ids: string[], label: TLabel, reason?: string) =>
    request<TLabelResult>("POST", forUser("/triage/bulk_feedback"), {
      kind,
      finding_ids,
      label,
      reason: reason || null,
    }),
};

/**
 * Takedown cases (issue 29). The writes' answers are not relied on: the case page reads the case
 * again after each, so it shows what the server holds.
 */
export const takedownApi = {
  /** Opens a case for a finding (201), or answers the lookalike's open case (200). */
  open: (body: TOpenTakedownCase) => request<TTakedownCase>("POST", forUser("/takedowns/cases"), body),
  openMany: (finding_ids: string[]) =>
    request<{ cases: TTakedownCase[]; opened: number }>("POST", forUser("/takedowns/cases/bulk"), {
      finding_ids,
    }),
  list: (q: { state?: TTakedownState; page: number }, signal?: AbortSignal) =>
    request<TTakedownCaseList>("GET", "/takedowns/cases", undefined, {
      query: { ...q, user_id: actingFor() },
      signal,
    }),
  get: (id: string, signal?: AbortSignal) =>
    request<TTakedownCase>("GET", forUser(`/takedowns/cases/${id}`), undefined, { signal }),
  /** The evidence pack (WARC), downloaded by the browser. */
  evidenceUrl: (id: string) => forUser(`/takedowns/cases/${id}/evidence`),
  saveRecipients: (id: string, body: TEditRecipients) =>
    request<unknown>("PUT", forUser(`/takedowns/cases/${id}/recipients`), body),
  /** Sends to every e-mail recipient (or those named); `manual`: the analyst reached them by hand. */
  send: (id: string, body: { manual?: boolean; recipient_ids?: string[] } = {}) =>
    request<unknown>("POST", forUser(`/takedowns/cases/${id}/send`), body),
  withdraw: (id: string, reason?: string) =>
    request<unknown>("POST", forUser(`/takedowns/cases/${id}/withdraw`), reason ? { reason } : {}),
  stats: () => request<TTakedownStats>("GET", forUser("/takedowns/stats")),
};

export const adminApi = {
  users: () => request<{ users: TAdminUser[] }>("GET", "/admin/users"),
  createUser: (body: { email: string; password: string; admin: boolean }) =>
    request<{ user: TAdminUser }>("POST", "/admin/users", body),
  updateUser: (id: string, body: { email?: string; admin?: boolean; trusted?: boolean }) =>
    request<{ user: TAdminUser }>("PATCH", `/admin/users/${id}`, body),
  deleteUser: (id: string) => request<void>("DELETE", `/admin/users/${id}`),
  settings: () => request<TAdminSettings>("GET", "/admin/settings"),
  saveSettings: (body: TAdminSettingsPut) => request<TAdminSettings>("PUT", "/admin/settings", body),
  user: (id: string) => request<{ user: TAdminUser }>("GET", `/admin/users/${id}`),
  weights: () => request<TWeightsOverview>("GET", "/admin/weights"),
  saveWeights: (weights: Record<string, number>) =>
    request<TWeightsOverview["current"]>("PUT", "/admin/weights", { weights }),
};

/** Monitoring (issue 21): what changed since the last scan, tracked lookalikes and their timelines. */
export const monitoringApi = {
  changes: (scanId: string, signal?: AbortSignal) =>
    request<TChangesView>("GET", "/dashboard/changes", undefined, {
      query: { scan_id: scanId, user_id: actingFor() },
      signal,
    }),
  lookalikes: (q: { page: number; state?: string; q?: string }) =>
    request<TLookalikesPage>("GET", "/lookalikes", undefined, { query: { ...q, user_id: actingFor() } }),
  lookalike: (id: string) => request<TLookalikeDetail>("GET", forUser(`/lookalikes/${id}`)),
  timeToDetect: () => request<TTimeToDetectView>("GET", forUser("/monitoring/time_to_detect")),
  finding: (id: string, kind: "domain" | "social" = "domain") =>
    request<TFindingDetail>("GET", `/findings/${id}`, undefined, {
      query: { kind: kind === "social" ? "social" : undefined, user_id: actingFor() },
    }),
  confirm: (id: string) =>
    request<{ lookalike: TTrackedLookalike }>("POST", forUser(`/lookalikes/${id}/confirm`), {}),
  /** The last watch round and where the full cycle stands. */
  watch: (signal?: AbortSignal) =>
    request<TWatchView>("GET", "/monitoring/watch", undefined, { query: { user_id: actingFor() }, signal }),
};

/** The alert feed. */
export const alertsApi = {
  list: (q: { page: number; unread?: boolean }) =>
    request<TAlertsPage>("GET", "/alerts", undefined, {
      query: { page: q.page, unread: q.unread ? "true" : undefined, user_id: actingFor() },
    }),
  read: (id: string) => request<{ alert: TAlert }>("POST", forUser(`/alerts/${id}/read`), {}),
  readAll: () => request<{ marked: number }>("POST", forUser("/alerts/read_all"), {}),
};
