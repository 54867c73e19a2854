import { readFileSync } from "node:fs";
import tls from "node:tls";
import { request } from "undici";
import { readCapped } from "@brandwarden/platform/http/capped-body";
import { createGuardedAgent } from "@brandwarden/platform/net/guarded-agent";
import { resolveHost, type DnsClient } from "../dns/dns.port.ts";
import { errorCode, errorMessage } from "../../lib/network-errors.ts";
import type { HttpClient, HttpResponse, RedirectHop } from "./http.port.ts";

// Outbound HTTP for enrichment: every connection goes through the platform's SSRF-guarded agent,
// names resolve through our DNS client (DNS_NAMESERVERS), optionally pinned to the addresses the
// scan resolved, redirects are followed by hand (bounded, loops detected) and bodies are capped.

export interface HttpClientOptions {
  allowPrivateNetwork: boolean;
  dns: DnsClient;
  /** Trusted roots (PEM) replacing Node's default store; undefined: the default store. */
  ca?: string[];
  userAgent: string;
  timeoutMs: number;
  maxBodyBytes: number;
  /** hostname -> addresses to dial instead of asking DNS (what the scan resolved). */
  pins?: Map<string, string[]>;
}

/**
 * The system roots plus the PEM file at `extraPath` (EXTRA_CA_CERTS); undefined without one, so
 * connections use Node's default store. An explicit list costs a secure-context build (~20 ms of
 * CPU for ~140 roots) per connection, so it is only used when there is something to add.
 */
export function loadTrustedCas(extraPath: string | null | undefined): string[] | undefined {
  return extraPath ? [...tls.rootCertificates, readFileSync(extraPath, "utf8")] : undefined;
}

function flatHeaders(h: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(", ") : v;
  return out;
}

export function createHttpClient(opts: HttpClientOptions): HttpClient {
  const pins = opts.pins ?? new Map<string, string[]>();
  const agent = createGuardedAgent({
    allowPrivateNetwork: opts.allowPrivateNetwork,
    resolve: async (hostname) => pins.get(hostname.toLowerCase()) ?? resolveHost(opts.dns, hostname),
    connectTimeoutMs: opts.timeoutMs,
    headersTimeoutMs: opts.timeoutMs,
    bodyTimeoutMs: opts.timeoutMs,
    ca: opts.ca,
  });

  const get: HttpClient["get"] = async (url, o = {}) => {
    const requestHeaders = {
      "user-agent": opts.userAgent,
      accept: "text/html,application/xhtml+xml,*/*;q=0.8",
      ...o.headers,
    };
    const res = await request(url, {
      method: "GET",
      dispatcher: agent,
      headers: requestHeaders,
      signal: AbortSignal.timeout(opts.timeoutMs),
    });
    const at = new Date();
    const { body, truncated } = await readCapped(res.body, o.maxBodyBytes ?? opts.maxBodyBytes, {
      truncate: true,
    });
    return {
      url,
      status: res.statusCode,
      headers: flatHeaders(res.headers),
      body,
      truncated,
      requestHeaders,
      at,
    };
  };

  const getChain: HttpClient["getChain"] = async (start, o = {}) => {
    const maxRedirects = o.maxRedirects ?? 10;
    const hops: RedirectHop[] = [];
    const responses: HttpResponse[] = [];
    const seen = new Set<string>();
    let url = start;
    for (;;) {
      if (seen.has(url)) return { hops, final: null, stopped: "loop", responses };
      seen.add(url);
      let res: HttpResponse;
      try {
        res = await get(url);
      } catch (err) {
        return {
          hops,
          final: null,
          stopped: "error",
          error: { code: errorCode(err), message: errorMessage(err) },
          responses,
        };
      }
      const location = res.status >= 300 && res.status < 400 ? (res.headers.location ?? null) : null;
      hops.push({ url, status: res.status, location });
      responses.push(res);
      if (!location) return { hops, final: res, stopped: "done", responses };
      if (hops.length > maxRedirects) return { hops, final: res, stopped: "too_many", responses };
      try {
        url = new URL(location, url).toString();
      } catch {
        return { hops, final: res, stopped: "done", responses };
      }
      if (!/^https?:$/.test(new URL(url).protocol)) return { hops, final: res, stopped: "done", responses };
    }
  };

  return { get, getChain, close: () => agent.close() };
}
