import { useState } from "react";
import { CHASED_STATES, RECIPIENT_CHANNELS, RECIPIENT_ROLES } from "@brandwarden/contract/takedown-words";
import type {
  TCaseRecipient,
  TEditRecipients,
  TTakedownCase,
} from "@brandwarden/contract/browser/takedown-cases";
import { takedownApi } from "../../api/endpoints.ts";
import { dateTime } from "../../lib/format.ts";
import { useSubmit } from "../../lib/useSubmit.ts";
import { ErrorBanner } from "../../ui/ErrorBanner.tsx";
import { TableHead } from "../../ui/TableHead.tsx";
import { recipientHref } from "./case-words.ts";
import "./takedowns.css";

type Row = TEditRecipients["recipients"][number] & { key: number; source: TCaseRecipient["source"] };

const toRows = (recipients: TCaseRecipient[]): Row[] =>
  recipients.map((r, key) => ({
    key,
    recipient_id: r.recipient_id,
    role: r.role,
    organisation: r.organisation,
    address: r.address,
    channel: r.channel,
    source: r.source,
  }));

/** What is wrong with a row before it goes to the server (which checks again). */
function rowProblem(r: Row): string | null {
  if (!r.organisation.trim()) return "Name the organisation.";
  if (r.channel === "email" && !/^[^\s@]+@[^\s@]+$/.test(r.address.trim())) return "Enter an e-mail address.";
  if (r.channel === "form" && !/^https:\/\/\S+$/.test(r.address.trim()))
    return "Enter the form's https:// address.";
  return null;
}

/**
 * Who the report goes to, where each address came from, and each one's message; editable (add,
 * remove, change) while the case can be sent.
 */
