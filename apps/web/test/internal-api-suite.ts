import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe } from "vitest";
import { auth, dbVariants, startTestWeb, type TestWeb } from "./harness.ts";

export interface InternalApi {
  /** The running web app (set before the first test). */
  readonly t: TestWeb;
  call(
    method: string,
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
}

/** One internal-API suite per database variant (PGlite and PostgreSQL), on a fresh web app each. */
export async function describeInternalApi(name: string, body: (api: InternalApi) => void): Promise<void> {
  for (const { variant, status } of await dbVariants()) {
    describe(`internal API: ${name} on ${variant}`, () => {
      let web: TestWeb;
      beforeAll(async () => {
        status?.assertAvailable();
        web = await startTestWeb(variant);
      });
      afterAll(() => web?.close());
      body({
        get t() {
          return web;
        },
        call: (method, url, payload, headers = auth) =>
          web.app.inject({ method: method as "GET", url, payload: payload as object, headers }),
      });
    });
  }
}
