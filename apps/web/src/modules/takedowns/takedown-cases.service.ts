import type {
  TEditRecipients,
  TOpenTakedownCase,
  TTakedownCase,
  TTakedownCaseList,
  TTakedownStats,
} from "@brandwarden/contract/browser/takedown-cases";
import type { TReportTakedownCase } from "@brandwarden/contract/takedown-worker";
import {
  CHASED_STATES,
  SENDABLE_STATES,
  TAKEDOWN_STATE_WORDS,
  type TTakedownState,
} from "@brandwarden/contract/takedown-words";
import { AppError, invalid, notFound } from "@brandwarden/platform/http/app-error";
import type { JobQueue } from "@brandwarden/platform/queue/queue";
import type { BlobStore } from "@brandwarden/platform/blob/blob";
import type { KeyValueStore } from "@brandwarden/platform/kv/kv";
import type { Logger } from "@brandwarden/platform/logger/logger";
import type { Db } from "../../db/client.ts";
import type { TakedownCaseRow } from "../../db/rows.ts";
import { TAKEDOWN_EVIDENCE_JOB, TAKEDOWN_SEND_JOB } from "../../queue/job-names.ts";
import type { TTakedownEvidenceJob, TTakedownSendJob } from "../../queue/job-payloads.ts";
import type { WorkerClient } from "../../worker-client/worker-client.ts";
import type { AuditEventsService } from "../audit-events/audit-events.service.ts";
import type { BrandContextService } from "../brand-profile/brand-context.service.ts";
import { ownedBy, type Principal } from "../sessions/actor.ts";
import { groupParts, NO_SMTP_REASON, presentCase, presentReportCase } from "./case-presenter.ts";
import type { CaseEffects } from "./case-effects.ts";
import { buildSocialDraft } from "./social-draft.ts";
import { MAX_RECIPIENTS } from "./takedown-evidence.ts";
import {
  CASES_PAGE_SIZE,
  type CaseInsert,
  type RecipientInsert,
  type TakedownCasesRepository,
} from "./takedown-cases.repository.ts";

const HOUR_MS = 3600 * 1000;
const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
type NewRecipient = Omit<RecipientInsert, "case_id">;
type NewCase = Omit<CaseInsert, "user_id">;

/**
 * Takedown cases as analysts work them (issue 29): opening one per lookalike (the draft and the
 * recipients known at once; the evidence job does the rest), the list and one case, recipients,
 * sending (queued for the send job, or recorded as sent by hand), withdrawing, the evidence pack,
 * the stats, and the cases the PDF reports show.
 */
