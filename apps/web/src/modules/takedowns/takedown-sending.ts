import { randomUUID } from "node:crypto";
import { humanDuration } from "@brandwarden/contract/detection-words";
import { SENDABLE_STATES } from "@brandwarden/contract/takedown-words";
import type { BlobStore } from "@brandwarden/platform/blob/blob";
import type { Logger } from "@brandwarden/platform/logger/logger";
import type { Db } from "../../db/client.ts";
import type { TakedownCaseRow, TakedownRecipientRow } from "../../db/rows.ts";
import type { AuditEventsService } from "../audit-events/audit-events.service.ts";
import type { UsersService } from "../users/users.service.ts";
import type { CaseEffects } from "./case-effects.ts";
import type { TakedownCasesRepository } from "./takedown-cases.repository.ts";
import type { TakedownAttachment, TakedownMailer } from "./takedown-mailer.ts";
import { buildXarfReport } from "./xarf-report.ts";

const nameOf = (c: TakedownCaseRow) => c.domain ?? `${c.platform}:${c.handle}`;
const deskList = (rs: Array<{ organisation: string; role: string; address: string }>) =>
  rs.map((r) => `${r.organisation} (${r.role}, ${r.address})`).join(", ");

/**
 * Takedown e-mail (the send job, and the escalation's messages): one message per desk, each with
 * its own Message-ID, the draft's words, and three attachments: the screenshot, the WARC and an
 * X-ARF v4 report.
 */
