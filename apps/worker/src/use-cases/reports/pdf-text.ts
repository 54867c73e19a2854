/**
 * Text as the report prints it: the report font (DejaVu Sans, see pdf-doc.ts) covers the scripts
 * page titles and homographs come in, so text keeps its characters; only control characters go.
 */

// pdfkit has no bidi algorithm: it lays out each space-separated word on its own (fontkit turns a
// Hebrew or Arabic word right-to-left) and sets the words left to right, so a right-to-left phrase
// comes out in reverse word order. Holding the phrase together (no-break spaces inside, zero-width
// spaces at its ends) lets fontkit lay it out as one right-to-left run, in reading order.
const RTL = "\\p{Script=Arabic}\\p{Script=Hebrew}\\p{Script=Syriac}\\p{Script=Thaana}\\p{Script=Nko}";
const RTL_WORD = `[${RTL}][${RTL}\\p{M}\\p{N}]*`;
const RTL_PHRASE = new RegExp(`${RTL_WORD}(?: +${RTL_WORD})*`, "gu");

function holdRightToLeft(s: string): string {
  return s.replace(RTL_PHRASE, (phrase) => `\u200b${phrase.replace(/ /g, "\u00a0")}\u200b`);
}

/** `s` (NFC) with tabs as spaces, other control characters dropped, right-to-left phrases held. */
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
  return holdRightToLeft(out);
}

/** One line: newlines folded, long text cut with an ellipsis. */
export function oneLine(s: string | null | undefined, max = 200): string {
  const flat = pdfSafe((s ?? "").replace(/\s+/g, " ").trim());
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