export function RecipientsCard({
  c,
  editable,
  onSaved,
}: {
  c: TTakedownCase;
  editable: boolean;
  onSaved(): void;
}) {
  const [rows, setRows] = useState<Row[] | null>(null);
  const [nextKey, setNextKey] = useState(1000);
  const submit = useSubmit();
  const editing = rows !== null;
  // Once the report is out, a desk reached through its web form is recorded here.
  const chased = (CHASED_STATES as readonly string[]).includes(c.state);

  const change = (key: number, patch: Partial<Row>) =>
    setRows((rs) => rs!.map((r) => (r.key === key ? { ...r, ...patch, source: "analyst" } : r)));
  const add = () => {
    setRows((rs) => [...rs!, { key: nextKey, role: "hosting", organisation: "", address: "", channel: "email", source: "analyst" }]); // prettier-ignore
    setNextKey((k) => k + 1);
  };
  const save = () => {
    const problems = rows!.map(rowProblem);
    const first = problems.findIndex(Boolean);
    if (first >= 0) return submit.invalid({ recipients: `Recipient ${first + 1}: ${problems[first]}` });
    void submit.run(async () => {
      await takedownApi.saveRecipients(c.case_id, {
        recipients: rows!.map(({ recipient_id, role, organisation, address, channel }) => ({
          ...(recipient_id ? { recipient_id } : {}),
          role,
          organisation: organisation.trim(),
          address: address.trim(),
          channel,
        })),
      });
      setRows(null);
      onSaved();
    });
  };

  return (
    <section className="card" aria-labelledby="td-recipients-h" data-testid="case-recipients">
      <div className="card-head">
        <h2 id="td-recipients-h">Recipients</h2>
        {editable && !editing && (
          <button type="button" className="btn btn-small" onClick={() => setRows(toRows(c.recipients))}>
            Edit recipients
          </button>
        )}
      </div>
      {editing ? (
        <div className="stack-tight">
          <ErrorBanner error={submit.error} />
          <div className="table-wrap">
            <table className="table table-compact td-recipients-edit">
              <TableHead columns={["Role", "Organisation", "Channel", "Address", "Source"]} actions />
              <tbody>
                {rows.map((r, i) => (
                  <tr key={r.key}>
                    <td>
                      <select
                        aria-label={`Role of recipient ${i + 1}`}
                        value={r.role}
                        onChange={(e) => change(r.key, { role: e.target.value as Row["role"] })}
                      >
                        {RECIPIENT_ROLES.map((role) => (
                          <option key={role} value={role}>
                            {role}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td>
                      <input
                        aria-label={`Organisation of recipient ${i + 1}`}
                        value={r.organisation}
                        maxLength={300}
                        onChange={(e) => change(r.key, { organisation: e.target.value })}
                      />
                    </td>
                    <td>
                      <select
                        aria-label={`Channel of recipient ${i + 1}`}
                        value={r.channel}
                        onChange={(e) => change(r.key, { channel: e.target.value as Row["channel"] })}
                      >
                        {RECIPIENT_CHANNELS.map((ch) => (
                          <option key={ch} value={ch}>
                            {ch === "email" ? "e-mail" : "web form"}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td>
                      <input
                        aria-label={`Address of recipient ${i + 1}`}
                        value={r.address}
                        maxLength={500}
                        placeholder={r.channel === "email" ? "abuse@example.com" : "https://…"}
                        onChange={(e) => change(r.key, { address: e.target.value })}
                      />
                    </td>
                    <td className="muted">{r.source}</td>
                    <td>
                      <button
                        type="button"
                        className="btn btn-ghost btn-small"
                        aria-label={`Remove recipient ${i + 1}`}
                        onClick={() => setRows((rs) => rs!.filter((x) => x.key !== r.key))}
                      >
                        Remove
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {submit.fields.recipients && (
            <p className="field-error" role="alert">
              {submit.fields.recipients}
            </p>
          )}
          <div className="row">
            <button type="button" className="btn btn-small" onClick={add} disabled={rows.length >= 20}>
              Add recipient
            </button>
            <span className="td-spacer" />
            <button
              type="button"
              className="btn"
              onClick={() => (setRows(null), submit.invalid({}))}
              disabled={submit.busy}
            >
              Cancel
            </button>
            <button type="button" className="btn btn-primary" onClick={save} disabled={submit.busy}>
              Save recipients
            </button>
          </div>
        </div>
      ) : c.recipients.length === 0 ? (
        <p className="muted">
          No recipient found yet{editable ? ": add the registrar's or host's abuse address." : "."}
        </p>
      ) : (
        <div className="table-wrap">
          <ErrorBanner error={submit.error} />
          <table className="table table-compact" data-testid="recipients-table">
            <TableHead
              columns={["Role", "Organisation", "Address", "Source", "State", "Message-ID", "Sent"]}
            />
            <tbody>
              {c.recipients.map((r) => {
                const href = recipientHref(r);
                return (
                  <tr key={r.recipient_id} data-role={r.role} data-state={r.state}>
                    <td>{r.role}</td>
                    <td>{r.organisation}</td>
                    <td className="break">
                      {href ? (
                        <a href={href} target={r.channel === "form" ? "_blank" : undefined} rel="noreferrer">
                          {r.address}
                        </a>
                      ) : (
                        r.address
                      )}
                      {r.channel === "form" && <span className="muted td-form-note"> (web form)</span>}
                    </td>
                    <td>{r.source}</td>
                    <td>
                      <span className={`status td-rstate-${r.state}`}>{r.state}</span>
                      {r.error && <p className="field-error">{r.error}</p>}
                      {chased && r.channel === "form" && r.state === "ready" && (
                        <button
                          type="button"
                          className="btn btn-small"
                          disabled={submit.busy}
                          aria-label={`Mark the form of ${r.organisation} as submitted`}
                          onClick={() =>
                            void submit.run(async () => {
                              await takedownApi.send(c.case_id, {
                                manual: true,
                                recipient_ids: [r.recipient_id],
                              });
                              onSaved();
                            })
                          }
                        >
                          Mark submitted
                        </button>
                      )}
                    </td>
                    <td className="td-hash">{r.message_id ?? "—"}</td>
                    <td>{dateTime(r.sent_at)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
