/**
 * Text as the report prints it: the report font (DejaVu Sans, see pdf-doc.ts) covers the scripts
 * page titles and homographs come in, so text keeps its characters; only control characters go.
 */

/** `s` (NFC) with tabs as spaces and other control characters dropped. */
export function pdfSafe(s: string | null | undefined): string {
  if (!s) return "";
  let out = "";
  for (const ch of s.normalize("NFC")) {
    const cp = ch.codePointAt(0)!;
    if (ch === "\t") out += " ";
    else if (ch === "\r") continue;
    else if (cp < 0x20 && ch !== "\n") continue;
    else out += ch;
  }
  return out;
}

/** One line: newlines folded, long text cut with an ellipsis. */
export function oneLine(s: string | null | undefined, max = 200): string {
  const flat = pdfSafe(s).replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/**
 * How a domain is printed: an internationalised name as the reader sees it with its `xn--` form
 * beside ("pаypal.com (xn--pypal-4ve.com)"); when the font cannot show the Unicode form
 * (`printable` false), the `xn--` form with a note.
 */
export function displayDomain(
  domain: string,
  unicode: string | null | undefined,
  printable: (s: string) => boolean,
): string {
  if (!unicode || unicode === domain) return domain;
  if (printable(unicode)) return `${unicode} (${domain})`;
  return `${domain} (internationalised name; Unicode form not printable in this report)`;
}
