import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { allDomains, type DomainEntry, type Scenario } from "../scenario/schema.ts";
import { ProviderSites, providerHomePage, securityTxt } from "./provider-sites.ts";
import {
  defaultHostPage,
  errorPage,
  parkedPage,
  parkingProvider,
  phishingPage,
  unrelatedPage,
} from "./pages.ts";

// Which scenario domain a Host name (or SNI name) belongs to, and what its site answers.

export class SiteDirectory {
  private readonly byName = new Map<string, DomainEntry>();
  readonly brandHtml: string;
  readonly logo: Buffer;
  readonly primary: string;
  readonly providers: ProviderSites;

  constructor(scenario: Scenario) {
    this.providers = new ProviderSites(scenario);
    for (const d of allDomains(scenario)) this.byName.set(d.domain, d);
    this.primary = scenario.brand.primary_domain;
    const primary = this.byName.get(this.primary);
    this.brandHtml = primary?.owned ? primary.site.html : "";
    this.logo = Buffer.from(scenario.brand.logo_png_base64, "base64");
  }

  // www.<domain> and, for wildcard zones, any name below <domain>.
  find(rawHost: string): DomainEntry | null {
    const host = rawHost.toLowerCase().replace(/\.$/, "");
    const exact = this.byName.get(host);
    if (exact) return exact;
    if (host.startsWith("www.")) {
      const d = this.byName.get(host.slice(4));
      if (d?.dns.www) return d;
    }
    for (let n = host, dot = n.indexOf("."); dot >= 0; dot = n.indexOf(".")) {
      n = n.slice(dot + 1);
      const d = this.byName.get(n);
      if (d?.dns.wildcard) return d;
    }
    return null;
  }

  entries(): IterableIterator<DomainEntry> {
    return this.byName.values();
  }
}

function hostOf(req: IncomingMessage): string {
  const host = req.headers.host ?? "";
  return host.startsWith("[") ? host : host.replace(/:\d+$/, "");
}

// The server header of the origin, unless a CDN's edge answers for it (its own headers).
function edge(res: ServerResponse): Record<string, string> {
  return (res as ServerResponse & { edge?: Record<string, string> | null }).edge ?? { server: "nginx" };
}

function send(res: ServerResponse, status: number, body: string | Buffer, type = "text/html; charset=utf-8") {
  res.writeHead(status, { "content-type": type, "content-length": Buffer.byteLength(body), ...edge(res) });
  res.end(body);
}

function redirect(res: ServerResponse, location: string, status = 301) {
  res.writeHead(status, { location, "content-type": "text/html", "content-length": 0, ...edge(res) });
  res.end();
}

// The request handler shared by every web host, HTTP and HTTPS. `dialled` says which address a
// connection came in on, where the socket's own local address is not it (a network path).
export function createSiteHandler(
  dir: SiteDirectory,
  held: Set<ServerResponse>,
  dialled: (socket: Socket) => string | undefined = (s) => s.localAddress,
) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const secure = "encrypted" in req.socket && Boolean(req.socket.encrypted);
    const entry = dir.find(hostOf(req));
    const path = (req.url ?? "/").split("?")[0]!;
    Object.assign(res, { edge: dir.providers.edgeHeaders(dialled(req.socket)) });
    const provider = entry ? null : dir.providers.find(hostOf(req).toLowerCase());
    if (provider) {
      if (path === "/.well-known/security.txt")
        return send(res, 200, securityTxt(provider, new Date()), "text/plain; charset=utf-8");
      return path === "/" ? send(res, 200, providerHomePage(provider)) : send(res, 404, errorPage(404));
    }
    if (!entry) return send(res, 404, defaultHostPage());
    const isAsset = path === "/logo.png" || path === "/favicon.ico";
    if (entry.owned) {
      if (entry.site.redirect_to) return redirect(res, entry.site.redirect_to);
      if (!secure && entry.tls) return redirect(res, `https://${hostOf(req)}${req.url ?? "/"}`);
      if (isAsset) return send(res, 200, dir.logo, "image/png");
      if (req.method === "POST") return send(res, 200, "<p>Invalid username or password.</p>");
      if (path === "/" || path === "/login") return send(res, 200, entry.site.html);
      return send(res, 404, errorPage(404));
    }
    const site = entry.site;
    switch (entry.site_kind) {
      case "phishing": {
        if (isAsset) return send(res, 200, dir.logo, "image/png");
        // Kits take the credentials and bounce the victim to the real site.
        if (req.method === "POST") return redirect(res, `https://${dir.primary}/`, 302);
        const action = site.form_action ?? `https://${entry.domain}/auth/verify.php`;
        return send(res, 200, site.html ?? phishingPage(dir.brandHtml, action, entry.domain));
      }
      case "parked":
        return send(res, 200, site.html ?? parkedPage(entry.domain, parkingProvider(entry.dns.ns)));
      case "redirect":
        return redirect(res, site.redirect_to ?? `https://${dir.primary}/`);
      case "unrelated":
        return send(res, 200, site.html ?? unrelatedPage(entry));
      case "error": {
        const status = site.http_status ?? 503;
        return send(res, status, site.html ?? errorPage(status));
      }
      case "timeout":
        // Accept and never answer; closed when the world stops.
        held.add(res);
        res.on("close", () => held.delete(res));
        return;
      case "reset":
        // A TLS socket has no TCP handle of its own to reset (resetAndDestroy throws there):
        // over HTTPS the connection is dropped instead.
        if (secure) req.socket.destroy();
        else req.socket.resetAndDestroy();
        return;
      case "mail_only":
        return send(res, 404, defaultHostPage());
    }
  };
}
