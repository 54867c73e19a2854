/**
 * CSV as the feeds publish it (RFC 4180: quoted fields, `""` for a quote, commas and line breaks
 * inside quotes, LF or CRLF), read with csv-parse. A record that cannot be read (broken quoting)
 * is skipped and counted instead of failing the whole feed; `#` lines are comments only at the
 * start of a line, never inside a URL.
 */
import { parse } from "csv-parse/sync";
import { withoutBom } from "./types.ts";

export interface CsvRows {
  rows: string[][];
  /** Records csv-parse could not read. */
  broken: number;
}

export function csvRows(text: string, opts: { comments?: boolean } = {}): CsvRows {
  let broken = 0;
  const rows = parse(withoutBom(text), {
    comment: opts.comments ? "#" : undefined,
    comment_no_infix: opts.comments ? true : undefined,
    relax_column_count: true,
    relax_quotes: false,
    skip_empty_lines: true,
    skip_records_with_error: true,
    on_skip: () => {
      broken++;
      return undefined;
    },
  }) as string[][];
  return { rows, broken };
}
