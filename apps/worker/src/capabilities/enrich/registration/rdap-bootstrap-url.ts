import { url } from "@brandwarden/platform/config/env-fields";
import { z } from "zod";

// RDAP_BOOTSTRAP_URL names IANA's bootstrap directory (https://data.iana.org/rdap/), to which the
// client appends dns.json or ipv4.json. The URL of one of those files is a common mistake: it is
// taken as its directory. Any other file name is refused at start, naming the variable, rather
// than giving "RDAP unavailable" on every finding.

/** The files IANA publishes in the bootstrap directory (RFC 9224 and the object-tags registry). */
const BOOTSTRAP_FILES = new Set(["dns.json", "ipv4.json", "ipv6.json", "asn.json", "object-tags.json"]);

export function rdapBootstrapUrl() {
  return url(["http", "https"]).transform((raw, ctx) => {
    const parsed = new URL(raw);
    const last = parsed.pathname.split("/").pop() ?? "";
    if (BOOTSTRAP_FILES.has(last.toLowerCase())) {
      parsed.pathname = parsed.pathname.slice(0, -last.length);
    } else if (/\.[a-z0-9]+$/i.test(last)) {
      ctx.addIssue({
        code: "custom",
        message: `expected the bootstrap directory that holds dns.json (like https://data.iana.org/rdap/), not the file ${last}`,
      });
      return z.NEVER;
    } else if (!parsed.pathname.endsWith("/")) {
      parsed.pathname = `${parsed.pathname}/`;
    }
    return parsed.toString();
  });
}
