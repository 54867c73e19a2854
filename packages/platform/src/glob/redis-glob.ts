/**
 * Redis-style glob matching (`*`, `?`, `[abc]`, `[^a-z]`, `\` escapes), shared by the in-memory
 * bus and key-value store so that their pattern semantics match Redis exactly in the common cases.
 */
const cache = new Map<string, RegExp>();

function globToRegExp(pattern: string): RegExp {
  const cached = cache.get(pattern);
  if (cached) return cached;
  let out = "^";
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i] as string;
    if (ch === "*") out += "[\\s\\S]*";
    else if (ch === "?") out += "[\\s\\S]";
    else if (ch === "\\" && i + 1 < pattern.length) out += escapeRegExp(pattern[++i] as string);
    else if (ch === "[") {
      const end = findClassEnd(pattern, i);
      // Redis treats an unterminated class as running to the end of the pattern.
      out += translateClass(pattern.slice(i + 1, end));
      i = end;
    } else out += escapeRegExp(ch);
  }
  const re = new RegExp(out + "$");
  // Patterns come from code, not users, so the cache stays small; bound it anyway.
  if (cache.size > 1000) cache.clear();
  cache.set(pattern, re);
  return re;
}

export function globMatch(pattern: string, value: string): boolean {
  return globToRegExp(pattern).test(value);
}

/** Escapes glob metacharacters so a literal prefix can be prepended to a pattern. */
export function escapeGlob(literal: string): string {
  return literal.replace(/[*?[\]\\]/g, (c) => "\\" + c);
}

function findClassEnd(pattern: string, start: number): number {
  let i = start + 1;
  while (i < pattern.length) {
    if (pattern[i] === "\\") i += 2;
    else if (pattern[i] === "]") return i;
    else i++;
  }
  return pattern.length;
}

function translateClass(body: string): string {
  let negate = false;
  if (body.startsWith("^")) {
    negate = true;
    body = body.slice(1);
  }
  let out = "";
  for (let i = 0; i < body.length; i++) {
    let ch = body[i] as string;
    if (ch === "\\" && i + 1 < body.length) ch = body[++i] as string;
    if (body[i + 1] === "-" && i + 2 < body.length) {
      let hi = body[i + 2] as string;
      let skip = 2;
      if (hi === "\\" && i + 3 < body.length) {
        hi = body[i + 3] as string;
        skip = 3;
      }
      // Redis accepts reversed ranges ([z-a]); normalise so RegExp does too.
      const [a, b] = ch <= hi ? [ch, hi] : [hi, ch];
      out += escapeClassChar(a) + "-" + escapeClassChar(b);
      i += skip;
    } else out += escapeClassChar(ch);
  }
  if (out === "") return negate ? "[\\s\\S]" : "[^\\s\\S]";
  return (negate ? "[^" : "[") + out + "]";
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

function escapeClassChar(c: string): string {
  return /[\]\\^-]/.test(c) ? "\\" + c : c;
}
