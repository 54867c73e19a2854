import { readFileSync } from "node:fs";
import type { Enricher } from "../capabilities/enrich/enricher.ts";
import type { SocialRuntime } from "../capabilities/social/social-runtime.ts";
import type { AuditApi } from "../ports/web-api/web-api.port.ts";

// Takedown cases run on the enricher's sources (DNS, RDAP, WHOIS, the guarded HTTP client, the
// browser): evidence is captured as enrichment would see the site, checks are the watch's. The
// result is what `registerTakedownCaseRoutes` takes.

/** "Brandwarden <version>" from the worker's package.json, named in every evidence pack. */
function software(): string {
  const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version?: string }; // prettier-ignore
  return `Brandwarden ${pkg.version ?? "unknown"}`;
}

export function takedownCaseDeps(opts: {
  web: AuditApi;
  enricher: Enricher;
  social: SocialRuntime;
  checkBudgetMs: number;
}) {
  const d = opts.enricher.deps;
  return {
    evidence: {
      web: opts.web,
      capture: d,
      recipients: { rdap: d.rdap, dns: d.dns, http: d.http, now: () => new Date() },
      software: software(),
    },
    check: { dns: d.dns, rdap: d.rdap, httpFor: d.httpFor, platformBases: opts.social.config.bases },
    checkOptions: { budgetMs: opts.checkBudgetMs },
  };
}
