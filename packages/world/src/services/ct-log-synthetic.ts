import type { WorldCa } from "../tls/ca.ts";
import { buildCtEntry, type CtEntrySpec, type CtLogEntry } from "./ct-log-entries.ts";

// Leaves in bulk, for benchmarks (a million-entry log): building and signing a certificate takes
// about a millisecond, so one real entry is built per shape (entry type and name lengths) and every
// further entry of that shape is a copy with its names and timestamp written over the
// placeholders. The DER stays well formed (same lengths); an x509_entry's signature no longer
// verifies, which no CT monitor checks.

const PLACEHOLDER_CHARS = "qjxzvkwy";

function placeholder(j: number, length: number): string {
  const c = PLACEHOLDER_CHARS[j % PLACEHOLDER_CHARS.length]!;
  return `${c.repeat(Math.max(1, length - 4 - Math.floor(j / PLACEHOLDER_CHARS.length)))}${"0".repeat(Math.floor(j / PLACEHOLDER_CHARS.length))}.com`;
}

interface Template {
  leaf: Buffer;
  extra: string;
  /** Byte offsets of each name's occurrences in the leaf. */
  at: number[][];
}

function occurrences(buf: Buffer, needle: Buffer): number[] {
  const out: number[] = [];
  for (let i = buf.indexOf(needle); i >= 0; i = buf.indexOf(needle, i + 1)) out.push(i);
  return out;
}

/** Builds entries fast for specs whose names are at least 5 characters long. */
export function syntheticEntries(ca: WorldCa): (spec: CtEntrySpec) => CtLogEntry {
  const templates = new Map<string, Template>();
  return (spec) => {
    if (spec.bad || spec.names.some((n) => n.length < 5 || Buffer.byteLength(n) !== n.length))
      return buildCtEntry(ca, spec);
    const key = `${spec.precert ? "p" : "x"}|${spec.names.map((n) => n.length).join(",")}`;
    let t = templates.get(key);
    if (!t) {
      const holders = spec.names.map((n, j) => placeholder(j, n.length));
      if (holders.some((h, j) => h.length !== spec.names[j]!.length)) return buildCtEntry(ca, spec);
      const built = buildCtEntry(ca, { ...spec, names: holders });
      const leaf = Buffer.from(built.leaf_input, "base64");
      t = { leaf, extra: built.extra_data, at: holders.map((h) => occurrences(leaf, Buffer.from(h))) };
      if (t.at.some((a) => a.length === 0)) return buildCtEntry(ca, spec);
      templates.set(key, t);
    }
    const leaf = Buffer.from(t.leaf);
    leaf.writeBigUInt64BE(BigInt(spec.timestamp), 2);
    spec.names.forEach((n, j) => {
      for (const pos of t.at[j]!) leaf.write(n, pos, "latin1");
    });
    return { leaf_input: leaf.toString("base64"), extra_data: t.extra };
  };
}
