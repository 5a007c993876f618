/** auth.md §9: modal width 484 px (489 for two-factor), 480 for the business login. */
export const AUTH_MODAL_WIDTH = 484;
export const AUTH_MFA_MODAL_WIDTH = 489;
export const BUSINESS_LOGIN_WIDTH = 480;
/** auth.md §9: form width 268 px (the Google button is drawn at this width too). */
export const AUTH_FORM_WIDTH = 268;
