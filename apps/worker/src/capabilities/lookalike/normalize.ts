/**
 * Input normalisation: accepts a hostname in Unicode or punycode, any case, with a trailing dot,
 * or a URL (scheme, port, path), and returns its parts; anything else is a PermutationInputError.
 */
import { isIP } from "node:net";
import { toASCII, toUnicode } from "tr46";
import { PermutationInputError } from "./errors.ts";
import { splitDomain } from "./psl.ts";
import type { OriginalDomain } from "./types.ts";

const TR46_INPUT = {
  checkBidi: true,
  checkHyphens: true,
  checkJoiners: true,
  useSTD3ASCIIRules: true,
  verifyDNSLength: true,
  transitionalProcessing: false,
} as const;

export function normalizeInput(input: string): OriginalDomain {
  if (typeof input !== "string") throw new PermutationInputError("domain must be a string", String(input));
  let host = input.trim();
  if (host === "") throw new PermutationInputError("domain is empty", input);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(host) || /[/?#@]/.test(host) || /:\d+$/.test(host)) {
    host = hostFromUrl(host, input);
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
  const ascii = toASCII(host, TR46_INPUT);
  if (ascii === null || ascii.split(".").some((l) => l === "")) {
    throw new PermutationInputError(
      `"${input}" is not a valid domain name (IDNA 2008 / hostname rules: letters, digits, inner hyphens, labels of 1-63 octets)`,
      input,
    );
  }
  const unicode = toUnicode(ascii, TR46_INPUT).domain;
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