export function createTakedownSending(deps: {
  db: Db;
  repo: TakedownCasesRepository;
  blobs: BlobStore;
  mailer: TakedownMailer | null;
  users: Pick<UsersService, "findById">;
  auditEvents: Pick<AuditEventsService, "record">;
  effects: CaseEffects;
  logger: Logger;
}) {
  /** The attachments of a case's messages (screenshot and WARC when the pack holds them). */
  async function attachmentsOf(c: TakedownCaseRow): Promise<TakedownAttachment[]> {
    const name = nameOf(c).replace(/[^A-Za-z0-9.-]+/g, "_");
    const [shot, warc, finding, user] = await Promise.all([
      c.screenshot_key ? deps.blobs.get(c.screenshot_key) : null,
      c.evidence_status === "ready" && c.evidence_key ? deps.blobs.get(c.evidence_key) : null,
      c.kind === "domain" ? deps.repo.domainFinding(c.finding_id) : null,
      deps.users.findById(c.user_id),
    ]);
    const from = deps.mailer!;
    const brand = user?.brand_name?.trim() || "the brand owner";
    const contact = { contact: from.fromAddress, domain: from.fromDomain };
    const url = finding?.final_url ?? c.profile_url ?? `https://${c.domain}/`;
    const xarf = buildXarfReport({
      reportId: randomUUID(),
      seenAt: c.evidence_captured_at ?? c.opened_at,
      reporter: { org: brand.slice(0, 200), ...contact },
      sender: { org: "Brandwarden", ...contact },
      url,
      domain: c.domain,
      ip: finding?.dns_a?.[0] ?? null,
      brand,
      registrar: finding?.registrar ?? null,
      hostingProvider: finding?.asn_org ?? null,
      asn: finding?.asn ?? null,
      countryCode: finding?.ip_country ?? null,
      nameservers: finding?.dns_ns ?? [],
      credentialForm: finding?.password_form === true || finding?.login_form === true,
      screenshot: shot,
      warc: warc && c.evidence_sha256 ? { sha256: c.evidence_sha256, size: warc.length } : null,
    });
    return [
      ...(shot ? [{ filename: `${name}-screenshot.png`, content: shot, contentType: "image/png" }] : []),
      ...(warc
        ? [{ filename: `${name}-${c.id}.warc.gz`, content: warc, contentType: "application/warc" }]
        : []),
      {
        filename: "x-arf.json",
        content: Buffer.from(JSON.stringify(xarf, null, 2)),
        contentType: "application/json",
      },
    ];
  }

  const evidenceNote = (c: TakedownCaseRow) =>
    c.evidence_status === "ready"
      ? `\n\n--\nAttached: the evidence pack (WARC/1.1, SHA-256 ${c.evidence_sha256}), a screenshot when one was taken, and an X-ARF v4 report (x-arf.json).`
      : "\n\n--\nAttached: an X-ARF v4 report (x-arf.json).";

  /** Sends one message; the recipient's outcome is what it returns (never throws). */
  async function sendOne(
    to: string,
    subject: string,
    text: string,
    attachments: TakedownAttachment[],
    inReplyTo: string | null = null,
  ): Promise<{ messageId: string | null; error: string | null }> {
    if (!deps.mailer) return { messageId: null, error: "e-mail is not configured (SMTP_URL)" };
    const messageId = deps.mailer.newMessageId();
    try {
      await deps.mailer.send({ to, subject, text, messageId, inReplyTo, attachments });
      return { messageId, error: null };
    } catch (err) {
      return { messageId: null, error: (err as Error).message.slice(0, 1000) };
    }
  }

  return {
    /** The send job: the case's report to each recipient marked `sending`. */
    async sendQueued(caseId: string, recipientIds: string[]): Promise<void> {
      const c = await deps.repo.byId(caseId);
      if (!c) return;
      const queued = (await deps.repo.recipients([c.id])).filter(
        (r) => recipientIds.includes(r.id) && r.state === "sending",
      );
      if (!queued.length) return;
      const draft = c.draft ?? {
        subject: `Abuse report: ${nameOf(c)}`,
        body: `Please take down ${nameOf(c)}.`,
      };
      const attachments = deps.mailer ? await attachmentsOf(c) : [];
      const sent: TakedownRecipientRow[] = [];
      // Time to down counts from when the first report was handed over, not from the end of the
      // round: a desk can act before the last of several large mails is through.
      let firstSentAt: Date | null = null;
      const failed: Array<TakedownRecipientRow & { why: string }> = [];
      for (const r of queued) {
        const handedOver = new Date();
        const out = await sendOne(r.address, draft.subject, draft.body + evidenceNote(c), attachments);
        const at = new Date();
        if (out.messageId) {
          await deps.repo.updateRecipient(r.id, {
            state: "sent",
            message_id: out.messageId,
            sent_at: at,
            error: null,
          });
          firstSentAt ??= handedOver;
          sent.push(r);
        } else {
          await deps.repo.updateRecipient(r.id, { state: "failed", error: out.error });
          failed.push({ ...r, why: out.error ?? "not sent" });
        }
      }
      const at = new Date();
      const moved = await deps.db.transaction(async (tx) => {
        let row: TakedownCaseRow | null = null;
        if (sent.length) {
          // A re-emerged case starts over: time-to-down and escalations count from this sending.
          const again = c.state === "reemerged";
          row = await deps.repo.update(
            c.id,
            {
              state: "sent",
              first_sent_at: again || !c.first_sent_at ? (firstSentAt ?? at) : c.first_sent_at,
              ...(again ? { escalation_level: 0, last_escalated_at: null, down_at: null, down_how: null, time_to_down_s: null } : {}), // prettier-ignore
            },
            SENDABLE_STATES,
            tx,
          );
          await deps.repo.addTimeline([{ case_id: c.id, at, event: "sent", detail: `Report e-mailed to ${deskList(sent)}` }], tx); // prettier-ignore
          await deps.auditEvents.record(
            {
              name: "takedown_sent",
              user_id: c.user_id,
              scan_id: c.scan_id,
              subject_id: c.id,
              data: { target: c.target, recipients: sent.map((r) => r.address), manual: false },
            },
            tx,
          );
        }
        if (failed.length)
          await deps.repo.addTimeline(
            [{ case_id: c.id, at, event: "send_failed", detail: `Not sent to ${failed.map((f) => `${f.address}: ${f.why}`).join("; ")}` }], // prettier-ignore
            tx,
          );
        return row;
      });
      if (moved)
        await deps.effects.sent(
          moved,
          sent.map((r) => r.address),
        );
    },

    /**
     * An escalation's messages: a follow-up to each desk already written to (answering its first
     * message), and the report to the next-level desks. Returns who was written to and the ids.
     */
    async escalationMail(c: TakedownCaseRow, level: number, upForMs: number) {
      const recipients = await deps.repo.recipients([c.id]);
      const desks = recipients.filter((r) => r.state === "sent" && r.message_id && r.channel === "email");
      const next = c.escalation_contacts.filter((r) => r.channel === "email");
      const draft = c.draft ?? {
        subject: `Abuse report: ${nameOf(c)}`,
        body: `Please take down ${nameOf(c)}.`,
      };
      const attachments = deps.mailer && (desks.length || next.length) ? await attachmentsOf(c) : [];
      const still = `${nameOf(c)} is still up ${humanDuration(upForMs)} after our report.`;
      const to: Array<{ role: TakedownRecipientRow["role"]; organisation: string; address: string }> = [];
      const messageIds: string[] = [];
      const errors: string[] = [];
      for (const d of desks) {
        const text = `${still} Please act on it (follow-up ${level}).\n\n${draft.body}${evidenceNote(c)}`;
        const out = await sendOne(d.address, `Follow-up: ${draft.subject}`, text, attachments, d.message_id);
        to.push({ role: d.role, organisation: d.organisation, address: d.address });
        if (out.messageId) messageIds.push(out.messageId);
        else errors.push(`${d.address}: ${out.error}`);
      }
      for (const n of next) {
        const text =
          `${still} We reported it to ${deskList(desks) || "the registrar and the host"} without effect; ` +
          `as the ${n.role === "registry" ? "registry of its top-level domain" : "upstream network"}, please act on it.\n\n${draft.body}${evidenceNote(c)}`;
        const out = await sendOne(n.address, `Escalation: ${draft.subject}`, text, attachments);
        to.push({ role: n.role, organisation: n.organisation, address: n.address });
        if (out.messageId) messageIds.push(out.messageId);
        else errors.push(`${n.address}: ${out.error}`);
      }
      if (errors.length)
        deps.logger.warn({ case_id: c.id, errors }, "takedown escalation: some messages were not sent");
      return { to, messageIds, errors };
    },
  };
}

export type TakedownSending = ReturnType<typeof createTakedownSending>;
