import { describe, expect, it } from 'vitest';
import { validateVerificationCode } from './verification-code.ts';

describe('validateVerificationCode', () => {
  it('accepts six digits, ignoring spaces between groups', () => {
    expect(validateVerificationCode('123456')).toBeNull();
    expect(validateVerificationCode(' 123 456 ')).toBeNull();
  });

  it('accepts a backup code (ten letters and digits without look-alikes, ADR 041)', () => {
    expect(validateVerificationCode('ab3de5ghjk')).toBeNull();
    expect(validateVerificationCode('AB3DE 5GHJK')).toBeNull();
  });

  it.each([undefined, null, '', '   '])('requires a code (%j)', (value) => {
    expect(validateVerificationCode(value)).toEqual({
      reason: 'required',
      message: "You missed a spot! Don't forget to add your verification code.",
    });
  });

  it.each(['12345', '1234567', '12a456', '１２３４５６', 'ab3de5ghj1', 'abcdefghijk'])(
    'rejects %s',
    (value) => {
      expect(validateVerificationCode(value)).toEqual({
        reason: 'malformed',
        message: "Hmm...that doesn't look like a verification code.",
      });
    },
  );
});
