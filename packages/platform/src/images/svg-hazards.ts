// What makes an SVG expensive to draw whatever its size: filter effects (a 4.6 KB logo of stacked
// blurs and morphologies took a minute of CPU in librsvg, and libvips cannot interrupt it), and
// markup that hides them from a text check (entities, character references, CSS escapes). Such SVGs
// are refused before anything draws them; a logo without them draws in milliseconds.

/** SVGs with more elements than this are refused (a logo has dozens to a few thousand). */
const MAX_SVG_ELEMENTS = 10_000;

const codePoint = (n: number) => (n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : "");

/** The SVG text with XML character references and CSS escapes decoded, as a renderer would read names. */
function decoded(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);?/gi, (_, h: string) => codePoint(parseInt(h, 16)))
    .replace(/&#([0-9]+);?/g, (_, d: string) => codePoint(Number(d)))
    .replace(/\\([0-9a-f]{1,6})\s?/gi, (_, h: string) => codePoint(parseInt(h, 16)))
    .replace(/\\(.)/g, "$1")
    .replace(/\0/g, "");
}

/** Why this SVG is refused before drawing, or null when it may be drawn. */
export function svgHazard(bytes: Buffer): string | null {
  const text = bytes.toString("utf8");
  if (/<!ENTITY/i.test(text)) return "The SVG declares XML entities";
  // Any mention of a filter, as an element (<filter>, <feGaussianBlur>...), attribute or CSS property.
  if (/filter|<\s*([\w-]+:)?fe[A-Z]/i.test(decoded(text)))
    return "The SVG uses filter effects, which can take minutes to draw; use a version without filters, or a PNG";
  const elements = text.match(/<[A-Za-z]/g)?.length ?? 0;
  if (elements > MAX_SVG_ELEMENTS)
    return `The SVG has ${elements.toLocaleString("en")} elements; at most ${MAX_SVG_ELEMENTS.toLocaleString("en")} are accepted`;
  return null;
}
