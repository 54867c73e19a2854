import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

interface RecordedCall {
  path: string;
  authorization: string | undefined;
  body: unknown;
}

/**
 * An HTTP peer speaking the worker's API from the outside, for web-side tests of dispatch and
 * jobs: it records calls and answers what each test scripts (default 202 / 501).
 */
export async function startStubWorker() {
  const calls: RecordedCall[] = [];
  const answers = new Map<string, { status: number; body: unknown }>();
  const holds = new Map<string, Promise<void>>();
  const server: Server = createServer(async (req: IncomingMessage, res) => {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    const path = (req.url ?? "").replace(/^\/api\/v1/, "");
    calls.push({ path, authorization: req.headers.authorization, body: raw ? JSON.parse(raw) : null });
    await holds.get(path);
    const answer =
      answers.get(path) ??
      (path === "/scan/start"
        ? { status: 202, body: { accepted: true } }
        : { status: 501, body: { error: "not_implemented", message: "no" } });
    res.writeHead(answer.status, { "content-type": "application/json" }).end(JSON.stringify(answer.body));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/api/v1`,
    calls,
    answer(path: string, status: number, body: unknown) {
      answers.set(path, { status, body });
    },
    /** Holds answers on `path` until the returned function is called. */
    hold(path: string): () => void {
      let release!: () => void;
      holds.set(path, new Promise<void>((resolve) => (release = resolve)));
      return () => {
        holds.delete(path);
        release();
      };
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export type StubWorker = Awaited<ReturnType<typeof startStubWorker>>;
