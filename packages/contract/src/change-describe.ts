import type { TChangeValue, TFieldChange } from "./monitoring.ts";

// What moved, in words (pure; the web app's alerts and e-mails and the UI use the same phrases):
// "login form appeared", "A records 1.2.3.4 → 5.6.7.8", "page content changed (42% similar)".

const FIELD_LABELS: Record<string, string> = {
  registrar: "registrar",
  registration_created: "registration date",
  registration_expires: "expiry date",
  dns_a: "A records",
  dns_aaaa: "AAAA records",
  dns_mx: "MX records",
  dns_ns: "name servers",
  http_status: "HTTP status",
  final_url: "final URL",
  page_title: "page title",
  tls_certificate: "TLS certificate",
  severity: "severity",
  resolve_status: "registration",
  status: "profile status",
  display_name: "display name",
  bio: "bio",
  links: "links",
};

const show = (v: TChangeValue): string =>
  v === null ? "none" : Array.isArray(v) ? v.join(", ") || "none" : String(v);

/** One change as a phrase for alerts and e-mail: "login form appeared", "A records 1.2.3.4 → 5.6.7.8". */
export function describeChange(c: TFieldChange): string {
  const pct = c.similarity !== undefined ? ` (${Math.round(c.similarity * 100)}% similar)` : "";
  switch (c.field) {
    case "login_form":
    case "password_form": {
      const what = c.field === "login_form" ? "login form" : "password field";
      return c.after ? `${what} appeared` : `${what} removed`;
    }
    case "verified":
      return c.after ? "profile became verified" : "profile lost its verified badge";
    case "page_content":
      return `page content changed${pct}`;
    case "screenshot":
      return `page looks different${pct}`;
    case "avatar":
      return `profile picture replaced${pct}`;
    case "tls_certificate":
      return c.before === null ? "TLS certificate issued" : "new TLS certificate";
    case "http_status":
      if (c.after === null) return `site stopped answering (was HTTP ${show(c.before)})`;
      if (c.before === null) return `site started answering (HTTP ${show(c.after)})`;
      return `HTTP status ${show(c.before)} → ${show(c.after)}`;
    case "resolve_status":
      return c.after === "unregistered"
        ? "no longer registered"
        : `registration ${show(c.before)} → ${show(c.after)}`;
    default:
      return `${FIELD_LABELS[c.field] ?? c.field.replace(/_/g, " ")} ${show(c.before)} → ${show(c.after)}`;
  }
}

/** The changes as one sentence, most telling first (forms, page, severity), at most `max` of them. */
export function describeChanges(changes: TFieldChange[], max = 6): string {
  const rank = (f: string) =>
    ["login_form", "password_form", "page_content", "severity", "http_status", "screenshot"].indexOf(f);
  const ordered = [...changes].sort(
    (a, b) => (rank(a.field) < 0 ? 99 : rank(a.field)) - (rank(b.field) < 0 ? 99 : rank(b.field)),
  );
  const parts = ordered.slice(0, max).map(describeChange);
  const more = changes.length - parts.length;
  return parts.join("; ") + (more > 0 ? `; and ${more} more` : "");
}
