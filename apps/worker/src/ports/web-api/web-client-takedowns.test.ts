import { describe, expect, it } from "vitest";
import { takedownCases } from "../../../testing/takedown-cases-fixture.ts";
import { createWebClient } from "./web-client.ts";

/** A web app that answers the cases route with `status` (and the fixture's cases on 200). */
function clientAnswering(status: number) {
  const asked: string[] = [];
  const fetch = (async (url: string) => {
    asked.push(url);
    return status === 200
      ? Response.json({ cases: takedownCases() })
      : Response.json({ error: status === 404 ? "not_found" : "internal", message: "no" }, { status });
  }) as typeof globalThis.fetch;
  return { client: createWebClient({ baseUrl: "http://web.test/", token: "t", fetch }), asked };
}

describe("the web client's read of a scan owner's takedown cases", () => {
  it("reads GET /v1/scans/:id/takedown_cases and checks it against the contract", async () => {
    const { client, asked } = clientAnswering(200);
    const cases = await client.getTakedownCases!("3f1c0e4e-7d55-4f5e-9a57-1c1f7e1c9b1a");
    expect(cases.map((c) => c.state)).toEqual(["down", "escalated", "sent", "open", "withdrawn", "down"]);
    expect(asked).toEqual(["http://web.test/v1/scans/3f1c0e4e-7d55-4f5e-9a57-1c1f7e1c9b1a/takedown_cases"]);
  });

  it("takes a 404 (a web app without the route, or no such scan) as no cases, and any other failure as one", async () => {
    await expect(clientAnswering(404).client.getTakedownCases!("s")).resolves.toEqual([]);
    await expect(clientAnswering(500).client.getTakedownCases!("s")).rejects.toMatchObject({ status: 500 });
  });
});
