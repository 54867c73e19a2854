import type { TScanStage } from "@brandwarden/contract/constants";

export interface ScanView {
  scan_id: string;
  status: string;
  error: string | null;
  stage_states: Partial<Record<TScanStage, { status: string; done: number; total: number }>>;
  resume_from_stage: string | null;
}

/** What two runs of one world must agree on, per finding. */
export interface FindingKey {
  domain: string;
  resolve_status: string;
  score: number | null;
  severity: string | null;
}

/**
 * A user's browser against a running web process, over HTTP like the UI: a session cookie, the
 * CSRF token on writes. It survives the web process being killed and started again (the session
 * lives in the database), so the same user can look again afterwards.
 */
export function webClient(baseUrl: string) {
  const jar = new Map<string, string>();
  let csrf = "";
  async function request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    const res = await fetch(new URL(path, baseUrl), {
      method,
      headers: {
        ...headers,
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...(method === "GET" ? {} : { "x-csrf-token": csrf }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const at = pair!.indexOf("=");
      const [name, value] = [pair!.slice(0, at).trim(), pair!.slice(at + 1).trim()];
      if (value) jar.set(name, value);
      else jar.delete(name);
    }
    const token = jar.get("csrf_token");
    if (token) csrf = token;
    return res;
  }
  async function json<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await request(method, path, body);
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return JSON.parse(text) as T;
  }
  const client = {
    /** Signs up and saves a brand profile for the world's brand (webhooks to `webhookUrl`). */
    async signUp(email: string, profile: { domain: string; brand: string; webhookUrl: string }) {
      csrf = (await json<{ csrf_token: string }>("GET", "/session")).csrf_token;
      const { user } = await json<{ user: { id: string } }>("POST", "/registration", {
        email,
        password: "correct horse battery staple",
      });
      await json("PUT", "/account", {
        brand_name: profile.brand,
        keywords: ["bank"],
        owned_domains: [profile.domain],
        webhook_url: profile.webhookUrl,
      });
      return user.id;
    },
    async startScan(): Promise<string> {
      return (await json<{ scan_id: string }>("POST", "/dashboard/scans", {})).scan_id;
    },
    resume: (scanId: string) => json<{ scan: ScanView }>("POST", `/dashboard/scans/${scanId}/resume`, {}),
    async status(scanId: string) {
      return json<{ scan: ScanView; report: { status: string } | null; log: Array<{ message: string }> }>(
        "GET",
        `/dashboard/status?scan_id=${scanId}`,
      );
    },
    /**
     * Opens the scan's event stream as the dashboard's EventSource does; `text()` is what it
     * received so far, `ended` resolves when the server ended it.
     */
    async openEvents(scanId: string) {
      const res = await request("GET", `/scans/${scanId}/events`, undefined, { accept: "text/event-stream" });
      if (!res.ok || !res.body) throw new Error(`event stream: ${res.status} ${await res.text()}`);
      let text = "";
      const decoder = new TextDecoder();
      const ended = (async () => {
        try {
          for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>)
            text += decoder.decode(chunk, { stream: true });
          return "ended" as const;
        } catch {
          return "cut" as const; // reset rather than ended
        }
      })();
      return { text: () => text, ended };
    },
    /** Every domain finding of the scan as the dashboard lists it, sorted by domain. */
    async rawFindings(scanId: string): Promise<Array<FindingKey & Record<string, unknown>>> {
      const all: Array<FindingKey & Record<string, unknown>> = [];
      for (let page = 1; ; page++) {
        const res = await json<{ findings: Array<FindingKey & Record<string, unknown>>; total: number }>(
          "GET",
          `/dashboard/findings?scan_id=${scanId}&sort=domain&dir=asc&page=${page}`,
        );
        all.push(...res.findings);
        if (res.findings.length === 0 || all.length >= res.total) break;
      }
      return all.sort((a, b) => a.domain.localeCompare(b.domain));
    },
    /** What two runs must agree on, per finding. */
    async findings(scanId: string): Promise<FindingKey[]> {
      return (await client.rawFindings(scanId)).map(({ domain, resolve_status, score, severity }) => ({
        domain,
        resolve_status,
        score,
        severity,
      }));
    },
  };
  return client;
}

export type WebClient = ReturnType<typeof webClient>;
