// docs/api-errors.md must list exactly the codes in ERROR_CODES, with the same numbers and HTTP
// statuses, so the documentation can never silently fall behind the registry.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@corkboard/shared/error-codes';

const DOC_PATH = new URL('../../../../docs/api-errors.md', import.meta.url);
const ROW = /^\|\s*(\d+)\s*\|\s*`([A-Z0-9_]+)`\s*\|\s*(\d{3})\s*\|\s*(.+?)\s*\|\s*$/;

interface DocRow {
  code: number;
  name: string;
  httpStatus: number;
  meaning: string;
}

function documentedRows(): DocRow[] {
  return readFileSync(DOC_PATH, 'utf8')
    .split('\n')
    .map((line) => ROW.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({
      code: Number(match[1]),
      name: match[2] ?? '',
      httpStatus: Number(match[3]),
      meaning: match[4] ?? '',
    }));
}

describe('docs/api-errors.md', () => {
  const rows = documentedRows();

  it('documents every registry code with its number and HTTP status, and nothing else', () => {
    const documented = rows
      .map(({ code, name, httpStatus }) => ({ code, name, httpStatus }))
      .sort((a, b) => a.code - b.code);
    const registry = Object.entries(ERROR_CODES)
      .map(([name, definition]) => ({
        code: definition.code,
        name,
        httpStatus: definition.httpStatus,
      }))
      .sort((a, b) => a.code - b.code);
    expect(documented).toEqual(registry);
  });

  it('gives every code a meaning and lists each number once', () => {
    expect(rows.every((row) => row.meaning.length > 10)).toBe(true);
    expect(new Set(rows.map((row) => row.code)).size).toBe(rows.length);
  });

  it('keeps registry numbers unique', () => {
    const codes = Object.values(ERROR_CODES).map((definition) => definition.code);
    expect(new Set(codes).size).toBe(codes.length);
  });
});