export function createTakedownCasesService(deps: {
  db: Db;
  repo: TakedownCasesRepository;
  worker: Pick<WorkerClient, "takedown">;
  auditEvents: Pick<AuditEventsService, "record">;
  brand: Pick<BrandContextService, "brandContext">;
  queue: JobQueue;
  kv: KeyValueStore;
  blobs: BlobStore;
  effects: CaseEffects;
  /** SMTP is configured: the product can e-mail reports. */
  smtp: boolean;
  /** TAKEDOWN_SEND_LIMIT: messages per user per hour. */
  sendLimitPerHour: number;
  logger: Logger;
}) {
  const { repo } = deps;

  async function view(rows: TakedownCaseRow[]): Promise<TTakedownCase[]> {
    const ids = rows.map((r) => r.id);
    const [recipients, timeline, escalations] = await Promise.all([
      repo.recipients(ids),
      repo.timeline(ids),
      repo.escalations(ids),
    ]);
    const parts = groupParts(ids, { recipients, timeline, escalations });
    return rows.map((r) => presentCase(r, parts.get(r.id)!, deps.smtp));
  }
  const viewOne = async (row: TakedownCaseRow) => (await view([row]))[0]!;
  const own = async (userId: string, id: string) => ownedBy({ userId }, await repo.byId(id), "Takedown case");

  /** Stores a new case, or finds the lookalike's open one (also when another request just made it). */
  async function create(
    p: Principal,
    values: NewCase,
    recipients: NewRecipient[],
  ): Promise<{ created: boolean; row: TakedownCaseRow }> {
    const row = await deps.db.transaction(async (tx) => {
      const c = await repo.insertCase({ ...values, user_id: p.userId, state: "open" }, tx);
      if (!c) return null;
      await repo.addRecipients(
        recipients.map((r, i) => ({ ...r, case_id: c.id, position: i })),
        tx,
      );
      await repo.addTimeline(
        [
          {
            case_id: c.id,
            at: c.opened_at,
            event: "opened",
            detail: `Opened by ${p.user.email} for ${values.target}`,
          },
        ],
        tx,
      );
      await deps.auditEvents.record(
        {
          name: "takedown_case_opened",
          user_id: p.user.id,
          scan_id: c.scan_id,
          subject_id: c.id,
          data: { kind: c.kind, target: c.target, finding_id: c.finding_id, for_user: p.userId },
        },
        tx,
      );
      return c;
    });
    if (!row) {
      const open = await repo.openCase(p.userId, values.kind, values.target);
      if (!open) throw new AppError("conflict", "The lookalike's case changed meanwhile; try again");
      return { created: false, row: open };
    }
    const job: TTakedownEvidenceJob = { case_id: row.id };
    await deps.queue.enqueue(TAKEDOWN_EVIDENCE_JOB, job, { jobId: `takedown-evidence-${row.id}` });
    await deps.effects.refreshReports(row);
    return { created: true, row };
  }

  async function openDomain(p: Principal, findingId: string) {
    const f = ownedBy(p, await repo.domainFinding(findingId), "Finding");
    const open = await repo.openCase(p.userId, "domain", f.domain);
    if (open) return { created: false, row: open };
    let draft: TakedownCaseRow["draft"] = null;
    try {
      draft = await deps.worker.takedown({ scan_id: f.scan_id, finding_id: f.id, domain: f.domain });
    } catch (err) {
      // The case opens anyway; sending asks for the draft again.
      deps.logger.warn({ finding_id: f.id, err: (err as Error).message }, "takedown draft not generated");
    }
    // The desks the scan already knew; the evidence job replaces them with what it finds.
    const known: NewRecipient[] = [];
    if (f.registrar_abuse_email)
      known.push({ role: "registrar", organisation: f.registrar ?? "Registrar", address: f.registrar_abuse_email, channel: "email", source: "rdap" }); // prettier-ignore
    if (f.hosting_abuse_email)
      known.push({ role: "hosting", organisation: f.asn_org ?? "Hosting provider", address: f.hosting_abuse_email, channel: "email", source: "rdap" }); // prettier-ignore
    return create(
      p,
      { kind: "domain", finding_id: f.id, scan_id: f.scan_id, target: f.domain, domain: f.domain, draft },
      known,
    );
  }

  async function openSocial(p: Principal, findingId: string) {
    const f = ownedBy(p, await repo.socialFinding(findingId), "Finding");
    const target = `${f.platform}:${f.handle.toLowerCase()}`;
    const open = await repo.openCase(p.userId, "social", target);
    if (open) return { created: false, row: open };
    // The platform's desk comes with the evidence job (the worker's list of report desks).
    const draft = buildSocialDraft(f, await deps.brand.brandContext(p.userId));
    return create(
      p,
      {
        kind: "social",
        finding_id: f.id,
        scan_id: f.scan_id,
        target,
        platform: f.platform,
        handle: f.handle,
        profile_url: f.profile_url,
        draft,
      },
      [],
    );
  }

  /** Counts `n` messages against the user's hourly limit (429 past it, nothing counted). */
  async function spendMessages(userId: string, n: number) {
    const key = `ratelimit:takedown-mail:${userId}`;
    const used = Number((await deps.kv.get(key)) ?? 0);
    if (used + n > deps.sendLimitPerHour) {
      const ttl = (await deps.kv.ttl(key)) ?? HOUR_MS;
      throw new AppError(
        "rate_limited",
        `At most ${deps.sendLimitPerHour} takedown e-mails per hour; ${Math.max(0, deps.sendLimitPerHour - used)} left, try again in ${Math.ceil(ttl / 60_000)} minute(s)`,
        { retry_after_seconds: Math.ceil(ttl / 1000) },
      );
    }
    for (let i = 0; i < n; i++) await deps.kv.incr(key, HOUR_MS);
  }

  const mustBeSendable = (c: TakedownCaseRow, what: string) => {
    if (!SENDABLE_STATES.includes(c.state))
      throw invalid(
        `The case is ${TAKEDOWN_STATE_WORDS[c.state].toLowerCase()}: ${what} only while it is open or re-emerged`,
      );
  };

  return {
    async open(p: Principal, body: TOpenTakedownCase) {
      const { created, row } =
        "finding_id" in body
          ? await openDomain(p, body.finding_id)
          : await openSocial(p, body.social_finding_id);
      return { created, case: await viewOne(row) };
    },
    /** Opens (or finds) a case for each finding; every finding is checked first (one unknown: 404, none opened). */
    async openBulk(p: Principal, findingIds: string[]) {
      const ids = [...new Set(findingIds)];
      for (const id of ids) ownedBy(p, await repo.domainFinding(id), "Finding");
      const rows: TakedownCaseRow[] = [];
      let opened = 0;
      for (const id of ids) {
        const r = await openDomain(p, id);
        if (r.created) opened++;
        if (!rows.some((x) => x.id === r.row.id)) rows.push(r.row);
      }
      return { cases: await view(rows), opened };
    },
    async list(userId: string, q: { state?: TTakedownState; page: number }): Promise<TTakedownCaseList> {
      const { rows, total } = await repo.page(userId, q);
      return { cases: await view(rows), page: q.page, per_page: CASES_PAGE_SIZE, total };
    },
    get: async (userId: string, id: string) => viewOne(await own(userId, id)),

    /** The analyst's recipient list (kept, edited, added, removed) while the case can be sent. */
    async editRecipients(userId: string, id: string, body: TEditRecipients) {
      const c = await own(userId, id);
      mustBeSendable(c, "recipients can be edited");
      for (const r of body.recipients) {
        if (r.channel === "email" && !EMAIL.test(r.address))
          throw invalid(`Not an e-mail address: ${r.address}`);
        if (r.channel === "form" && !/^https:\/\/\S+$/.test(r.address))
          throw invalid(`A form recipient's address is its https URL: ${r.address}`);
      }
      await deps.db.transaction(async (tx) => {
        const existing = await repo.recipients([c.id], tx);
        const byId = new Map(existing.map((r) => [r.id, r]));
        const unknown = body.recipients.find((r) => r.recipient_id && !byId.has(r.recipient_id));
        if (unknown) throw invalid(`Recipient ${unknown.recipient_id} is not one of the case's`);
        const keptIds = new Set(body.recipients.flatMap((r) => (r.recipient_id ? [r.recipient_id] : [])));
        await repo.deleteRecipients(
          existing.filter((r) => !keptIds.has(r.id)).map((r) => r.id),
          tx,
        );
        const added: NewRecipient[] = [];
        for (const [position, r] of body.recipients.entries()) {
          const { recipient_id, ...fields } = r;
          const before = recipient_id ? byId.get(recipient_id)! : null;
          if (!before) {
            added.push({ ...fields, position, source: "analyst", state: "ready" });
            continue;
          }
          const edited = (["role", "organisation", "address", "channel"] as const).some((k) => before[k] !== fields[k]); // prettier-ignore
          await repo.updateRecipient(before.id, { ...fields, position, ...(edited ? { source: "analyst", state: "ready", message_id: null, sent_at: null, error: null } : {}) }, tx); // prettier-ignore
        }
        await repo.addRecipients(
          added.map((r) => ({ ...r, case_id: c.id })),
          tx,
        );
        const list = body.recipients.map((r) => r.address).join(", ") || "none";
        await repo.addTimeline(
          [{ case_id: c.id, event: "recipients_edited", detail: `Recipients: ${list}` }],
          tx,
        );
        await repo.update(c.id, {}, undefined, tx);
      });
      return viewOne((await repo.byId(c.id))!);
    },

    /**
     * Sends the report (202): by e-mail to the chosen recipients (every e-mail recipient ready
     * to send when none are named), through the send job; or, `manual`, records the analyst's own
     * sending. 422 saying why when it cannot be sent; 429 past the per-user and per-case limits.
     */
    async send(p: Principal, id: string, body: { recipient_ids?: string[]; manual?: boolean }) {
      const c = await own(p.userId, id);
      // A case already sent still records a desk reached by hand later (a web form filled in).
      const recordOnly = !!body.manual && CHASED_STATES.includes(c.state);
      if (!recordOnly) mustBeSendable(c, "the report can be sent");
      const recipients = await repo.recipients([c.id]);
      if (!recipients.length)
        throw invalid(
          "The case has no recipient: add the registrar's or the hosting provider's abuse contact first",
        );
      const named = body.recipient_ids ? new Set(body.recipient_ids) : null;
      const chosen = named ? recipients.filter((r) => named.has(r.id)) : recipients;
      if (named && chosen.length !== named.size)
        throw invalid("Some recipient_ids are not the case's recipients");
      const capturing = () =>
        invalid("The evidence pack is still being captured; send the report once it is ready");
      const at = new Date();
      if (body.manual) {
        // Sent by hand with the evidence downloaded; the desks the capture finds join the case first.
        if (!recordOnly && c.evidence_status === "capturing") throw capturing();
        // On a case already sent, only desks not written to yet are recorded (never a sent one's Message-ID overwritten).
        const marked = recordOnly
          ? chosen.filter((r) => r.state === "ready" || r.state === "failed")
          : chosen;
        if (!marked.length) throw invalid("Every chosen recipient has already been written to");
        const row = await deps.db.transaction(async (tx) => {
          for (const r of marked)
            await repo.updateRecipient(r.id, { state: "manual", sent_at: at, error: null }, tx);
          const again = c.state === "reemerged";
          const moved = recordOnly
            ? await repo.update(c.id, {}, CHASED_STATES, tx)
            : await repo.update(c.id, { state: "sent", first_sent_at: again || !c.first_sent_at ? at : c.first_sent_at }, SENDABLE_STATES, tx); // prettier-ignore
          if (!moved) throw invalid("The case changed meanwhile; reload it");
          await repo.addTimeline([{ case_id: c.id, at, event: "sent", detail: `Sent by hand by ${p.user.email} to ${marked.map((r) => r.address).join(", ")}` }], tx); // prettier-ignore
          await deps.auditEvents.record(
            { name: "takedown_sent", user_id: p.user.id, scan_id: c.scan_id, subject_id: c.id, data: { target: c.target, recipients: marked.map((r) => r.address), manual: true } }, // prettier-ignore
            tx,
          );
          return moved;
        });
        if (!recordOnly)
          await deps.effects.sent(
            row,
            marked.map((r) => r.address),
          );
        return viewOne(row);
      }
      // By default every e-mail desk not written to yet; a re-emerged case writes to its desks again.
      const due = (r: (typeof chosen)[number]) =>
        r.state === "ready" || r.state === "failed" || (c.state === "reemerged" && r.state !== "sending");
      const email = chosen.filter((r) => r.channel === "email" && (named || due(r)));
      if (!email.length) {
        const forms = chosen.filter((r) => r.channel === "form");
        const named = forms.map((r) => `${r.organisation}'s form ${r.address}`).join(", ");
        throw invalid(
          forms.length
            ? `The case has no e-mail recipient to send to: ${forms.length > 1 ? "these desks take" : "the desk takes"} reports through a web form, not by e-mail. Use ${named}: fill it in with the report and the evidence pack, then record the sending with manual: true`
            : "The case has no e-mail recipient left to send to: add one, or record a sending by hand with manual: true",
        );
      }
      if (!deps.smtp) throw invalid(`The report cannot be e-mailed: ${NO_SMTP_REASON}`);
      if (c.evidence_status === "capturing") throw capturing();
      const already = recipients.filter((r) => r.state === "sent" || r.state === "sending").length;
      if (c.state === "open" && already + email.length > MAX_RECIPIENTS)
        throw new AppError("rate_limited", `At most ${MAX_RECIPIENTS} recipients per case`);
      await spendMessages(p.userId, email.length);
      if (!c.draft) {
        const f = c.domain ? await deps.worker.takedown({ scan_id: c.scan_id, finding_id: c.finding_id, domain: c.domain }) : null; // prettier-ignore
        if (f) await repo.update(c.id, { draft: f });
      }
      const ids = email.map((r) => r.id);
      if (!(await repo.claimForSending(c.id, ids)))
        throw invalid("Some of these recipients are already being sent to; reload the case");
      const job: TTakedownSendJob = { case_id: c.id, recipient_ids: ids };
      await deps.queue.enqueue(TAKEDOWN_SEND_JOB, job);
      return viewOne((await repo.byId(c.id))!);
    },

    async withdraw(userId: string, id: string, reason: string | null) {
      const c = await own(userId, id);
      if (c.state === "down" || c.state === "withdrawn")
        throw invalid(`The case is already ${TAKEDOWN_STATE_WORDS[c.state].toLowerCase()}`);
      const row = await deps.db.transaction(async (tx) => {
        const moved = await repo.update(c.id, { state: "withdrawn" }, [c.state], tx);
        if (!moved) throw invalid("The case changed meanwhile; reload it");
        await repo.addTimeline([{ case_id: c.id, event: "withdrawn", detail: reason ? `Withdrawn: ${reason}` : "Withdrawn" }], tx); // prettier-ignore
        return moved;
      });
      await deps.effects.refreshReports(row);
      return viewOne(row);
    },

    /** The WARC of the case's pack (404 while it is not ready). */
    async evidence(userId: string, id: string) {
      const c = await own(userId, id);
      const bytes =
        c.evidence_status === "ready" && c.evidence_key ? await deps.blobs.get(c.evidence_key) : null;
      if (!bytes) throw notFound("Evidence pack");
      const name = (c.domain ?? `${c.platform}-${c.handle}`).replace(/[^A-Za-z0-9.-]+/g, "_");
      return { bytes, filename: `${name}-${c.id}.warc.gz` };
    },

    async stats(userId: string): Promise<TTakedownStats> {
      const { totals, byRecipient } = await repo.stats(userId);
      const n = (k: string) => totals[k] ?? 0;
      return {
        open: n("open"),
        sent: n("sent"),
        escalated: n("escalated"),
        down: n("down"),
        withdrawn: n("withdrawn"),
        reemerged: n("reemerged"),
        median_time_to_down_s: totals.median_time_to_down_s ?? null,
        down_within_24h_share: n("sent_ever") ? n("down_24h") / n("sent_ever") : null,
        by_recipient: byRecipient as TTakedownStats["by_recipient"],
      };
    },

    /** The scan owner's cases for the PDF reports (404 for an unknown scan). */
    async forReport(scanId: string): Promise<{ cases: TReportTakedownCase[] }> {
      const rows = await repo.forScanOwner(scanId);
      if (!rows) throw notFound("Scan");
      const ids = rows.map((r) => r.id);
      const [recipients, escalations] = await Promise.all([repo.recipients(ids), repo.escalations(ids)]);
      return {
        cases: rows.map((r) =>
          presentReportCase(
            r,
            recipients.filter((x) => x.case_id === r.id),
            escalations.filter((e) => e.case_id === r.id).length,
          ),
        ),
      };
    },
  };
}

export type TakedownCasesService = ReturnType<typeof createTakedownCasesService>;
