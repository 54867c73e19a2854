import type { FastifyInstance, FastifyReply } from "fastify";
import type { Platform, SocialProfile } from "../../scenario/services-schema.ts";
import { escapeHtml, hash32, seededRng, sleep } from "../http.ts";

// Shared pieces of the fake social platforms: profile lookup, the state gate (slow, 429, WAF)
// and HTML helpers. Each platform module only decides what its pages and APIs look like.

export interface PlatformCtx {
  platform: Platform;
  /** The scenario says this platform walls every logged-out visitor (`social_login_walls`). */
  walled: boolean;
  /** Base URL of this platform's server, known once it listens. */
  base(): string;
  /** Case-insensitive lookup; strips a leading "@". */
  find(handle: string): SocialProfile | undefined;
  all(): SocialProfile[];
  avatarUrl(p: SocialProfile): string;
}

export interface PlatformDef {
  id: Platform;
  /** Env suffix: SOCIAL_<ENV>_BASE_URL. */
  env: string;
  /** Path of the public profile page, as on the real site. */
  profilePath(handle: string): string;
  /** Where the real platform's API root sits relative to the site (for SOCIAL_<ENV>_API_URL). */
  apiPath?: string;
  register(app: FastifyInstance, ctx: PlatformCtx): void;
  /** Some platforms answer bots in their own way (LinkedIn: HTTP 999). */
  waf?(reply: FastifyReply): FastifyReply;
  /**
   * What a logged-out visitor of a profile page gets on a platform that walls them (scenario
   * `social_login_walls`): LinkedIn's 999, Meta's redirect to its login, X's JavaScript shell.
   */
  loginWall?(reply: FastifyReply, path: string): FastifyReply;
  rateLimitBody?(p: SocialProfile): unknown;
}

export type GateStyle = "html" | "json";

/**
 * Applies the profile's failure state before a normal answer. Returns true when the reply
 * was already sent (rate-limited or WAF-blocked); slow profiles only wait.
 */
export async function gate(
  def: PlatformDef,
  p: SocialProfile | undefined,
  reply: FastifyReply,
  style: GateStyle,
): Promise<boolean> {
  if (!p) return false;
  if (p.state === "slow") await sleep(p.delay_ms);
  if (p.state === "ratelimited") {
    const reset = Math.floor(Date.now() / 1000) + p.retry_after_s;
    reply
      .code(429)
      .header("retry-after", String(p.retry_after_s))
      .header("x-ratelimit-limit", "60")
      .header("x-ratelimit-remaining", "0")
      .header("x-ratelimit-reset", String(reset));
    if (style === "json") {
      reply.send(def.rateLimitBody?.(p) ?? { error: "rate_limited", message: "Too Many Requests" });
    } else {
      reply
        .type("text/html; charset=utf-8")
        .send(page("429 Too Many Requests", "<h1>Too Many Requests</h1>"));
    }
    return true;
  }
  if (p.state === "waf") {
    if (def.waf) def.waf(reply);
    else cloudflareChallenge(reply);
    return true;
  }
  return false;
}

/** Cloudflare managed-challenge interstitial, with the markers scanners fingerprint. */
function cloudflareChallenge(reply: FastifyReply): FastifyReply {
  const ray = (hash32(String(Date.now())) >>> 0).toString(16).padStart(16, "0");
  return reply
    .code(403)
    .header("server", "cloudflare")
    .header("cf-ray", `${ray}-AMS`)
    .header("cf-mitigated", "challenge")
    .header("cache-control", "private, max-age=0, no-store, no-cache, must-revalidate")
    .type("text/html; charset=UTF-8")
    .send(
      `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title>` +
        `<meta http-equiv="Content-Type" content="text/html; charset=UTF-8"><meta name="robots" content="noindex,nofollow">` +
        `<style>*{box-sizing:border-box}#challenge-error-text{color:#c00}</style></head><body>` +
        `<div class="main-wrapper" role="main"><div class="main-content"><h1 class="zone-name-title h1">Verifying you are human. This may take a few seconds.</h1>` +
        `<noscript><div id="challenge-error-text">Enable JavaScript and cookies to continue</div></noscript></div></div>` +
        `<script>(function(){window._cf_chl_opt={cvId:'3',cType:'managed',cRay:'${ray}'};var a=document.createElement('script');` +
        `a.src='/cdn-cgi/challenge-platform/h/g/orchestrate/chl_page/v1?ray=${ray}';document.getElementsByTagName('head')[0].appendChild(a);}());</script>` +
        `</body></html>`,
    );
}

