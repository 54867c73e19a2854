import { blockedAddressMessage } from "../../lib/network-errors.ts";
import type { LlmFetch } from "../../ports/llm/llm.port.ts";

// Text similarity by embeddings. With an OpenAI-compatible endpoint configured, its
// /embeddings is used (through the guarded LLM fetch: a private address only when named in
// LLM_LOCAL_HOSTS); otherwise (or when it fails) a local embedding that needs no model:
// hashed character trigrams, L2-normalised. Every result says which method produced it.

export interface Embedder {
  embed(texts: string[], signal?: AbortSignal): Promise<{ vectors: number[][]; method: string }>;
}

const LOCAL_DIMS = 256;
const LOCAL_METHOD = `local:trigram-${LOCAL_DIMS}`;

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function localEmbedding(text: string, dims = LOCAL_DIMS): number[] {
  const v = new Array<number>(dims).fill(0);
  const t = ` ${text.toLowerCase().replace(/\s+/g, " ").trim()} `;
  for (let i = 0; i + 3 <= t.length; i++) {
    const h = fnv1a(t.slice(i, i + 3));
    // The sign bit spreads collisions around zero instead of piling them up.
    v[h % dims]! += h & 0x80000000 ? -1 : 1;
  }
  const norm = Math.hypot(...v);
  return norm ? v.map((x) => x / norm) : v;
}

export function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

const localEmbedder: Embedder = {
  async embed(texts) {
    return { vectors: texts.map((t) => localEmbedding(t)), method: LOCAL_METHOD };
  },
};

export interface RemoteEmbedderOptions {
  /** The guarded LLM fetch (`createLlmHttp`). */
  fetch: LlmFetch;
  url: string;
  apiKey: string | null;
  model: string;
  onFallback?: (error: string) => void;
}

const EMBEDDINGS_TIMEOUT_MS = 30_000;

/** The provider's /embeddings; falls back to the local embedding on any failure. */
export function createEmbedder(opts: RemoteEmbedderOptions | null): Embedder {
  if (!opts) return localEmbedder;
  return {
    async embed(texts, signal) {
      if (texts.length === 0) return { vectors: [], method: `api:${opts.model}` };
      try {
        const timeout = AbortSignal.timeout(EMBEDDINGS_TIMEOUT_MS);
        const res = await opts
          .fetch(`${opts.url}/embeddings`, {
            method: "POST",
            headers: {
              "content-type": "application/json",
              accept: "application/json",
              ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}),
            },
            body: JSON.stringify({ model: opts.model, input: texts }),
            signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
          })
          .catch((err: unknown) => {
            throw new Error(`embeddings: ${blockedAddressMessage(err) ?? (err as Error).message}`);
          });
        const body = await res.text();
        if (res.status !== 200) throw new Error(`embeddings: status ${res.status}`);
        const json = JSON.parse(body) as {
          data?: Array<{ index: number; embedding: number[] }>;
        };
        const data = [...(json.data ?? [])].sort((a, b) => a.index - b.index);
        if (data.length !== texts.length || !data.every((d) => Array.isArray(d.embedding)))
          throw new Error("embeddings: malformed answer");
        return { vectors: data.map((d) => d.embedding), method: `api:${opts.model}` };
      } catch (err) {
        opts.onFallback?.(String((err as Error)?.message ?? err));
        return localEmbedder.embed(texts);
      }
    },
  };
}
