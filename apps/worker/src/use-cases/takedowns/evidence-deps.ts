import type { RecipientDeps } from "../../capabilities/abuse-contacts/find-recipients.ts";
import type { CaptureDeps } from "../../capabilities/evidence/capture-site.ts";
import type { AuditApi } from "../../ports/web-api/web-api.port.ts";

/** What building an evidence pack needs (domain and social cases alike). */
export interface EvidenceDeps {
  web: AuditApi;
  capture: CaptureDeps;
  recipients: RecipientDeps;
  /** "Brandwarden <version>", named in the pack's warcinfo. */
  software: string;
}
