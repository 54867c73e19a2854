import { z } from "zod";
import { ZId } from "../common.ts";

/**
 * `GET /exports/misp?scan_id=…` (`FINDINGS_EXPORTS.misp`): the user's lookalikes and impersonating
 * accounts as one MISP event (`{"Event": {...}}`, MISP's JSON export format, which MISP's "Add
 * event → Import from → MISP JSON" and PyMISP's `MISPEvent.load` read), as an attachment: a
 * `phishing` object per phishing lookalike (URL, target, screenshot up to 1 MiB, takedown request,
 * recipients and time once a case was sent), a `domain-ip` object per lookalike at or above the
 * user's `intel.min_severity` (and every phishing one), an `impersonation` object per
 * impersonating account at or above it; tags `tlp:<intel.tlp>`, the brand and the attack
 * campaigns (`brandwarden:campaign="…"`). UUIDs are stable per user and lookalike, so importing a
 * later export updates the same event. Of the scan named (default: the user's newest); a
 * malformed `scan_id` is 422, another user's scan or none is 404; an admin acts for a user with
 * `?user_id=`.
 */
export const ZMispExportQuery = z.object({ scan_id: ZId.optional() });
