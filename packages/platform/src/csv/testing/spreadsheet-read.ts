/**
 * Reads CSV the way a spreadsheet does (RFC 4180 quoting), with the list separator of the reader's
 * locale (`,`, or `;` in much of Europe), so tests can see which cells a user's spreadsheet would
 * show, and whether any of them would start as a formula.
 */
export function readAsSpreadsheet(text: string, separator: "," | ";"): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted && ch === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && ch === '"') {
      quoted = false;
    } else if (quoted) {
      cell += ch;
    } else if (ch === '"') {
      quoted = true;
    } else if (ch === separator) {
      row.push(cell);
      cell = "";
    } else if (ch === "\n" || (ch === "\r" && text[i + 1] === "\n")) {
      if (ch === "\r") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else {
      cell += ch;
    }
  }
  if (cell !== "" || row.length) rows.push([...row, cell]);
  return rows;
}

/** A cell a spreadsheet would evaluate as a formula (or DDE command). */
export const startsAsFormula = (cell: string): boolean => /^[=+\-@\t\r]/.test(cell);
