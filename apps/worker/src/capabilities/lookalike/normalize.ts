/**
 * Input normalisation: accepts a hostname in Unicode or punycode, any case, with a trailing dot,
 * or a URL (scheme, port, path), and returns its parts; anything else is a PermutationInputError.
 */
import { isIP } from "node:net";
import { PermutationInputError } from "./errors.ts";
import { domainToAscii } from "./idna.ts";
import { splitDomain } from "./psl.ts";
import type { OriginalDomain } from "./types.ts";

/** The ideographic, full-width and half-width full stops: UTS #46 maps each to "." (IdnaMappingTable). */
const OTHER_FULL_STOPS = /[\u3002\uff0e\uff61]/g;

export function normalizeInput(input: string): OriginalDomain {
  if (typeof input !== "string") throw new PermutationInputError("domain must be a string", String(input));
  let host = input.trim().replace(OTHER_FULL_STOPS, ".");
  if (host === "") throw new PermutationInputError("domain is empty", input);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(host) || /[/?#@]/.test(host) || /:\d+$/.test(host)) {
    host = hostFromUrl(host, input);
  }
  if (host.startsWith(".")) {
    throw new PermutationInputError(
      `"${input}" starts with a dot: a domain name's first label cannot be empty (e.g. example.com, not .example.com)`,
      input,
    );
  }
  host = host.replace(/\.$/, "");
  if (/\s/.test(host))
    throw new PermutationInputError(`"${input}" is not a domain name (contains spaces)`, input);
  if (isIP(host) || isIP(host.replace(/^\[|\]$/g, ""))) {
    throw new PermutationInputError(`"${input}" is an IP address, not a domain name`, input);
  }
  if (!host.includes(".")) {
    throw new PermutationInputError(`"${input}" is not a domain name (no dot, e.g. example.com)`, input);
  }
  const converted = domainToAscii(host);
  if (!converted.ok) {
    throw new PermutationInputError(
      `"${input}" is not a valid domain name: it ${converted.error} (IDNA / hostname rules: letters, digits, inner hyphens, labels of 1-63 octets)`,
      input,
    );
  }
  const { ascii, unicode } = converted;
  const parts = splitDomain(ascii);
  if (!parts.registrable || !parts.suffix) {
    throw new PermutationInputError(`"${input}" is a public suffix, not a registrable domain`, input);
  }
  const label =
    ascii
      .slice(0, ascii.length - parts.suffix.length - 1)
      .split(".")
      .pop() ?? "";
  const unicodeLabels = unicode.split(".");
  const suffixLabels = parts.suffix.split(".").length;
  const labelIndex = unicodeLabels.length - suffixLabels - 1;
  return {
    domain: ascii,
    domain_unicode: unicode,
    registrable: parts.registrable,
    suffix: parts.suffix,
    label: unicodeLabels[labelIndex] ?? label,
    subdomain: unicodeLabels.slice(0, labelIndex).join("."),
  };
}

function hostFromUrl(text: string, input: string): string {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`;
  try {
    const url = new URL(withScheme);
    if (!url.hostname) throw new Error("no host");
    return decodeURIComponent(url.hostname);
  } catch {
    throw new PermutationInputError(`"${input}" is not a domain name or URL`, input);
  }
}
