import type { TakeDownHow, WorldChanges } from "../changes/world-changes.ts";
import { NetworkTable } from "../registry/ip-blocks.ts";
import type { AbuseDesk, Lookalike, Scenario } from "../scenario/schema.ts";
import type { SmtpMessage, SmtpSink } from "../services/types.ts";
import { registryOperatorOf } from "../registry/registry-operators.ts";

// The abuse desks of the scenario's registrars, hosting networks and registries, reading their
// mailboxes on the world's SMTP sink. A report whose envelope names a desk's address and whose
// subject, body or text/JSON attachments name a lookalike the desk is responsible for is acted
// on `takes_down_after_s` later: a registrar puts the domain on clientHold, a registry on
// serverHold, a host suspends the account; a `never` desk files it and does nothing.

type DeskRole = "registrar" | "hosting" | "registry";

interface DeskAction {
  /** The desk's mailbox. */
  desk: string;
  role: DeskRole;
  domain: string;
  /** `received`: a report naming the domain arrived; then what the desk did. */
  action: "received" | "ignored" | "client hold" | "server hold" | "suspended";
  at: string;
  /** The report's Message-ID header. */
  message_id: string;
}

interface DeskMailbox {
  address: string;
  role: DeskRole;
  organisation: string;
  policy: AbuseDesk;
}

export interface AbuseDesks {
  /** Every desk with a policy, by mailbox. */
  mailboxes(): DeskMailbox[];
  /** What the desks did, oldest first. */
  actions(): DeskAction[];
  /** Resolves with the first action (now or later) matching the predicate. */
  waitFor(predicate: (a: DeskAction) => boolean, timeoutMs?: number): Promise<DeskAction>;
  close(): void;
}

interface Desk extends DeskMailbox {
  responsible(l: Lookalike): boolean;
  how: TakeDownHow;
  action: DeskAction["action"];
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

function desksOf(s: Scenario): Desk[] {
  const desks: Desk[] = [];
  for (const r of s.registrars)
    desks.push({
      address: r.abuse_email.toLowerCase(),
      role: "registrar",
      organisation: r.name,
      policy: r.abuse_desk,
      responsible: (l) =>
        same(l.registration.registrar, r.name) || same(l.registration.abuse_email, r.abuse_email),
      how: "hold",
      action: "client hold",
    });
  const table = NetworkTable.of(s);
  for (const n of s.networks) {
    if (!n.abuse_desk) continue;
    desks.push({
      address: n.abuse_email.toLowerCase(),
      role: "hosting",
      organisation: n.owner,
      policy: n.abuse_desk,
      // An address in the network or in a reassignment carved from it.
      responsible: (l) =>
        [...l.dns.a, ...l.dns.aaaa].some((ip) => table.holding(ip).some((b) => b.network === n)),
      how: "suspend",
      action: "suspended",
    });
  }
  for (const d of s.registry_desks) {
    const op = registryOperatorOf(`x.${d.tld}`);
    if (!op?.abuse_email) throw new Error(`the world knows no registry abuse mailbox for .${d.tld}`);
    desks.push({
      address: op.abuse_email.toLowerCase(),
      role: "registry",
      organisation: op.operator,
      policy: d.abuse_desk,
      responsible: (l) => l.domain.endsWith(`.${d.tld}`),
      how: "registry-hold",
      action: "server hold",
    });
  }
  return desks;
}

// Report writers defang names (acmebank[.]com); desks read them either way.
function readable(m: SmtpMessage): string {
  const parts = [m.subject, m.text, m.html, ...m.attachments.map((a) => a.text ?? "")];
  return parts
    .join("\n")
    .toLowerCase()
    .replace(/\[\.\]|\(\.\)|\{\.\}/g, ".");
}

function names(text: string, domain: string): boolean {
  const escaped = domain.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![a-z0-9.-])${escaped}(?![a-z0-9-]|\\.[a-z0-9])`).test(text);
}

export function startAbuseDesks(opts: {
  scenario: () => Scenario;
  changes: WorldChanges;
  sink: SmtpSink;
  now?: () => Date;
}): AbuseDesks {
  const log: DeskAction[] = [];
  const waiters = new Set<() => void>();
  const timers = new Set<NodeJS.Timeout>();
  const pending = new Set<string>(); // desk + domain with a takedown scheduled
  const now = () => (opts.now ?? (() => new Date()))().toISOString();
  const record = (a: Omit<DeskAction, "at">) => {
    log.push({ ...a, at: now() });
    for (const w of [...waiters]) w();
  };

  const onMessage = (m: SmtpMessage) => {
    const s = opts.scenario();
    const to = new Set(m.to.map((t) => t.toLowerCase()));
    const text = readable(m);
    const messageId = m.headers["message-id"] ?? "";
    for (const desk of desksOf(s)) {
      if (!to.has(desk.address)) continue;
      for (const l of s.lookalikes) {
        if (!desk.responsible(l) || !names(text, l.domain)) continue;
        const base = { desk: desk.address, role: desk.role, domain: l.domain, message_id: messageId };
        record({ ...base, action: "received" });
        if ("never" in desk.policy) {
          record({ ...base, action: "ignored" });
          continue;
        }
        const key = `${desk.address} ${l.domain}`;
        if (pending.has(key)) continue;
        pending.add(key);
        const timer = setTimeout(() => {
          timers.delete(timer);
          pending.delete(key);
          // The site may have gone (or been taken down for good) meanwhile.
          if (!opts.changes.lookalike(l.domain)) return;
          opts.changes.takeDown(l.domain, desk.how);
          record({ ...base, action: desk.action });
        }, desk.policy.takes_down_after_s * 1000);
        timers.add(timer);
      }
    }
  };
  const unsubscribe = opts.sink.onMessage(onMessage);

  return {
    mailboxes: () => desksOf(opts.scenario()).map(({ address, role, organisation, policy }) => ({ address, role, organisation, policy })), // prettier-ignore
    actions: () => [...log],
    waitFor(predicate, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const hit = log.find(predicate);
          if (!hit) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(hit);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching abuse desk action within ${timeoutMs} ms`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close() {
      unsubscribe();
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}
