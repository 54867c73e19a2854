import { request, type Dispatcher } from "undici";

/** The longest Slack Retry-After waited for inside a delivery; longer ones go back to the job's retry. */
const MAX_INLINE_RETRY_AFTER_MS = 2_000;

/** A chat post the receiver did not take; `retryAfterMs` when it asked to come back later. */
class ChatPostError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

/** Retry-After in seconds (what Slack sends) or as an HTTP date. */
function retryAfterMs(header: string | string[] | undefined): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/** POSTs JSON through the SSRF-guarded agent; throws a ChatPostError unless 2xx. */
async function postJson(agent: Dispatcher, service: string, url: string, body: unknown): Promise<void> {
  const res = await request(url, {
    method: "POST",
    dispatcher: agent,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    headersTimeout: 10_000,
    bodyTimeout: 10_000,
  });
  const text = (await res.body.text()).slice(0, 200).trim();
  if (res.statusCode < 300) return;
  throw new ChatPostError(
    `${service} answered ${res.statusCode}${text ? ` ${text}` : ""}`,
    res.statusCode === 429 || res.statusCode === 503 ? retryAfterMs(res.headers["retry-after"]) : null,
  );
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Posts, and when the receiver rate-limits with a short Retry-After (Slack allows about one
 * message per second per webhook) waits it out once; a longer wait is left to the job's retry.
 */
export async function postChat(
  agent: Dispatcher,
  service: string,
  url: string,
  body: unknown,
): Promise<void> {
  try {
    await postJson(agent, service, url, body);
  } catch (err) {
    const wait = err instanceof ChatPostError ? err.retryAfterMs : null;
    if (wait === null || wait > MAX_INLINE_RETRY_AFTER_MS) throw err;
    await sleep(wait);
    await postJson(agent, service, url, body);
  }
}
