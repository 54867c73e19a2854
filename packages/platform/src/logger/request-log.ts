import type { Logger } from "./logger.ts";

const REDACTED = "[redacted]";
/** Path segments that are credentials: the web app's reset tokens (the API's and the UI page's older link forms). */
const SECRET_PATHS = [/^(\/passwords\/)[^/?#]+/, /^(\/reset-password\/)[^/?#]+/, /^(\/reset\/)[^/?#]+/];
/** Query parameters whose values are credentials (snapshot signatures, API and reset tokens, keys). */
const SECRET_PARAM = /^(.*[_-])?(token|sig|signature|secret|key|apikey|password|code|auth)$/i;

/** The URL as it may be logged: credential path segments and query values replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const q = url.indexOf("?");
  let path = q === -1 ? url : url.slice(0, q);
  for (const re of SECRET_PATHS) path = path.replace(re, `$1${REDACTED}`);
  if (q === -1) return path;
  const query = url
    .slice(q + 1)
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      const name = eq === -1 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed name is judged as written.
      }
      return eq !== -1 && SECRET_PARAM.test(decoded) ? `${name}=${REDACTED}` : pair;
    })
    .join("&");
  return `${path}?${query}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  ip?: string;
  host?: string;
  socket?: { remotePort?: number };
}

/**
 * The logger Fastify logs requests with: its `req` serializer writes the URL redacted, so no reset
 * token, snapshot signature or other credential in a URL ever reaches a log line.
 */
export function requestLogger(logger: Logger): Logger {
  return logger.child(
    {},
    {
      serializers: {
        req: (req: LoggedRequest) => ({
          method: req.method,
          url: redactUrl(req.url),
          host: req.host,
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        }),
      },
    },
  );
}
