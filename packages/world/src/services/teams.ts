import { createHmac, randomBytes } from "node:crypto";
import { createChatInbox, registerChatControl } from "./chat-inbox.ts";
import type { FastifyReply } from "fastify";
import { adaptiveCardProblems } from "./adaptive-card-schema.ts";
import { createChatFaults, type ChatFaults } from "./chat-faults.ts";
import { createApp, listen, sleep, type Listening } from "./http.ts";

// A Teams workflow webhook: Power Automate's "When a Teams webhook request is received" trigger
// (https://learn.microsoft.com/en-us/power-automate/teams/teams-webhook, the replacement of
// Office 365 connectors' incoming webhooks), hosted by Logic Apps at
//   POST /workflows/<id>/triggers/manual/paths/invoke?api-version=1&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig=<sig>
// (https://learn.microsoft.com/en-us/azure/logic-apps/logic-apps-http-endpoint). It answers
// 202 Accepted with an empty body and x-ms-workflow-run-id; errors are Logic Apps' JSON
// `{"error":{"code","message"}}`: 404 WorkflowNotFound, 401 DirectApiAuthorizationRequired (no
// sig) / DirectApiInvalidAuthorizationSignature (wrong sig), 400 InvalidRequestContent (not
// JSON) and TriggerInputSchemaMismatch (no `attachments`, or a card the flow's "Post card"
// step would reject). The real trigger accepts such a card and the flow run fails later; here it
// is refused at once so the sender sees it. Cards are checked against the official Adaptive
// Card 1.5 schema (./adaptive-card-schema.ts). Faults (./chat-faults.ts) come on top.

export interface TeamsMessageRecord {
  workflow_id: string;
  /** The Adaptive Card of each attachment. */
  cards: Array<Record<string, unknown>>;
  json: Record<string, unknown>;
  received_at: string;
}

interface TeamsRequestRecord {
  path: string;
  body: string;
  status: number;
  answer: string;
  received_at: string;
}

export interface RunningTeams extends Listening {
  /** A new workflow; its URL is what a user copies from the trigger into the profile. */
  createWorkflow(): string;
  /** Turned off: the workflow answers 404 WorkflowNotFound (as a deleted one does). */
  deleteWorkflow(url: string): void;
  messages(): TeamsMessageRecord[];
  requests(): TeamsRequestRecord[];
  clear(): void;
  waitFor(pred: (m: TeamsMessageRecord) => boolean, timeoutMs?: number): Promise<TeamsMessageRecord>;
  setFaults(f: Partial<ChatFaults>): void;
}

const ADAPTIVE = "application/vnd.microsoft.card.adaptive";
const SP = "/triggers/manual/run";

export async function startTeams(host: string, port: number): Promise<RunningTeams> {
  const key = randomBytes(32);
  const workflows = new Set<string>();
  const inbox = createChatInbox<TeamsMessageRecord, TeamsRequestRecord>("Teams");
  const { messages, requests } = inbox;
  const faults = createChatFaults();
  // Logic Apps signs the trigger URL with an HMAC of the workflow, its permission (sp) and version.
  const sign = (wf: string) =>
    createHmac("sha256", key).update(`${wf}\n${SP}\n1.0`).digest("base64url").slice(0, 43);
  const app = createApp();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "string" }, (_req, body, done) => done(null, body));
  let base = "";

  app.post("/workflows/:wf/triggers/manual/paths/invoke", async (req, reply) => {
    const { wf } = req.params as { wf: string };
    const q = req.query as Record<string, string | undefined>;
    const body = typeof req.body === "string" ? req.body : "";
    const record = (status: number, answer: string) =>
      requests.push({ path: req.url, body, status, answer, received_at: new Date().toISOString() });
    const error = (
      status: number,
      code: string,
      message: string,
      headers: Record<string, string> = {},
    ): FastifyReply => {
      const text = JSON.stringify({ error: { code, message } });
      record(status, text);
      return reply
        .code(status)
        .headers({ "content-type": "application/json; charset=utf-8", ...headers })
        .send(text);
    };
    const f = faults.get();
    if (f.delay_ms) await sleep(f.delay_ms);
    if (!q["api-version"])
      return error(
        400,
        "MissingApiVersionParameter",
        "The api-version query parameter (?api-version=) is required for all requests.",
      );
    if (!workflows.has(wf)) return error(404, "WorkflowNotFound", `The workflow '${wf}' could not be found.`);
    if (!q.sig)
      return error(
        401,
        "DirectApiAuthorizationRequired",
        "The request must be authenticated only by Shared Access scheme.",
      );
    if (q.sig !== sign(wf) || q.sp !== SP || q.sv !== "1.0")
      return error(
        401,
        "DirectApiInvalidAuthorizationSignature",
        "The provided authorization signature is not valid.",
      );
    const fault = faults.take();
    if (fault && "retryAfterS" in fault)
      return error(429, "WorkflowRequestsThrottled", "Number of requests exceeded the limit.", {
        "retry-after": String(fault.retryAfterS),
      });
    if (fault) return error(fault.status, "InternalServerError", "Encountered an internal server error.");

    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      return error(
        400,
        "InvalidRequestContent",
        "The request content is not valid and could not be deserialized.",
      );
    }
    const mismatch = (detail: string) =>
      error(
        400,
        "TriggerInputSchemaMismatch",
        `The input body for trigger 'manual' of type 'Request' did not match its schema definition. Error details: '${detail}'.`,
      );
    const msg = json as Record<string, unknown>;
    if (
      typeof msg !== "object" ||
      msg === null ||
      !Array.isArray(msg.attachments) ||
      msg.attachments.length === 0
    )
      return mismatch("Required property 'attachments' not found in JSON.");
    const cards: Array<Record<string, unknown>> = [];
    for (const [i, a] of (msg.attachments as unknown[]).entries()) {
      const att = a as Record<string, unknown> | null;
      if (!att || att.contentType !== ADAPTIVE)
        return mismatch(`attachments[${i}].contentType must be '${ADAPTIVE}'.`);
      const problems = adaptiveCardProblems(att.content);
      if (problems.length)
        return mismatch(
          `attachments[${i}].content is not a valid Adaptive Card: ${problems.slice(0, 3).join("; ")}`,
        );
      cards.push(att.content as Record<string, unknown>);
    }
    const m: TeamsMessageRecord = {
      workflow_id: wf,
      cards,
      json: msg,
      received_at: new Date().toISOString(),
    };
    inbox.accept(m);
    record(202, "");
    return reply
      .code(202)
      .headers({
        "x-ms-workflow-run-id": `0858${randomBytes(12).toString("hex").toUpperCase()}`,
        "x-ms-request-id": randomBytes(8).toString("hex"),
      })
      .send();
  });

  registerChatControl(app, inbox, faults);
  app.post("/__control/workflows", async () => ({ url: running.createWorkflow() }));

  const l = await listen(app, host, port);
  base = l.url;
  const running: RunningTeams = {
    ...l,
    createWorkflow() {
      const wf = randomBytes(16).toString("hex");
      workflows.add(wf);
      const q = new URLSearchParams({ "api-version": "1", sp: SP, sv: "1.0", sig: sign(wf) });
      return `${base}/workflows/${wf}/triggers/manual/paths/invoke?${q}`;
    },
    deleteWorkflow(url) {
      const m = /\/workflows\/([^/]+)\//.exec(url);
      if (m) workflows.delete(m[1]!);
    },
    messages: () => messages,
    requests: () => requests,
    clear: inbox.clear,
    waitFor: inbox.waitFor,
    setFaults: (f) => faults.set(f),
  };
  return running;
}
