/**
 * One CSV writer for every export (web findings export, CLI `--format csv`).
 *
 * Cells hold text a phisher controls (page titles, registrars, domains), so:
 * - every cell is quoted (RFC 4180, `"` doubled), which keeps a `;` or `,` inside
 *   the cell whatever list separator the spreadsheet's locale uses;
 * - text starting with `=`, `+`, `-`, `@`, TAB or CR gets a leading `'` so a
 *   spreadsheet shows it as text instead of running it as a formula (OWASP CSV injection).
 * Numbers are written as they are: a JS number cannot hold a formula, and `-15`
 * must stay a number for sorting.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

/** Cell text: null/undefined are empty, lists and objects become JSON text. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** One escaped, quoted cell. */
export function csvCell(value: unknown): string {
  const text = cellText(value);
  const inert =
    typeof value !== "number" && typeof value !== "bigint" && FORMULA_START.test(text) ? `'${text}` : text;
  return `"${inert.replace(/"/g, '""')}"`;
}

/** One record: quoted cells joined by commas, ended by CRLF (newlines inside cells stay inside quotes). */
export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

/** A whole document: a header line of `columns`, then one line per row. */
export function toCsv(columns: readonly string[], rows: Iterable<readonly unknown[]>): string {
  let out = csvLine(columns);
  for (const row of rows) out += csvLine(row);
  return out;
}

/** A document of flat records; the columns are the first record's keys (empty input gives ""). */
export function recordsToCsv(records: ReadonlyArray<Record<string, unknown>>): string {
  if (records.length === 0) return "";
  const columns = Object.keys(records[0]!);
  return toCsv(
    columns,
    records.map((r) => columns.map((c) => r[c])),
  );
}
