import type { FastifyInstance } from "fastify";
import helmet from "@fastify/helmet";

/**
 * Security headers on every response of the web application (UI pages, static files, JSON,
 * errors): a strict Content-Security-Policy the built UI runs under (its own scripts and styles
 * only, no inline script, never framed), nosniff, no referrer (finding links lead to phishing
 * sites, which must not learn dashboard URLs), X-Frame-Options DENY, and HSTS when served over https.
 * Source maps are not served: they would publish the UI's source.
 */
export async function installSecurityHeaders(app: FastifyInstance, opts: { https: boolean }): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        // React's `style` props are set through the CSSOM, which CSP does not restrict.
        "style-src": ["'self'"],
        // data: for the inline favicon; blob: for the logo preview before upload.
        "img-src": ["'self'", "data:", "blob:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        ...(opts.https ? { "upgrade-insecure-requests": [] } : {}),
      },
    },
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "no-referrer" },
    strictTransportSecurity: opts.https ? { maxAge: 365 * 24 * 3600, includeSubDomains: true } : false,
  });
  app.addHook("onRequest", async (request, reply) => {
    if (request.url.split("?")[0]!.endsWith(".map")) {
      return reply.status(404).send({ error: "not_found", message: "Not found" });
    }
  });
}
