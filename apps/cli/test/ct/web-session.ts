/**
 * A user's browser against a running web process, over HTTP as the UI talks to it: the session
 * cookie on every request, the CSRF token on writes, `Accept` as a script or a browser sends it.
 */
export function webSession(baseUrl: string) {
  const jar = new Map<string, string>();
  let csrf = "";

  async function request(
    method: string,
    path: string,
    opts: { body?: unknown; accept?: string } = {},
  ): Promise<Response> {
    const res = await fetch(new URL(path, baseUrl), {
      method,
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
        accept: opts.accept ?? "application/json",
        ...(opts.body !== undefined ? { "content-type": "application/json" } : {}),
        ...(method === "GET" ? {} : { "x-csrf-token": csrf }),
      },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const at = pair.indexOf("=");
      const [name, value] = [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
      if (value) jar.set(name, value);
      else jar.delete(name);
    }
    return res;
  }

  async function json<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await request(method, path, { body });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return JSON.parse(text) as T;
  }

  return {
    request,
    json,
    /** Signs up (and is signed in): the session cookie and the CSRF token for what follows. */
    async signUp(email: string, password: string): Promise<string> {
      csrf = (await json<{ csrf_token: string }>("GET", "/session")).csrf_token;
      const res = await json<{ user: { id: string }; csrf_token: string }>("POST", "/registration", {
        email,
        password,
      });
      csrf = res.csrf_token;
      return res.user.id;
    },
  };
}

export type WebSession = ReturnType<typeof webSession>;
