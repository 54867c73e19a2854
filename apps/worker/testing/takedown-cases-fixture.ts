/**
 * Takedown cases as the web app's `GET /v1/scans/:id/takedown_cases` answers them
 * (`ZReportTakedownCases`), for the report tests: one per state, with the desks of the world's
 * scenarios (registrar, host, CDN, registry, a platform's form).
 */
import { randomUUID } from "node:crypto";
import { ZReportTakedownCases, type TReportTakedownCase } from "@brandwarden/contract/takedown-worker";

const registrar = (state: string) => ({
  role: "registrar" as const,
  organisation: "NameCheap, Inc.",
  address: "abuse@namecheap.test",
  state,
});
const host = (state: string) => ({
  role: "hosting" as const,
  organisation: "DigitalOcean, LLC",
  address: "abuse@digitalocean.test",
  state,
});

function domainCase(domain: string, over: Partial<TReportTakedownCase>): TReportTakedownCase {
  return {
    case_id: randomUUID(),
    kind: "domain",
    finding_id: randomUUID(),
    domain,
    platform: null,
    handle: null,
    state: "open",
    recipients: [registrar("ready"), host("ready")],
    opened_at: "2025-06-01T09:00:00.000Z",
    first_sent_at: null,
    down_at: null,
    time_to_down_s: null,
    escalations: 0,
    ...over,
  };
}

/** Six cases, one in each state; two went down (5 h 12 min and 2 d 3 h after sending). */
export function takedownCases(): TReportTakedownCase[] {
  const cases: TReportTakedownCase[] = [
    domainCase("acmebank-secure-login.com", {
      state: "down",
      recipients: [registrar("sent"), host("sent")],
      first_sent_at: "2025-06-01T09:05:00.000Z",
      down_at: "2025-06-01T14:17:00.000Z",
      time_to_down_s: 5 * 3600 + 12 * 60,
    }),
    domainCase("acmebank-verify.net", {
      state: "escalated",
      recipients: [
        registrar("sent"),
        { role: "cdn", organisation: "Cloudflare, Inc.", address: "https://abuse.cloudflare.com/phishing", state: "manual" }, // prettier-ignore
        { role: "registry", organisation: "Verisign", address: "abuse@verisign.test", state: "sent" },
      ],
      opened_at: "2025-05-28T08:00:00.000Z",
      first_sent_at: "2025-05-28T08:10:00.000Z",
      escalations: 2,
    }),
    domainCase("acmebank-pay.com", {
      state: "sent",
      recipients: [registrar("sent"), host("failed")],
      first_sent_at: "2025-06-02T10:00:00.000Z",
    }),
    domainCase("acmebnak.com", { state: "open", opened_at: "2025-06-03T07:30:00.000Z" }),
    domainCase("acme-bank-login.org", {
      state: "withdrawn",
      recipients: [registrar("ready")],
      opened_at: "2025-05-20T12:00:00.000Z",
    }),
    {
      ...domainCase("unused.example", {}),
      kind: "social",
      domain: null,
      platform: "x",
      handle: "acmebank_help",
      state: "down",
      recipients: [
        { role: "platform", organisation: "X Corp.", address: "https://help.x.com/forms/impersonation", state: "manual" }, // prettier-ignore
      ],
      first_sent_at: "2025-05-25T10:00:00.000Z",
      down_at: "2025-05-27T13:00:00.000Z",
      time_to_down_s: 2 * 86400 + 3 * 3600,
    },
  ];
  // The fixture is what the web app would answer: it must pass the contract.
  return ZReportTakedownCases.parse({ cases }).cases;
}

/** `n` open cases (the summary's limit). */
export const manyOpenCases = (n: number): TReportTakedownCase[] =>
  Array.from({ length: n }, (_, i) =>
    domainCase(`acme-open-${i}.com`, { opened_at: new Date(Date.UTC(2025, 4, 1, 0, i)).toISOString() }),
  );
