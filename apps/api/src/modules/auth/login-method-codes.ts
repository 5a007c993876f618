// auth.md §3 login method codes, shared by "complete the login" and account switching.
/** auth.md §3 "Numeric login method codes". */
export const LOGIN_METHOD_CODES = {
  email: 1,
  facebook: 2,
  google: 3,
  google_one_tap: 4,
  smartlock: 5,
  multifactor: 6,
  switch_account: 7,
  line: 8,
  sso: 9,
} as const;
