// The shared validators name their sentence by copy key (packages/shared/src/auth); these map
// each to the auth catalogue, whose English text a test holds equal to the shared constants.
import type { BirthdayCopyKey } from '@corkboard/shared/auth/birthday';
import type { EmailCopyKey } from '@corkboard/shared/auth/email';
import type { PasswordCopyKey } from '@corkboard/shared/auth/password';
import type { AuthKey } from './authCatalogue.ts';

export const EMAIL_COPY_KEYS: Record<EmailCopyKey, AuthKey> = {
  required: 'validation.email.required',
  invalid: 'validation.email.invalid',
  collectionRequired: 'validation.email.collectionRequired',
  serverInvalid: 'validation.email.serverInvalid',
  signupInvalid: 'validation.email.signupInvalid',
  containsProductName: 'validation.email.containsProductName',
};

export const PASSWORD_COPY_KEYS: Record<PasswordCopyKey, AuthKey> = {
  required: 'validation.password.required',
  tooShort: 'validation.password.tooShort',
  tooLong: 'validation.password.tooLong',
  sameAsIdentity: 'validation.password.sameAsIdentity',
  common: 'validation.password.common',
  notAscii: 'validation.password.notAscii',
  loginIncorrect: 'validation.password.loginIncorrect',
  loginIncorrectWithReset: 'errors.incorrectPassword',
};

export const BIRTHDAY_COPY_KEYS: Record<BirthdayCopyKey, AuthKey> = {
  required: 'validation.birthday.required',
  invalid: 'validation.birthday.invalid',
  underAge: 'validation.birthday.underAge',
  overAge: 'validation.birthday.overAge',
  missingAge: 'validation.birthday.missingAge',
};
