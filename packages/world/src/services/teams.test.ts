import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTeams, type RunningTeams } from "./teams.ts";

// The Teams workflow webhook answers as Power Automate's trigger does: 202 with no body, or a
// Logic Apps error; cards are held to the official Adaptive Card 1.5 schema.
let teams: RunningTeams;
beforeAll(async () => {
  teams = await startTeams("127.0.10.1", 0);
});
afterAll(() => teams.close());

const card = (name: string) =>
  JSON.parse(
    readFileSync(new URL(`../../samples/adaptive-cards/${name}.json`, import.meta.url), "utf8"),
  ) as Record<string, unknown>;
const message = (content: unknown) => ({
  type: "message",
  attachments: [{ contentType: "application/vnd.microsoft.card.adaptive", contentUrl: null, content }],
});
const post = (url: string, body: unknown) =>
  fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
const errorCode = async (res: Response) => ({
  status: res.status,
  code: ((await res.json()) as { error: { code: string } }).error.code,
});

describe("Teams workflow webhooks", () => {
  it("takes published Adaptive Cards: 202 Accepted, empty body, stored for the workflow", async () => {
    const url = teams.createWorkflow();
    expect(url).toMatch(
      /\/workflows\/[0-9a-f]{32}\/triggers\/manual\/paths\/invoke\?api-version=1&sp=%2Ftriggers%2Fmanual%2Frun&sv=1\.0&sig=[\w-]+$/,
    );
    for (const name of ["ActivityUpdate", "FlightUpdate"]) {
      const res = await post(url, message(card(name)));
      expect(res.status).toBe(202);
      expect(await res.text()).toBe("");
      expect(res.headers.get("x-ms-workflow-run-id")).toMatch(/^0858[0-9A-F]{24}$/);
    }
    const wf = /\/workflows\/([^/]+)\//.exec(url)![1];
    const got = teams.messages().filter((m) => m.workflow_id === wf);
    expect(got.map((m) => m.cards[0])).toEqual([card("ActivityUpdate"), card("FlightUpdate")]);
  });

  it("refuses what the flow cannot take, with Logic Apps' error codes, and stores nothing", async () => {
    const url = teams.createWorkflow();
    const before = teams.messages().length;
    expect(await errorCode(await post(url, "{not json"))).toEqual({
      status: 400,
      code: "InvalidRequestContent",
    });
    expect(await errorCode(await post(url, { type: "message", text: "hi" }))).toEqual({
      status: 400,
      code: "TriggerInputSchemaMismatch",
    });
    expect(
      await errorCode(
        await post(url, {
          type: "message",
          attachments: [{ contentType: "text/html", content: "<b>x</b>" }],
        }),
      ),
    ).toEqual({ status: 400, code: "TriggerInputSchemaMismatch" });
    // Against the schema: an unknown element, a property the schema does not have, a missing url.
    const bad = [
      { type: "AdaptiveCard", version: "1.5", body: [{ type: "TextBlok", text: "x" }] },
      { type: "AdaptiveCard", version: "1.5", body: [{ type: "TextBlock", text: "x", colour: "Good" }] },
      { type: "AdaptiveCard", version: "1.5", actions: [{ type: "Action.OpenUrl", title: "Open" }] },
      { type: "AdaptiveCard", version: "1.5", msteams: { width: "Full" } },
    ];
    for (const content of bad) {
      const res = await post(url, message(content));
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe("TriggerInputSchemaMismatch");
      expect(body.error.message).toMatch(/not a valid Adaptive Card/);
    }
    expect(teams.messages()).toHaveLength(before);
  });

  it("knows its workflows: no signature 401, a wrong one 401, unknown or deleted 404", async () => {
    const url = teams.createWorkflow();
    const ok = message(card("FlightUpdate"));
    expect(await errorCode(await post(url.replace(/&sig=[^&]+/, ""), ok))).toEqual({
      status: 401,
      code: "DirectApiAuthorizationRequired",
    });
    expect(await errorCode(await post(url.replace(/sig=[^&]+/, "sig=forged"), ok))).toEqual({
      status: 401,
      code: "DirectApiInvalidAuthorizationSignature",
    });
    expect(await errorCode(await post(url.replace(/api-version=1&/, ""), ok))).toEqual({
      status: 400,
      code: "MissingApiVersionParameter",
    });
    teams.deleteWorkflow(url);
    expect(await errorCode(await post(url, ok))).toEqual({ status: 404, code: "WorkflowNotFound" });
  });

  it("faults: a 500 or a throttle for the next N posts, then 202 again", async () => {
    const url = teams.createWorkflow();
    const ok = message(card("FlightUpdate"));
    teams.setFaults({ server_error: true, times: 1 });
    expect(await errorCode(await post(url, ok))).toEqual({ status: 500, code: "InternalServerError" });
    teams.setFaults({ rate_limit: true, retry_after_s: 3, times: 1 });
    const throttled = await post(url, ok);
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get("retry-after")).toBe("3");
    expect((await post(url, ok)).status).toBe(202);
  });
});
