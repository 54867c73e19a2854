import { createReadStream } from "node:fs";
import path from "node:path";
import { gunzipIfGzip } from "./decompress.ts";
import { lineBatches } from "./line-batches.ts";
import { createMasterFileReader } from "./master-file.ts";
import { nameOfListLine } from "./name-list.ts";

/**
 * The names a zone file or a list holds, as batches, read as a stream (a `.com` zone is about 160
 * million names: never whole in memory). The format is told by the name: `<tld>.txt` (and
 * `.txt.gz`, `.list`) is a list of names, one a line; anything else is an RFC 1035 master file
 * whose origin is the file's TLD (`com.zone` -> `com`). Gzip is told by its magic bytes.
 * `skipped` counts the lines that were no record or no name, once the batches are read.
 */
export type NameFormat = "zone" | "list";

export interface NameSource {
  batches: AsyncIterable<string[]>;
  /** Unreadable lines skipped so far. */
  readonly skipped: number;
  /** Lines read so far. */
  readonly lines: number;
}

/** `com.zone.gz` -> { key: "com.zone", zone: "com", format: "zone" }; null for a file that is neither. */
export function zoneFileName(file: string): { key: string; zone: string; format: NameFormat } | null {
  const base = path.basename(file).toLowerCase();
  const m = /^([a-z0-9-]+(?:\.[a-z0-9-]+)*)\.(zone|txt|list)(\.gz)?$/.exec(base);
  if (!m) return null;
  return { key: `${m[1]}.${m[2]}`, zone: m[1]!, format: m[2] === "zone" ? "zone" : "list" };
}

/** The format a path is read as: a list for .txt/.list(.gz), a master file otherwise. */
function formatOf(file: string): NameFormat {
  return /\.(txt|list)(\.gz)?$/i.test(file) ? "list" : "zone";
}

/** Names of a byte stream in `format`. */
export function namesOf(
  bytes: AsyncIterable<Buffer>,
  format: NameFormat,
  opts: { origin?: string } = {},
): NameSource {
  let skipped = 0;
  let lines = 0;
  const reader = format === "zone" ? createMasterFileReader({ origin: opts.origin }) : null;
  async function* batches(): AsyncGenerator<string[]> {
    for await (const batch of lineBatches(gunzipIfGzip(bytes))) {
      lines += batch.length;
      const out: string[] = [];
      if (reader) {
        for (const line of batch) {
          const name = reader.line(line);
          if (name !== null) out.push(name);
        }
        skipped = reader.skipped;
      } else {
        for (const line of batch) {
          try {
            const name = nameOfListLine(line);
            if (name !== null) out.push(name);
          } catch {
            skipped++;
          }
        }
      }
      if (out.length) yield out;
    }
  }
  return {
    batches: batches(),
    get skipped() {
      return skipped;
    },
    get lines() {
      return lines;
    },
  };
}

/** Names of a file: format from its name (or given), origin from its TLD. A read error names the file. */
export function namesOfFile(file: string, format: NameFormat = formatOf(file)): NameSource {
  const origin = format === "zone" ? (zoneFileName(file)?.zone ?? "") : undefined;
  const source = namesOf(createReadStream(file, { highWaterMark: 1 << 20 }), format, { origin });
  async function* named(): AsyncGenerator<string[]> {
    try {
      yield* source.batches;
    } catch (err) {
      throw new Error(`${file}: ${(err as Error).message}`, { cause: err });
    }
  }
  return {
    batches: named(),
    get skipped() {
      return source.skipped;
    },
    get lines() {
      return source.lines;
    },
  };
}
