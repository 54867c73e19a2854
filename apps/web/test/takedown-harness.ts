import { createHash, randomUUID } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { TEvidenceResponse } from "@brandwarden/contract/takedown-worker";
import { attachmentBytes } from "@brandwarden/world/services/mail-parse";
import type { SmtpMessage } from "@brandwarden/world/services/types";
import type { TTakedownCase } from "@brandwarden/contract/browser/takedown-cases";
import { waitFor } from "@brandwarden/platform/testing/wait-for";
import { startSmtp } from "@brandwarden/world/services/smtp";
import { browserAgent } from "./browser-agent.ts";
import { insertScan } from "./factories.ts";
import { startTestWeb, type DbVariant } from "./harness.ts";
import { startStubWorker, type StubWorker } from "./stub-worker.ts";

// What takedown-case tests share: the worker's answers (draft, evidence pack, checks) and the
// attachments of a message the SMTP sink kept.

/** A small WARC/1.1 file, gzip per record (a warcinfo and a response record). */
function sampleWarc(domain: string): Buffer {
  const record = (type: string, body: string, extra = "") =>
    gzipSync(
      `WARC/1.1\r\nWARC-Type: ${type}\r\nWARC-Date: 2026-03-02T10:00:00Z\r\n${extra}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}\r\n\r\n`,
    );
  return Buffer.concat([
    record("warcinfo", "software: brandwarden-test\r\n"),
    record(
      "response",
      "HTTP/1.1 200 OK\r\ncontent-type: text/html\r\n\r\n<form><input type=password></form>",
      `WARC-Target-URI: https://${domain}/\r\n`,
    ),
  ]);
}

/** A 1x1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

export const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");

/** The worker's evidence answer: the pack, the registrar's and host's desks, the TLD's registry. */
function evidenceAnswer(domain: string): TEvidenceResponse {
  const warc = sampleWarc(domain);
  return {
    recipients: [
      { role: "registrar", organisation: "NameSilo, LLC", address: "abuse@namesilo.example", channel: "email", source: "rdap" }, // prettier-ignore
      { role: "hosting", organisation: "Example Hosting", address: "abuse@host.example", channel: "email", source: "rdap" }, // prettier-ignore
    ],
    escalation_contacts: [
      { role: "registry", organisation: "Example Registry", address: "abuse@registry.example", channel: "email", source: "known-provider" }, // prettier-ignore
    ],
    live: true,
    captured_at: new Date().toISOString(),
    warc_base64: warc.toString("base64"),
    sha256: sha256(warc),
    size: warc.length,
    screenshot_base64: PNG.toString("base64"),
    baseline: { fuzzy_hash: null, login_form: true, final_url: `https://${domain}/` },
  };
}

/** The stub worker's answers for drafts and evidence. */
export function answerTakedowns(worker: StubWorker, domain: string) {
  worker.answer("/takedown/generate", 200, {
    subject: `Phishing site ${domain}`,
    body: `Please suspend ${domain}: it imitates Acme Bank and asks for passwords.`,
  });
  worker.answer("/takedown/evidence", 200, evidenceAnswer(domain));
}

/** One check result per case. */
export function answerChecks(
  worker: StubWorker,
  results: Array<{ case_id: string; up: boolean; how?: string | null; detail?: string; checked_at: string }>,
) {
  worker.answer("/takedown/check", 200, {
    results: results.map((r) => ({ how: null, detail: r.up ? "HTTP 200" : "NXDOMAIN", ...r })),
  });
}

/** The bytes of the attachment named `filename` in a kept message. */
export function attachmentOf(m: SmtpMessage, filename: string): Buffer | null {
  return attachmentBytes(m.raw).find((a) => a.filename === filename)?.data ?? null;
}

/**
 * The web app on `variant` with a stub worker, an SMTP sink (unless `smtp: false`) and its jobs
 * running; a signed-up owner with a completed scan; the owner's view of a case.
 */
export async function startTakedownWeb(
  variant: DbVariant,
  opts: { env?: Record<string, string>; smtp?: boolean } = {},
) {
  const worker = await startStubWorker();
  const smtp = opts.smtp === false ? null : await startSmtp("127.0.0.1", 0, 0);
  const mail: Record<string, string> = smtp
    ? { SMTP_URL: smtp.url, MAIL_FROM: "Brandwarden <takedowns@brandwarden.test>" }
    : {};
  const t = await startTestWeb(variant, { WORKER_URL: worker.url, ...mail, ...opts.env }, { consume: true });
  const owner = browserAgent(t.app);
  const userId = (await owner.signup(`takedown-${randomUUID()}@example.com`)).id;
  const scanId = (await insertScan(t.db, userId, { completed_at: new Date() })).id;
  const caseOf = async (id: string) => (await owner.get(`/takedowns/cases/${id}`)).json() as TTakedownCase;
  return {
    t,
    worker,
    smtp,
    owner,
    userId,
    scanId,
    caseOf,
    /** The case once its evidence pack is in. */
    async ready(id: string) {
      await waitFor(async () => (await caseOf(id)).evidence.status === "ready", "the evidence pack", 30_000);
      return caseOf(id);
    },
    async close() {
      await t.close();
      await worker.close();
      await smtp?.close();
    },
  };
}
