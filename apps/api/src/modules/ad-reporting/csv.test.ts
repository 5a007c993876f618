import { describe, expect, it } from 'vitest';
import { attachmentDisposition, csvCell, csvLine } from './csv.ts';

describe('csvCell', () => {
  it('leaves plain text and numbers alone', () => {
    expect(csvCell('Lemon tart')).toBe('Lemon tart');
    expect(csvCell(1234)).toBe('1234');
    expect(csvCell('12.50')).toBe('12.50');
    expect(csvCell(null)).toBe('');
  });

  it.each([
    ['=HYPERLINK("http://evil.test")', `"'=HYPERLINK(""http://evil.test"")"`],
    ['+1+2', "'+1+2"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\r=1', `"'\r=1"`],
  ])('neutralises a cell that could start a formula: %j', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it('does not touch a formula character after the start', () => {
    expect(csvCell('Spring = sale')).toBe('Spring = sale');
    expect(csvCell('a@b.example')).toBe('a@b.example');
  });

  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('Tarts, pies')).toBe('"Tarts, pies"');
    expect(csvCell('The "best" tart')).toBe('"The ""best"" tart"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });
});

describe('csvLine', () => {
  it('joins cells with commas and ends with CRLF', () => {
    expect(csvLine(['1', 'A, B', 3, null])).toBe('1,"A, B",3,\r\n');
  });
});

describe('attachmentDisposition', () => {
  it('gives an ASCII filename and the UTF-8 form', () => {
    expect(attachmentDisposition('report_1.csv')).toBe(
      `attachment; filename="report_1.csv"; filename*=UTF-8''report_1.csv`,
    );
    expect(attachmentDisposition('café "x".csv')).toBe(
      `attachment; filename="caf___x_.csv"; filename*=UTF-8''caf%C3%A9%20%22x%22.csv`,
    );
  });
});
