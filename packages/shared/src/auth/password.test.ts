import { describe, expect, it } from 'vitest';
import {
  PASSWORD_COPY,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_MIN_LENGTH_INCREASED,
  passwordMinLength,
  validatePassword,
} from './password.ts';

const rules = { minLength: PASSWORD_MIN_LENGTH };
const isListed = (password: string) => ['password', 'qwerty123'].includes(password.toLowerCase());

describe('passwordMinLength', () => {
  it('is 6, or 8 under web_increased_min_password_length', () => {
    expect(passwordMinLength(false)).toBe(6);
    expect(passwordMinLength(true)).toBe(8);
    expect(PASSWORD_MIN_LENGTH).toBe(6);
    expect(PASSWORD_MIN_LENGTH_INCREASED).toBe(8);
  });
});

describe('validatePassword', () => {
  it('accepts a fine password', () => {
    expect(
      validatePassword('tulip-garden', {
        ...rules,
        email: 'jane@example.com',
        username: 'jane',
        isCommonPassword: isListed,
      }),
    ).toBeNull();
  });

  it.each([undefined, null, ''])('requires a password (%j)', (password) => {
    expect(validatePassword(password, rules)?.reason).toBe('required');
  });

  it('counts the minimum length from the rules, with the spec sentence filled in', () => {
    expect(validatePassword('abcde', rules)).toEqual({
      reason: 'too_short',
      copyKey: 'tooShort',
      message: 'Your password is too short! You need 6+ characters.',
    });
    expect(validatePassword('abcdef', rules)).toBeNull();
    expect(validatePassword('abcdefg', { minLength: 8 })?.message).toBe(
      'Your password is too short! You need 8+ characters.',
    );
    expect(validatePassword('abcdefgh', { minLength: 8 })).toBeNull();
  });

  it('keeps the i18next placeholder in the copy constant', () => {
    expect(PASSWORD_COPY.tooShort).toBe(
      'Your password is too short! You need {{minPasswordLength}}+ characters.',
    );
  });

  it('caps the length', () => {
    expect(validatePassword('a'.repeat(PASSWORD_MAX_LENGTH), rules)).toBeNull();
    expect(validatePassword('a'.repeat(PASSWORD_MAX_LENGTH + 1), rules)).toMatchObject({
      reason: 'too_long',
      message: 'Your password is too long! Use 128 characters or fewer.',
    });
  });

  it.each(['p\u00e4ssword', 'password\u00a0x', 'pass\tword', 'pass\nword', 'password\u{1F600}'])(
    'rejects characters outside printable ASCII (%j)',
    (password) => {
      expect(validatePassword(password, rules)).toEqual({
        reason: 'not_ascii',
        copyKey: 'notAscii',
        message:
          'Use only a mix of letters, numbers and special characters (for example: ?, !, $).',
      });
    },
  );

  it('allows every printable ASCII character, space included', () => {
    let all = '';
    for (let code = 0x20; code <= 0x7e; code += 1) all += String.fromCharCode(code);
    expect(validatePassword(all, rules)).toBeNull();
    expect(validatePassword('  ab  cd  ', rules)).toBeNull();
  });

  it('checks ASCII before length, so a short non-ASCII password gets the ASCII sentence', () => {
    expect(validatePassword('\u00e9', rules)?.reason).toBe('not_ascii');
  });

  it.each([
    ['the email', 'jane.doe@example.com', { email: 'jane.doe@example.com' }],
    ['the email, case-insensitively', 'JANE.DOE@example.com', { email: 'jane.doe@Example.com' }],
    ["the email's local part", 'Jane.Doe', { email: 'jane.doe@example.com' }],
    ['the username', 'janedoe99', { username: 'JaneDoe99' }],
  ])('rejects a password equal to %s', (_label, password, identity) => {
    expect(validatePassword(password, { ...rules, ...identity })).toEqual({
      reason: 'same_as_identity',
      copyKey: 'sameAsIdentity',
      message: 'Please make your username and password different.',
    });
  });

  it('only rejects equality, not containment', () => {
    expect(
      validatePassword('janedoe99!', {
        ...rules,
        username: 'janedoe99',
        email: 'janedoe99@example.com',
      }),
    ).toBeNull();
  });

  it('ignores empty identity values', () => {
    expect(validatePassword('secret-ish', { ...rules, email: '', username: '  ' })).toBeNull();
    expect(validatePassword('secret-ish', { ...rules, email: null, username: null })).toBeNull();
  });

  it('rejects listed passwords through the injected predicate only', () => {
    expect(validatePassword('Password', { ...rules, isCommonPassword: isListed })).toEqual({
      reason: 'common',
      copyKey: 'common',
      message: 'Please make a stronger password.',
    });
    expect(validatePassword('Password', rules)).toBeNull();
  });

  it('reports identity before the list', () => {
    expect(
      validatePassword('password', { ...rules, username: 'password', isCommonPassword: isListed })
        ?.reason,
    ).toBe('same_as_identity');
  });

  it('keeps the spec copy exact', () => {
    expect(PASSWORD_COPY.sameAsIdentity).toBe('Please make your username and password different.');
    expect(PASSWORD_COPY.common).toBe('Please make a stronger password.');
    expect(PASSWORD_COPY.loginIncorrect).toBe('The password you entered is incorrect.');
    expect(PASSWORD_COPY.loginIncorrectWithReset).toBe(
      'The password you entered is incorrect. Try again or Reset your password',
    );
  });
});
