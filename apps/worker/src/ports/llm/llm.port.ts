// The LLM port as the worker's capabilities see it: the guarded fetch to an LLM or embeddings
// server (llm-fetch.ts makes it; provider.ts speaks the chat APIs over it).

/** The part of `fetch` the AI layer uses. */
export type LlmFetch = (
  url: string,
  init: { method: "POST"; headers: Record<string, string>; body: string; signal?: AbortSignal },
) => Promise<Pick<Response, "status" | "ok" | "headers" | "text">>;

export interface LlmHttp {
  fetch: LlmFetch;
  close(): Promise<void>;
}
