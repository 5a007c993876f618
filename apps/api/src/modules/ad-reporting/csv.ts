// CSV for the report export (RFC 4180: comma-separated, CRLF line ends, a field quoted when it
// holds a comma, a quote or a line break, quotes doubled), safe to open in a spreadsheet: a cell
// beginning with = + - @ (or a tab or carriage return, which some spreadsheets skip before
// reading a formula) gets a leading apostrophe so it is text, not a formula (OWASP "CSV
// injection"; docs/decisions/152).

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: neutralised when it could start a formula, then quoted when it must be. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF-terminated. */
export function csvLine(values: readonly (string | number | null)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/**
 * A Content-Disposition value for a download: the ASCII name (anything else becomes '_') plus
 * the RFC 5987 UTF-8 form.
 */
export function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^A-Za-z0-9._-]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
