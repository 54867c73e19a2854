/**
 * Reads an RFC 1035 master file (a zone file) line by line and tells which owner names are
 * delegated: the owners of NS records below the zone's apex, the names a registry's zone lists
 * (ICANN CZDS files: `name. TTL in ns host.`, fully qualified, one record a line). Also the rest
 * of the format that hand-written and exported zones use: `$ORIGIN` and `$TTL`, relative owner
 * names and `@`, a blank owner (the previous record's), `;` comments, records that run over several
 * lines in parentheses, any letter case, TTL and class in either order. The apex is the SOA
 * record's owner (else the origin the reader starts from); NS records at the apex, glue A/AAAA
 * records of name servers, DS, NSEC, RRSIG and the rest are not delegations. A line that is no
 * record is counted and skipped, never fatal. One reader per file; state is the origin, the
 * previous owner and an unfinished parenthesised record.
 */

/** Record types a zone holds; anything else in the type position makes the line unreadable. */
const RR_TYPES = new Set(
  (
    "a aaaa afsdb apl caa cdnskey cds cert cname csync dhcid dlv dname dnskey ds eui48 eui64 hinfo " +
    "hip https ipseckey key kx loc mb mg minfo mr mx naptr ns nsec nsec3 nsec3param null nxt openpgpkey " +
    "ptr rp rrsig rt sig smimea soa spf srv sshfp svcb ta tkey tlsa tsig txt uri wks x25 zonemd lp nid l32 l64"
  ).split(" "),
);
const CLASSES = new Set(["in", "ch", "hs", "cs"]);
const TTL = /^(\d+[smhdw]?)+$/i;
/** Owner names we hand on: LDH labels (and `_`, which registries do not delegate but zones hold). */
const NAME = /^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/;

export interface MasterFileReader {
  /** The delegated name this line makes known, or null (not a delegation, or not a whole record yet). */
  line(text: string): string | null;
  /** Lines that were no record (and directives not understood), skipped. */
  readonly skipped: number;
}

export function createMasterFileReader(opts: { origin?: string } = {}): MasterFileReader {
  let origin = normalize(opts.origin ?? "");
  let apex: string | null = null;
  let previousOwner: string | null = null;
  let lastEmitted: string | null = null;
  let skipped = 0;
  /** A record whose parentheses are still open: its text so far, and how deep. */
  let pending: string | null = null;
  let depth = 0;

  function absolute(name: string): string | null {
    if (name === "@") return origin;
    if (name.endsWith(".")) return normalize(name);
    const lower = name.toLowerCase();
    return origin ? `${lower}.${origin}` : lower;
  }

  function directive(tokens: string[]): void {
    const name = tokens[0]!.toUpperCase();
    if (name === "$ORIGIN" && tokens[1]) {
      const next = absolute(tokens[1]);
      if (next !== null) origin = next;
    } else if (name !== "$TTL") skipped++; // $INCLUDE, $GENERATE: not followed
  }

  function record(text: string, blankOwner: boolean): string | null {
    const tokens = text.split(/[ \t]+/).filter(Boolean);
    if (!tokens.length) return null;
    if (tokens[0]!.startsWith("$")) {
      directive(tokens);
      return null;
    }
    let i = 0;
    let owner: string | null;
    if (blankOwner) owner = previousOwner;
    else owner = absolute(tokens[i++]!);
    // TTL and class, either order, both optional.
    for (let k = 0; k < 2 && i < tokens.length; k++) {
      const t = tokens[i]!;
      if (TTL.test(t) || CLASSES.has(t.toLowerCase())) i++;
    }
    const type = tokens[i]?.toLowerCase();
    if (owner === null || !type || !(RR_TYPES.has(type) || /^type\d+$/.test(type))) {
      skipped++;
      return null;
    }
    previousOwner = owner;
    if (type === "soa") {
      apex ??= owner;
      return null;
    }
    if (type !== "ns") return null;
    const top = apex ?? origin;
    if (owner === top || !isBelow(owner, top) || !NAME.test(owner)) return null;
    // A domain's NS records come together: one name per run.
    if (owner === lastEmitted) return null;
    lastEmitted = owner;
    return owner;
  }

  return {
    get skipped() {
      return skipped;
    },
    line(raw) {
      // Fast path: a CZDS line has no comment, quote or parenthesis.
      const plain = !/[;"()]/.test(raw);
      if (pending === null) {
        if (plain) return record(raw, raw.length > 0 && (raw[0] === " " || raw[0] === "\t"));
        const { text, opened } = scan(raw);
        const blank = raw.length > 0 && (raw[0] === " " || raw[0] === "\t");
        if (opened > 0) {
          pending = (blank ? " " : "") + text;
          depth = opened;
          return null;
        }
        if (opened < 0) {
          skipped++;
          return null;
        }
        return text.trim() ? record(blank ? ` ${text}` : text, blank) : null;
      }
      const { text, opened } = plain ? { text: raw, opened: 0 } : scan(raw);
      pending += ` ${text}`;
      depth += opened;
      if (depth > 0) return null;
      const whole = pending;
      const closedTooOften = depth < 0;
      pending = null;
      depth = 0;
      if (closedTooOften) {
        skipped++;
        return null;
      }
      const blank = whole.startsWith(" ");
      return record(whole, blank);
    },
  };
}

/** A line without its comment, parentheses as spaces, and how many parentheses it leaves open. */
function scan(line: string): { text: string; opened: number } {
  let out = "";
  let opened = 0;
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === "\\") {
        out += c + (line[++i] ?? "");
        continue;
      }
      if (c === '"') quoted = false;
      out += c;
      continue;
    }
    if (c === ";") break;
    if (c === '"') quoted = true;
    if (c === "(" || c === ")") {
      opened += c === "(" ? 1 : -1;
      out += " ";
      continue;
    }
    out += c;
  }
  return { text: out, opened };
}

function normalize(name: string): string {
  const lower = name.toLowerCase();
  return lower === "." ? "" : lower.endsWith(".") ? lower.slice(0, -1) : lower;
}

function isBelow(name: string, apex: string): boolean {
  return apex === "" ? name.length > 0 : name.endsWith(`.${apex}`);
}
