import { z } from "zod";
import { ZAlert, ZAlertType } from "../alerts.ts";

/** The alert feed (`/alerts`). */

/** `GET /alerts[?page=&unread=true|false&type=]`. */
export const ZAlertsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  unread: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "true")),
  type: ZAlertType.optional(),
});

/** `GET /alerts`: newest first, with how many are unread. */
export const ZAlertsPage = z.object({
  alerts: z.array(ZAlert),
  page: z.number().int().min(1),
  per_page: z.number().int().min(1),
  total: z.number().int().min(0),
  unread: z.number().int().min(0),
});
export type TAlertsPage = z.infer<typeof ZAlertsPage>;

/** `POST /alerts/:id/read`. */
export const ZAlertRead = z.object({ alert: ZAlert });

/** `POST /alerts/read_all`: how many were marked. */
export const ZAlertsMarked = z.object({ marked: z.number().int().min(0) });
