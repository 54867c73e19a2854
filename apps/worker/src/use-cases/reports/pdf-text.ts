/**
 * Text the PDF's standard fonts can show. Helvetica and friends encode WinAnsi (cp1252) only: any
 * other character would print as garbage, so text is made safe here and domains whose Unicode form
 * the font cannot show are printed in their punycode (ASCII) form only.
 */

// The cp1252 characters outside Latin-1 (0x80-0x9F block).
const CP1252_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ".split("").map((c) => c.codePointAt(0)!));

function renderableChar(cp: number): boolean {
  return cp === 0x0a || (cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff) || CP1252_EXTRA.has(cp);
}

/** True when every character of `s` is in the standard fonts' encoding. */
function canRender(s: string): boolean {
  for (const ch of s) if (!renderableChar(ch.codePointAt(0)!)) return false;
  return true;
}

/** `s` with tabs as spaces, control characters dropped and unrenderable characters as `?`. */
export function pdfSafe(s: string | null | undefined): string {
  if (!s) return "";
  let out = "";
  for (const ch of s.normalize("NFC")) {
    const cp = ch.codePointAt(0)!;
    if (ch === "\t") out += " ";
    else if (ch === "\r") continue;
    else if (cp < 0x20 && ch !== "\n") continue;
    else out += renderableChar(cp) ? ch : "?";
  }
  return out;
}

/** One line: newlines folded, long text cut with an ellipsis. */
export function oneLine(s: string | null | undefined, max = 200): string {
  const flat = pdfSafe(s).replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/**
 * How a domain is printed: the punycode form, plus the Unicode form in parentheses when it differs
 * and the font can show it; otherwise a note that the Unicode form is not shown.
 */
export function displayDomain(domain: string, unicode: string | null | undefined): string {
  if (!unicode || unicode === domain) return domain;
  if (canRender(unicode)) return `${domain} (${unicode})`;
  return `${domain} (internationalised name; Unicode form not printable in this report)`;
}