export function page(title: string, body: string, head = ""): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>${head}</head><body>${body}</body></html>`;
}

export function meta(attrs: Record<string, string>): string {
  return Object.entries(attrs)
    .map(([k, v]) => {
      const attr = k.startsWith("og:") || k.startsWith("profile:") ? "property" : "name";
      return `<meta ${attr}="${escapeHtml(k)}" content="${escapeHtml(v)}">`;
    })
    .join("");
}

export function sendHtml(reply: FastifyReply, html: string, code = 200): FastifyReply {
  return reply.code(code).type("text/html; charset=utf-8").send(html);
}

/** JSON embedded in a <script> tag, escaped so "</script>" in a bio cannot break out. */
export function scriptJson(data: unknown, attrs = 'type="application/json"'): string {
  return `<script ${attrs}>${JSON.stringify(data).replace(/</g, "\\u003c")}</script>`;
}

export function numericId(p: SocialProfile, digits = 9): string {
  const h = hash32(`${p.platform}:${p.handle.toLowerCase()}`);
  return String(10 ** (digits - 1) + (h % (9 * 10 ** (digits - 1))));
}

export function fmtCount(n: number): string {
  return n.toLocaleString("en-US");
}

export function linksHtml(p: SocialProfile): string {
  return p.links
    .map((l) => `<a rel="nofollow me noopener" href="${escapeHtml(l)}">${escapeHtml(l)}</a>`)
    .join(" ");
}

export function randomToken(
  seed: string,
  len: number,
  alphabet = "abcdefghijklmnopqrstuvwxyz234567",
): string {
  const rnd = seededRng(seed);
  let out = "";
  for (let i = 0; i < len; i++) out += alphabet[Math.floor(rnd() * alphabet.length)];
  return out;
}

export function stripAt(h: string): string {
  return h.replace(/^@/, "");
}

/**
 * JSON as each real service serializes it: `compact` (Rails, Node), `pretty` (api.github.com:
 * two-space indent), `python` (reddit.com: `", "` and `": "` separators) or `escaped` (Meta's
 * web APIs: `\/` in URLs and non-ASCII as `\uXXXX`).
 */
export function jsonText(data: unknown, style: "compact" | "pretty" | "python" | "escaped"): string {
  switch (style) {
    case "compact":
      return JSON.stringify(data);
    case "pretty":
      return JSON.stringify(data, null, 2);
    case "python":
      return pythonJson(data);
    case "escaped":
      return JSON.stringify(data)
        .replace(/\//g, "\\/")
        .replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  }
}

function pythonJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(pythonJson).join(", ")}]`;
  if (v && typeof v === "object")
    return `{${Object.entries(v)
      .filter(([, x]) => x !== undefined)
      .map(([k, x]) => `${JSON.stringify(k)}: ${pythonJson(x)}`)
      .join(", ")}}`;
  // Python's json.dumps writes non-ASCII as \uXXXX (ensure_ascii) and floats with a point.
  return (JSON.stringify(v) ?? "null").replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/**
 * A fixed-window request counter per client (the Authorization header, else the address), as
 * the platforms count: `take` says what is left after this request and when the window ends.
 */
export function rateWindow(limit: (authorized: boolean) => number, windowS: number) {
  const windows = new Map<string, { start: number; used: number }>();
  return {
    take(key: string, authorized: boolean, now = Date.now()) {
      let w = windows.get(key);
      if (!w || now >= w.start + windowS * 1000) windows.set(key, (w = { start: now, used: 0 }));
      const max = limit(authorized);
      const allowed = w.used < max;
      if (allowed) w.used++;
      return {
        allowed,
        limit: max,
        used: w.used,
        remaining: max - w.used,
        resetEpoch: Math.ceil((w.start + windowS * 1000) / 1000),
        resetInS: Math.max(0, Math.ceil((w.start + windowS * 1000 - now) / 1000)),
      };
    },
  };
}

/** Counts as a page in a space-grouping locale writes them: 12 345 with a no-break or thin space. */
export function fmtCountSpaced(n: number, space = "\u00a0"): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, space);
}

/** Instagram/TikTok style abbreviations: 1,234 → "1,234"; 12,345 → "12.3K"; 1,234,567 → "1.2M". */
export function fmtCountShort(n: number): string {
  if (n < 10_000) return n.toLocaleString("en-US");
  if (n < 1_000_000) return `${(Math.floor(n / 100) / 10).toString()}K`;
  return `${(Math.floor(n / 100_000) / 10).toString()}M`;
}

/** Answers with the platform's login wall when the scenario walls it; true when it did. */
export function walledOff(def: PlatformDef, ctx: PlatformCtx, reply: FastifyReply, path: string): boolean {
  if (!ctx.walled || !def.loginWall) return false;
  def.loginWall(reply, path);
  return true;
}

/** A redirect to the platform's login page with the page asked for as `next` (Meta, Threads). */
export function loginRedirect(reply: FastifyReply, loginPath: string, next: string): FastifyReply {
  return reply
    .code(302)
    .header("location", `${loginPath}?next=${encodeURIComponent(next)}`)
    .header("cache-control", "private, no-cache, no-store, must-revalidate")
    .send("");
}
