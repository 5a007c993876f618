import { describe, expect, it } from 'vitest';
import {
  EMAIL_COPY,
  EMAIL_MAX_LENGTH,
  isEmailSyntaxValid,
  isKnownBadEmail,
  isPrintableAscii,
  splitEmail,
  validateEmail,
} from './email.ts';

describe('isEmailSyntaxValid', () => {
  it.each([
    'a@b.co',
    'first.last@example.com',
    'first+tag@example.co.uk',
    "o'brien@example.ie",
    'user_name-1@sub-domain.example.org',
    'x@xn--bcher-kva.example',
    'x@example.xn--p1ai',
    '1234@163.com',
    "!#$%&'*+/=?^_`{|}~-@example.com",
    `${'a'.repeat(64)}@example.com`,
  ])('accepts %s', (email) => {
    expect(isEmailSyntaxValid(email)).toBe(true);
  });

  it.each([
    ['no at sign', 'userexample.com'],
    ['two at signs', 'a@b@example.com'],
    ['empty local part', '@example.com'],
    ['empty domain', 'user@'],
    ['bare host', 'user@localhost'],
    ['leading dot in local part', '.user@example.com'],
    ['trailing dot in local part', 'user.@example.com'],
    ['double dot in local part', 'us..er@example.com'],
    ['space in local part', 'us er@example.com'],
    ['quoted local part', '"user"@example.com'],
    ['empty domain label', 'user@example..com'],
    ['trailing dot in domain', 'user@example.com.'],
    ['leading hyphen in label', 'user@-example.com'],
    ['trailing hyphen in label', 'user@example-.com'],
    ['underscore in domain', 'user@exa_mple.com'],
    ['numeric top-level domain', 'user@example.123'],
    ['one-letter top-level domain', 'user@example.c'],
    ['IP literal', 'user@[127.0.0.1]'],
    ['local part over 64', `${'a'.repeat(65)}@example.com`],
    ['label over 63', `user@${'a'.repeat(64)}.com`],
    ['non-ASCII local part', 'jos\u00e9@example.com'],
    ['non-ASCII domain', 'user@b\u00fccher.de'],
  ])('rejects %s', (_label, email) => {
    expect(isEmailSyntaxValid(email)).toBe(false);
  });

  it('accepts exactly 254 characters and rejects 255', () => {
    const domain = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.com`;
    const fits = `${'u'.repeat(EMAIL_MAX_LENGTH - domain.length - 1)}@${domain}`;
    expect(fits).toHaveLength(254);
    expect(isEmailSyntaxValid(fits)).toBe(true);
    expect(isEmailSyntaxValid(`u${fits}`)).toBe(false);
  });
});

describe('isKnownBadEmail', () => {
  it.each([
    'someone@gmial.com',
    'someone@gmail.co',
    'someone@GMAIL.CO',
    'someone@hotmial.com',
    'someone@yaho.com',
    'someone@outlok.com',
    'someone@icloud.co',
    'someone@example.con',
    'someone@company.co.cmo',
    'test@test.com',
    'Email@Email.com',
  ])('flags %s', (email) => {
    expect(isKnownBadEmail(email)).toBe(true);
  });

  it.each([
    'someone@gmail.com',
    'someone@yahoo.co.uk',
    'someone@hotmail.com',
    'test@example.com',
    'someone@co.com',
  ])('passes %s', (email) => {
    expect(isKnownBadEmail(email)).toBe(false);
  });
});

describe('validateEmail', () => {
  it('accepts a normal address, ignoring surrounding spaces', () => {
    expect(validateEmail('  someone@example.com ')).toBeNull();
  });

  it.each([undefined, null, '', '   '])('says "required" for %j', (value) => {
    expect(validateEmail(value)).toEqual({
      reason: 'required',
      copyKey: 'required',
      message: EMAIL_COPY.required,
    });
  });

  it('uses the email-collection sentence on that step', () => {
    expect(validateEmail('', { step: 'email_collection' })).toEqual({
      reason: 'required',
      copyKey: 'collectionRequired',
      message: 'Email is required',
    });
  });

  it.each([
    ['not_ascii', 'jos\u00e9@example.com'],
    ['too_long', `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`],
    ['malformed', 'someone@'],
    ['malformed', 'someone'],
    ['known_bad', 'someone@gmial.com'],
    ['known_bad', 'test@test.com'],
  ])('fails with %s for %s, always with the spec sentence', (reason, email) => {
    expect(validateEmail(email)).toEqual({
      reason,
      copyKey: 'invalid',
      message: "Hmm...that doesn't look like an email address.",
    });
  });
});

describe('helpers', () => {
  it('isPrintableAscii accepts space to tilde only', () => {
    expect(isPrintableAscii(' ~azAZ09!?$')).toBe(true);
    expect(isPrintableAscii('tab\there')).toBe(false);
    expect(isPrintableAscii('caf\u00e9')).toBe(false);
    expect(isPrintableAscii('\u{1F600}')).toBe(false);
  });

  it('splitEmail needs exactly one @', () => {
    expect(splitEmail('a@b.c')).toEqual({ local: 'a', domain: 'b.c' });
    expect(splitEmail('ab.c')).toBeNull();
    expect(splitEmail('a@b@c')).toBeNull();
  });

  it('keeps the spec copy exact', () => {
    expect(EMAIL_COPY).toEqual({
      required: "You missed a spot! Don't forget to add your email.",
      invalid: "Hmm...that doesn't look like an email address.",
      collectionRequired: 'Email is required',
      serverInvalid: "Sorry, this doesn't look like a valid email",
      signupInvalid: 'Your email is invalid.',
      containsProductName: 'Please stick to your name, or the name of your brand',
    });
  });
});
