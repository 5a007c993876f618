import { describe, expect, it } from 'vitest';
import { splitFullName } from './full-name.ts';

describe('splitFullName (auth.md §5)', () => {
  it('takes the first word as the first name and joins the rest as the last name', () => {
    expect(splitFullName('Ana María de la Cruz')).toEqual({
      firstName: 'Ana',
      lastName: 'María de la Cruz',
    });
  });

  it('handles one word, extra white space and non-Latin names', () => {
    expect(splitFullName('Cher')).toEqual({ firstName: 'Cher', lastName: '' });
    expect(splitFullName('  Grace \t Brewster   Hopper ')).toEqual({
      firstName: 'Grace',
      lastName: 'Brewster Hopper',
    });
    expect(splitFullName('山田\u3000花子')).toEqual({ firstName: '山田', lastName: '花子' });
    expect(splitFullName('')).toEqual({ firstName: '', lastName: '' });
  });
});
