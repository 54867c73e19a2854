import type { FastifyInstance, LightMyRequestResponse } from "fastify";

/**
 * A cookie-keeping client for `app.inject`, like one browser: it fetches the CSRF token from
 * `GET /session` and sends it as `x-csrf-token` on state-changing requests.
 */
export function browserAgent(app: FastifyInstance, opts: { remoteAddress?: string } = {}) {
  const jar = new Map<string, string>();
  let csrf = "";
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const keep = (res: LightMyRequestResponse) => {
    for (const c of res.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      if (c.value === "" || (c.expires && c.expires.getTime() < Date.now())) jar.delete(c.name);
      else jar.set(c.name, c.value);
    }
    // Like the UI: the CSRF token is re-read from its cookie, which changes with login and logout.
    const token = jar.get("__Host-csrf_token") ?? jar.get("csrf_token");
    if (token) csrf = token;
    return res;
  };
  const agent = {
    async request(method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) {
      const res = await app.inject({
        method: method as "GET",
        url,
        ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
        payload: payload as object,
        headers: {
          cookie: cookieHeader(),
          ...(method === "GET" ? {} : { "x-csrf-token": csrf }),
          ...headers,
        },
      });
      return keep(res);
    },
    async init() {
      const res = await agent.request("GET", "/session");
      csrf = res.json().csrf_token;
      return res;
    },
    get: (url: string) => agent.request("GET", url),
    post: (url: string, body?: unknown) => agent.request("POST", url, body ?? {}),
    put: (url: string, body?: unknown) => agent.request("PUT", url, body ?? {}),
    patch: (url: string, body?: unknown) => agent.request("PATCH", url, body ?? {}),
    del: (url: string) => agent.request("DELETE", url),
    async signup(email: string, password = "correct horse battery staple") {
      await agent.init();
      const res = await agent.post("/registration", { email, password });
      if (res.statusCode !== 201) throw new Error(`signup failed: ${res.body}`);
      return res.json().user as { id: string; email: string; admin: boolean };
    },
    get csrf() {
      return csrf;
    },
    cookies: jar,
  };
  return agent;
}
